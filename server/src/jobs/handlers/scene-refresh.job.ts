import { z } from 'zod';
import type { SceneStatusService } from '../../services/scene-status.service';
import { defineJob, throwIfAborted } from '../job-definition';

/** GET /api/task/scene-refresh: recomputes every scene's status columns. */
export function sceneRefreshJob(sceneStatus: SceneStatusService) {
  return defineJob({
    name: 'scene-refresh',
    lock: 'rescan',
    task: 'rescan',
    payload: z.object({}).strict(),
    async run({ progress, signal }) {
      progress.log('Refreshing scene statuses');
      const report = await sceneStatus.refreshAll({
        onTotal: (total) => progress.setTotal(total),
        onBatch: (checked) => progress.advance(checked, 'Refreshing scene statuses'),
        checkpoint: () => throwIfAborted(signal),
      });
      progress.log(`Scene statuses refreshed: ${report.checked} scenes checked, ${report.changed} updated`);
    },
  });
}
