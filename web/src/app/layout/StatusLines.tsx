import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CancelJobButton } from '../../components/CancelJobButton';
import { useLock, useTaskStatus } from '../realtime';
import type { StatusTask } from '../realtime';
import classes from './layout.module.css';

interface StatusLineProps {
  task: StatusTask;
  labelKey: 'status.files' | 'status.data';
}

/**
 * "Files" (rescan) or "Data" (scrape): the task's last message, a dot that pulses while its lock is held, and a
 * × that cancels the task's running job.
 */
export function StatusLine({ task, labelKey }: StatusLineProps) {
  const { t } = useTranslation();
  const lock = useLock(task);
  const status = useTaskStatus(task);
  const text =
    status === null
      ? t('status.idle')
      : status.progress === null
        ? status.message
        : t('status.withProgress', { message: status.message, progress: status.progress });
  return (
    <div className={classes.statusLine} data-testid={`status-line-${task}`}>
      <span className={classes.statusLabel}>{t(labelKey)}</span>
      <Tooltip label={t(lock.pulsing ? 'status.lockHeld' : 'status.lockFree')}>
        <span
          className={classes.dot}
          data-testid={`lock-indicator-${task}`}
          data-locked={lock.pulsing ? 'true' : 'false'}
          role="status"
          aria-label={`${t(labelKey)}: ${t(lock.pulsing ? 'status.lockHeld' : 'status.lockFree')}`}
        />
      </Tooltip>
      <span className={classes.statusText} title={text} data-testid={`status-text-${task}`}>
        {text}
      </span>
      <CancelJobButton task={task} variant="icon" />
    </div>
  );
}

export function StatusLines() {
  return (
    <div className={classes.status}>
      <StatusLine task="rescan" labelKey="status.files" />
      <StatusLine task="scrape" labelKey="status.data" />
    </div>
  );
}
