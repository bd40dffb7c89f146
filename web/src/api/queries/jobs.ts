import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../client';

/**
 * POST /api/task/cancel/{id}: stops a queued or running job and answers with it once it has stopped. The
 * status lines follow the job.progress event the server publishes, so nothing is invalidated here.
 */
export function useCancelJob() {
  return useMutation({
    mutationFn: (jobId: number) => apiCall('cancelJob', { params: { id: jobId } }),
  });
}
