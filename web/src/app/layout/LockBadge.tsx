import { Badge } from '@mantine/core';
import { LOCK_NAMES } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { useLocks } from '../realtime';
import classes from './layout.module.css';

/** While any lock is held (shown for at least a second), a small pulsing badge names the running locks. */
export function LockBadge() {
  const { t } = useTranslation();
  const locks = useLocks();
  const running = LOCK_NAMES.filter((name) => locks[name].pulsing);
  if (running.length === 0) return null;
  const names = running.map((name) => t(`status.locks.${name}`)).join(', ');
  return (
    <Badge
      className={classes.lockBadge}
      variant="light"
      color="green"
      size="sm"
      radius="sm"
      data-testid="lock-badge"
      tt="none"
      data-locks={running.join(' ')}
      style={{ flexShrink: 0 }}
    >
      {t('status.locksRunning', { locks: names })}
    </Badge>
  );
}
