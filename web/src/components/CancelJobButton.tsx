import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { JobTask } from '@fovea/contract';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../api/client';
import { useCancelJob } from '../api/queries/jobs';
import { useRunningTaskJob } from '../app/realtime';
import { notifyDanger } from './notify';

interface CancelJobButtonProps {
  /** The task whose running job it stops (rescan: Files line and Storage; previews; scrape: Data line). */
  task: JobTask;
  /** A small × for the navbar status line, or a labelled button for an Options section. */
  variant: 'icon' | 'button';
}

/**
 * Cancels the task's running job (POST /api/task/cancel/{id}); shown only while one runs. The status line
 * clears through the job.progress event that ends the job, so the button needs no state of its own.
 */
export function CancelJobButton({ task, variant }: CancelJobButtonProps) {
  const { t } = useTranslation();
  const job = useRunningTaskJob(task);
  const cancel = useCancelJob();
  if (job === null) return null;
  const name = t(`status.cancelJob.jobs.${job.name}`);
  const label = t('status.cancelJob.label', { job: name });
  const onClick = () =>
    cancel.mutate(job.jobId, {
      onError: (error) =>
        notifyDanger(
          t('status.cancelJob.failed', {
            job: name,
            message:
              error instanceof ApiRequestError && error.status === 0 ? t('errors.network') : error.message,
          }),
        ),
    });
  const busy = cancel.isPending && cancel.variables === job.jobId;
  if (variant === 'button') {
    return (
      <Button
        variant="light"
        color="red"
        leftSection={<IconX size={16} />}
        onClick={onClick}
        loading={busy}
        aria-label={label}
        data-testid={`cancel-job-${task}`}
      >
        {t('status.cancelJob.button')}
      </Button>
    );
  }
  return (
    <Tooltip label={t('status.cancelJob.tooltip', { job: name })}>
      <ActionIcon
        size="xs"
        variant="subtle"
        color="gray"
        onClick={onClick}
        loading={busy}
        aria-label={label}
        data-testid={`status-cancel-${task}`}
      >
        <IconX size={12} />
      </ActionIcon>
    </Tooltip>
  );
}
