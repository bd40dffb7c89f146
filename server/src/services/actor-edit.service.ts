import type { Actor, ActorEditBody } from '@fovea/contract';
import type { ActorWriteRepository } from '../repositories/actor-write.repository';
import { planActorEdit } from './actor-edit-plan';
import { FULL_ACTOR, noActor, type ActorReader, type ActorShape } from './actor-reader.service';

/** POST /api/actor/edit/{id}: the owner's edits of an actor, each changed field journalled. */
export class ActorEditService {
  constructor(
    private readonly write: ActorWriteRepository,
    private readonly reader: ActorReader,
  ) {}

  async edit(id: number, body: ActorEditBody, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    await this.write.transaction(async (tx) => {
      const row = await tx.actors.row(id);
      if (!row) throw noActor(id);
      const plan = planActorEdit(row, body);
      if (plan.entries.length === 0) return;
      await tx.actors.update(id, plan.values);
      await tx.journal.record(row, plan.entries);
    });
    return this.reader.reload(id, shape);
  }
}
