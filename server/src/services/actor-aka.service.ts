import type { ActorAkasResponse, ActorRef } from '@fovea/contract';
import { toActorWithScenes, type ActorRow } from '../mappers/actor.mapper';
import type { ActorAkaRepository } from '../repositories/actor-aka.repository';
import type { ActorReadRepository } from '../repositories/actor-read.repository';
import { FULL_ACTOR, noActor, type ActorReader, type ActorShape } from './actor-reader.service';
import { stringList } from './actor-call.service';

/**
 * GET /api/actor/akas/{id}: the aka groups of an actor (their pseudo-actors), the actors it is grouped with (for a
 * group pseudo-actor: its members) and possible akas. The lists are always arrays, and each actor carries its
 * non-hidden scenes newest first (the reference UI reads `scenes` as an array), or none with `with_scenes=false`.
 */
export class ActorAkaService {
  constructor(
    private readonly actors: ActorReadRepository,
    private readonly akas: ActorAkaRepository,
    private readonly reader: Pick<ActorReader, 'withScenes'>,
  ) {}

  async akasOf(actorId: number, shape: ActorShape = FULL_ACTOR): Promise<ActorAkasResponse> {
    const actor = await this.actors.row(actorId);
    if (!actor) throw noActor(actorId);
    if (actor.is_aka_group === 1) {
      const members = await this.akas.membersOfGroupActor(actorId);
      return { aka_groups: [], actors: await this.refs(members, shape), possible_akas: [] };
    }
    const [groups, fellows, possible] = await Promise.all([
      this.akas.groupActorsOf(actorId),
      this.akas.fellowMembers(actorId),
      this.akas.possibleAkas(actorId, stringList(actor.aliases)),
    ]);
    // One scene query for the three lists together.
    const all = await this.refs([...groups, ...fellows, ...possible], shape);
    return {
      aka_groups: all.slice(0, groups.length),
      actors: all.slice(groups.length, groups.length + fellows.length),
      possible_akas: all.slice(groups.length + fellows.length),
    };
  }

  private async refs(rows: readonly ActorRow[], shape: ActorShape): Promise<ActorRef[]> {
    if (!shape.withScenes) return rows.map((row) => toActorWithScenes(row, []));
    return this.reader.withScenes(rows);
  }
}
