import type { StashdbActorRepository } from '../repositories/stashdb-actor.repository';
import { journalLocks, planPerformerMerge } from '../services/stashdb-actor-merge';
import { performerReference } from '../services/stashdb-actor-link.service';
import type { StashPerformerDetails } from '../stashdb/stashdb.schemas';

/**
 * Stores a performer StashDB sent again and merges it into every actor linked to it, skipping the columns in
 * each actor's edit journal; one transaction. Answers how many actors it was merged into.
 */
export function storeRefreshedPerformer(
  repo: StashdbActorRepository,
  performer: StashPerformerDetails,
  siteRoot: string,
): Promise<number> {
  return repo.transaction(async (tx) => {
    const referenceId = await tx.writeReference(performerReference(performer, siteRoot));
    let merged = 0;
    for (const actorId of await tx.linkedActorIds(referenceId)) {
      const row = await tx.actor(actorId);
      if (!row) continue;
      await tx.updateActor(
        actorId,
        planPerformerMerge(row, performer, journalLocks(await tx.journal(actorId))),
      );
      merged += 1;
    }
    return merged;
  });
}
