import type { Options, Scene } from '@fovea/contract';
import { BadRequestError, HttpError, NotFoundError } from '../http/http-errors';
import type {
  ActorPerformerLink,
  StashdbCastRow,
  StashdbLinkRepository,
} from '../repositories/stashdb-link.repository';
import { NO_STASHDB_KEY, stashdbApiKey } from '../stashdb/stashdb-api-key';
import { nameKeys, parseNameList, performerKeys, sharesKey } from '../stashdb/stashdb-names';
import {
  directLookupId,
  stashPerformerUrl,
  stashReleaseDate,
  stashSceneUrl,
} from '../stashdb/stashdb-scene-result';
import { StashdbError, type StashdbClient } from '../stashdb/stashdb.client';
import type { StashScene } from '../stashdb/stashdb.schemas';
import type { SceneReader } from './scene-reader.service';
import { noScene } from './scene.service';

export interface StashdbLinkDeps {
  client: Pick<StashdbClient, 'siteRoot' | 'findScene'>;
  repo: Pick<StashdbLinkRepository, 'scene' | 'cast' | 'linkScene'>;
  reader: Pick<SceneReader, 'get'>;
  options: { get(): Options };
}

/**
 * The cast actors recognised among a StashDB scene's performers: an actor whose name or alias, simplified,
 * is the performer's name, one of its aliases or the name it appears as. Each (performer, actor) pair once.
 */
export function recognisedCast(
  stash: StashScene,
  cast: readonly StashdbCastRow[],
  siteRoot: string,
): ActorPerformerLink[] {
  const actors = cast.map((actor) => ({
    actor: { id: actor.id, name: actor.name },
    keys: nameKeys([actor.name, ...parseNameList(actor.aliases)]),
  }));
  const links: ActorPerformerLink[] = [];
  const seen = new Set<string>();
  for (const { performer, as } of stash.performers ?? []) {
    const keys = performerKeys(performer, as);
    for (const { actor, keys: actorKeys } of actors) {
      const pair = `${performer.id}/${actor.id}`;
      if (seen.has(pair) || !sharesKey(keys, actorKeys)) continue;
      seen.add(pair);
      links.push({
        actor,
        performer: {
          external_id: performer.id,
          external_url: stashPerformerUrl(siteRoot, performer.id),
          external_date: null,
          external_data: JSON.stringify(performer),
        },
      });
    }
  }
  return links;
}

/**
 * GET /api/extref/stashdb/link2scene/{id}/{stashId} (xbvr-facts §3.8, §2.12): links a scene to a StashDB
 * scene by hand (match type 5), replacing any other scene that StashDB scene was linked to, and links the
 * cast actors StashDB lists to their performers (90). StashDB is asked first, so nothing is written when it
 * fails (502) or has no such scene (404); the writes share one transaction. Answers the scene as
 * GET /api/scene/{id} does.
 */
export class StashdbLinkService {
  constructor(private readonly deps: StashdbLinkDeps) {}

  async link(sceneId: number, stashIdOrUrl: string): Promise<Scene> {
    const { client, repo } = this.deps;
    const row = await repo.scene(sceneId);
    if (!row) throw noScene(sceneId);
    const key = stashdbApiKey(this.deps.options.get());
    if (key === null) throw new BadRequestError(NO_STASHDB_KEY);
    const stashId = directLookupId(stashIdOrUrl) ?? stashIdOrUrl.trim();

    let stash: StashScene | null;
    try {
      stash = await client.findScene(key, stashId, 'full');
    } catch (error) {
      if (!(error instanceof StashdbError)) throw error;
      throw new HttpError(502, `StashDB could not be asked for scene ${stashId}: ${error.message}`);
    }
    if (!stash) throw new NotFoundError(`StashDB has no scene ${stashId}`);

    const siteRoot = client.siteRoot;
    const date = stashReleaseDate(stash);
    await repo.linkScene(
      row,
      {
        external_id: stash.id,
        external_url: stashSceneUrl(siteRoot, stash.id),
        external_date: date === '' ? null : `${date}T00:00:00.000Z`,
        external_data: JSON.stringify(stash),
      },
      recognisedCast(stash, await repo.cast(sceneId), siteRoot),
    );
    const scene = await this.deps.reader.get(sceneId);
    if (!scene) throw noScene(sceneId);
    return scene;
  }
}
