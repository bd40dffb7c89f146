import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SKIP_STEPS, useSkipInterval } from './skip-memory';

interface SkipButtonsProps {
  paused: boolean;
  onTogglePlay: () => void;
  /** A skip button: seconds, negative back. */
  onSkip: (seconds: number) => void;
}

/** The button text of a skip: -5m, -30s, +10s, +2m. */
export function skipLabel(t: TFunction, seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const size = Math.abs(seconds);
  return size >= 60 && size % 60 === 0
    ? t('player.skipMinutesShort', { sign, count: size / 60 })
    : t('player.skipSecondsShort', { sign, count: size });
}

/** What a skip button does, for its tooltip and accessible name: "Skip back 5 minutes". */
export function skipName(t: TFunction, seconds: number): string {
  const size = Math.abs(seconds);
  const amount =
    size >= 60 && size % 60 === 0
      ? t('player.minutes', { count: size / 60 })
      : t('player.seconds', { count: size });
  return seconds < 0 ? t('player.skipBack', { amount }) : t('player.skipForward', { amount });
}

/**
 * Skip back -300 … -5 s, play/pause, skip forward 5 … 300 s. The two buttons of the remembered interval
 * (what Left/Right skip by in scene details) are highlighted.
 */
export function SkipButtons({ paused, onTogglePlay, onSkip }: SkipButtonsProps) {
  const { t } = useTranslation();
  const remembered = useSkipInterval();
  const playLabel = paused ? t('player.play') : t('player.pause');
  const button = (seconds: number) => (
    <Tooltip key={seconds} label={skipName(t, seconds)} openDelay={500}>
      <Button
        size="compact-xs"
        variant={Math.abs(seconds) === remembered ? 'light' : 'subtle'}
        color="gray"
        aria-label={skipName(t, seconds)}
        data-testid={`player-skip-${seconds}`}
        data-remembered={Math.abs(seconds) === remembered || undefined}
        onClick={() => onSkip(seconds)}
        px={4}
        fw={500}
        ff="monospace"
      >
        {skipLabel(t, seconds)}
      </Button>
    </Tooltip>
  );
  return (
    <Group gap={2} justify="center" wrap="nowrap">
      {SKIP_STEPS.filter((seconds) => seconds < 0).map(button)}
      <Tooltip label={playLabel} openDelay={500}>
        <ActionIcon variant="filled" radius="xl" mx={6} aria-label={playLabel} onClick={onTogglePlay}>
          {paused ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPauseFilled size={16} />}
        </ActionIcon>
      </Tooltip>
      {SKIP_STEPS.filter((seconds) => seconds > 0).map(button)}
    </Group>
  );
}
