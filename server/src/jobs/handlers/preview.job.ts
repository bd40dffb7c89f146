import { z } from 'zod';
import type { PreviewService } from '../../services/preview.service';
import { defineJob } from '../job-definition';

/** `until`: a scheduled run's window end (ISO); no scene is started after it. */
export const PreviewGeneratePayload = z.object({ until: z.iso.datetime().optional() }).strict();

/**
 * GET /api/task/preview/generate: a preview clip for every available scene without one (xbvr-facts §8.3),
 * holding the `previews` lock, with progress per scene.
 */
export function previewJob(previews: PreviewService) {
  return defineJob({
    name: 'preview-generate',
    lock: 'previews',
    task: 'previews',
    payload: PreviewGeneratePayload,
    async run({ progress, signal, payload }) {
      await previews.generateAll(progress, signal, payload.until ? new Date(payload.until) : null);
    },
  });
}
