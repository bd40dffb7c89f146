import { parseJsonText, type Actor, type ActorToggleList } from '@fovea/contract';
import { zeroActor } from '../mappers/actor.mapper';
import type { ActorEditEntry } from '../repositories/actor-edit-journal.repository';
import type { ActorFlagColumn, ActorWriteRepository } from '../repositories/actor-write.repository';
import { FULL_ACTOR, noActor, type ActorReader, type ActorShape } from './actor-reader.service';
import type { AkaService } from './aka.service';

/** The column each toggle list flips. */
const TOGGLE_COLUMNS: Record<ActorToggleList, ActorFlagColumn> = {
  favourite: 'favourite',
  watchlist: 'watchlist',
  needs_update: 'needs_update',
};

/** The strings of a JSON text holding an array; anything else is an empty list. */
export function stringList(text: string): string[] {
  const value = parseJsonText(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** An actor's flags and rating, its main image and image list, and deleting it. */
export class ActorCallService {
  constructor(
    private readonly reader: ActorReader,
    private readonly write: ActorWriteRepository,
    private readonly akaGroups: Pick<AkaService, 'refreshGroups'>,
  ) {}

  async toggle(actorId: number, list: ActorToggleList): Promise<void> {
    await this.write.transaction(async (tx) => {
      if (!(await tx.actors.row(actorId))) throw noActor(actorId);
      await tx.actors.flipFlag(actorId, TOGGLE_COLUMNS[list]);
    });
  }

  async rate(id: number, rating: number, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    if (!(await this.write.row(id))) throw noActor(id);
    await this.write.update(id, { star_rating: rating });
    return this.reader.reload(id, shape);
  }

  /**
   * Deletes the actor (cast links, aka memberships and external links go with it). The journal keeps a
   * "delete" entry under the actor's name; the aka groups it was in get their names and counts recomputed.
   * Answers the zero actor, as the reference does.
   */
  async delete(id: number): Promise<Actor> {
    const groups = await this.write.transaction(async (tx) => {
      const row = await tx.actors.row(id);
      if (!row) throw noActor(id);
      const akaIds = await tx.actors.akaIdsOf(id);
      await tx.journal.record(row, [{ changed_column: 'actor', new_value: row.name }], 'delete');
      await tx.actors.delete(id);
      return akaIds;
    });
    if (groups.length > 0) await this.akaGroups.refreshGroups(groups);
    return zeroActor();
  }

  /** Makes `url` the actor's main image (added to its image list when missing); journalled as "setimage". */
  async setImage(actorId: number, url: string, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    await this.write.transaction(async (tx) => {
      const row = await tx.actors.row(actorId);
      if (!row) throw noActor(actorId);
      const images = stringList(row.image_arr);
      const imageArr = images.includes(url) ? row.image_arr : JSON.stringify([url, ...images]);
      await tx.actors.update(actorId, { image_url: url, image_arr: imageArr });
      await tx.journal.record(row, [{ changed_column: 'image_url', new_value: url }], 'setimage');
    });
    return this.reader.reload(actorId, shape);
  }

  /**
   * Removes `url` from the actor's image list; when it was the main image, the first remaining image (or none)
   * takes its place. Journalled so a scrape does not bring the image back.
   */
  async deleteImage(actorId: number, url: string, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    await this.write.transaction(async (tx) => {
      const row = await tx.actors.row(actorId);
      if (!row) throw noActor(actorId);
      const images = stringList(row.image_arr).filter((image) => image !== url);
      const imageUrl = row.image_url === url ? (images[0] ?? '') : row.image_url;
      await tx.actors.update(actorId, { image_arr: JSON.stringify(images), image_url: imageUrl });
      await tx.journal.record(row, [{ changed_column: 'image_arr', new_value: url }], 'delete');
      if (imageUrl !== row.image_url) {
        const entry: ActorEditEntry = { changed_column: 'image_url', new_value: imageUrl };
        await tx.journal.record(row, [entry], 'setimage');
      }
    });
    return this.reader.reload(actorId, shape);
  }
}
