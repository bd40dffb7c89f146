import { setImmediate as nextTick } from 'node:timers/promises';
import { z } from 'zod';
import type { SearchIndexRepository } from '../../repositories/search-index.repository';
import { defineJob, throwIfAborted } from '../job-definition';

/** Scenes reindexed per transaction. */
export const INDEX_BATCH = 500;

/**
 * GET /api/task/index: rebuilds every scene's search document in batches of consecutive ids, one transaction
 * each, and drops documents whose scene is gone. Triggers keep the index current between runs; this repairs
 * it after a reset or an outside edit.
 */
export function searchIndexJob(index: SearchIndexRepository, batchSize = INDEX_BATCH) {
  return defineJob({
    name: 'search-index',
    lock: 'index',
    task: 'index',
    payload: z.object({}).strict(),
    async run({ progress, signal }) {
      progress.log('Rebuilding the search index');
      progress.setTotal(await index.countScenes());
      let after = 0;
      let indexed = 0;
      for (;;) {
        throwIfAborted(signal);
        const ids = await index.sceneIdsAfter(after, batchSize);
        const last = ids.at(-1);
        // The last range is open-ended, so documents above the highest scene id are dropped too.
        await index.reindexRange(after, ids.length < batchSize ? null : (last ?? null));
        if (last === undefined) break;
        after = last;
        indexed += ids.length;
        progress.advance(ids.length, 'Indexing scenes');
        if (ids.length < batchSize) break;
        // Let requests in between transactions.
        await nextTick();
      }
      progress.log(`Search index rebuilt: ${indexed} scenes indexed`);
    },
  });
}
