import { NotFoundError } from '../http/http-errors';
import type { JobQueue } from '../jobs/job-queue';
import type { VolumeRepository } from '../repositories/volume.repository';

/** GET /api/task/rescan and /api/task/rescan/{id}: queue a rescan and answer at once. */
export class RescanRequests {
  constructor(
    private readonly volumes: Pick<VolumeRepository, 'get'>,
    private readonly queue: Pick<JobQueue, 'enqueue'>,
  ) {}

  async all(): Promise<void> {
    await this.queue.enqueue('rescan', {});
  }

  /** 404 for a storage id that does not exist. */
  async volume(id: number): Promise<void> {
    if ((await this.volumes.get(id)) === undefined) throw new NotFoundError(`Storage ${id} does not exist`);
    await this.queue.enqueue('rescan', { volumeId: id });
  }
}
