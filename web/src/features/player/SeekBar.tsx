import { Group, Slider, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../files/file-format';

/** hh:mm:ss, 00:00:00 for nothing yet. */
export const clock = (seconds: number): string => (seconds > 0 ? formatDuration(seconds) : '00:00:00');

interface SeekBarProps {
  time: number;
  duration: number;
  onSeek: (seconds: number) => void;
}

/** Time / duration and the seek bar; dragging shows the target and seeks when released. */
export function SeekBar({ time, duration, onSeek }: SeekBarProps) {
  const { t } = useTranslation();
  const [scrub, setScrub] = useState<number | null>(null);
  const shown = scrub ?? time;
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="xs" ff="monospace" data-testid="player-time" style={{ whiteSpace: 'nowrap' }}>
        {clock(shown)} / {clock(duration)}
      </Text>
      <Slider
        flex={1}
        size="sm"
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={Math.min(shown, Math.max(duration, 0.1))}
        disabled={duration <= 0}
        label={clock}
        thumbLabel={t('player.seek')}
        onChange={setScrub}
        onChangeEnd={(value) => {
          setScrub(null);
          onSeek(value);
        }}
        data-testid="player-seek"
      />
    </Group>
  );
}
