import { z } from 'zod';
import type { PreviewService } from '../../services/preview.service';
import { defineJob } from '../job-definition';

export const PreviewGeneratePayload = z.object({}).strict();

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
    async run({ progress, signal }) {
      await previews.generateAll(progress, signal);
    },
  });
}
