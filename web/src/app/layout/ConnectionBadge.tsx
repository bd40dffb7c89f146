import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSocketState } from '../realtime';
import type { SocketState } from '../realtime';
import classes from './layout.module.css';

const COLOUR: Record<SocketState, string> = { connected: 'teal', connecting: 'yellow', disconnected: 'red' };

/** The websocket state: connected, connecting or disconnected. */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const state = useSocketState();
  const label = t(`status.socket.${state}`);
  return (
    <Tooltip label={t('status.socket.tooltip', { state: label })}>
      <Badge
        data-testid="ws-status"
        tt="none"
        data-state={state}
        color={COLOUR[state]}
        variant="dot"
        size="md"
        radius="sm"
        style={{ flexShrink: 0 }}
        aria-label={t('status.socket.tooltip', { state: label })}
      >
        <span className={classes.socketLabel}>{label}</span>
      </Badge>
    </Tooltip>
  );
}
