import type { ActorAkasResponse, ActorRef } from '@fovea/contract';
import { toActorFields, type ActorRow } from '../mappers/actor.mapper';
import type { ActorAkaRepository } from '../repositories/actor-aka.repository';
import type { ActorReadRepository } from '../repositories/actor-read.repository';
import { noActor } from './actor-reader.service';
import { stringList } from './actor-call.service';

const toRef = (row: ActorRow): ActorRef => ({ ...toActorFields(row), scenes: null, aka_groups: null });

/**
 * GET /api/actor/akas/{id}: the aka groups of an actor (their pseudo-actors), the actors it is grouped with (for a
 * group pseudo-actor: its members) and possible akas. The lists are always arrays.
 */
export class ActorAkaService {
  constructor(
    private readonly actors: ActorReadRepository,
    private readonly akas: ActorAkaRepository,
  ) {}

  async akasOf(actorId: number): Promise<ActorAkasResponse> {
    const actor = await this.actors.row(actorId);
    if (!actor) throw noActor(actorId);
    if (actor.is_aka_group === 1) {
      const members = await this.akas.membersOfGroupActor(actorId);
      return { aka_groups: [], actors: members.map(toRef), possible_akas: [] };
    }
    const [groups, fellows, possible] = await Promise.all([
      this.akas.groupActorsOf(actorId),
      this.akas.fellowMembers(actorId),
      this.akas.possibleAkas(actorId, stringList(actor.aliases)),
    ]);
    return { aka_groups: groups.map(toRef), actors: fellows.map(toRef), possible_akas: possible.map(toRef) };
  }
}
