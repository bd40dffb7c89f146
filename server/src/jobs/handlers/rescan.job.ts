import { z } from 'zod';
import type { LibraryScanner } from '../../scanner/library-scanner';
import { defineJob } from '../job-definition';

export const RescanPayload = z.object({ volumeId: z.number().int().positive().optional() }).strict();

/** GET /api/task/rescan[/{id}]: scans storage, removes gone files, matches and draws heatmaps. */
export function rescanJob(scanner: LibraryScanner) {
  return defineJob({
    name: 'rescan',
    lock: 'rescan',
    task: 'rescan',
    payload: RescanPayload,
    async run({ payload, progress, signal, logger }) {
      await scanner.rescan({ volumeId: payload.volumeId, progress, signal, logger });
    },
  });
}
