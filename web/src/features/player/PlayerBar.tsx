import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../files/file-format';
import { togglePlay } from './player-actions';

interface PlayerBarProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  fov: number;
}

const clock = (seconds: number) => (seconds > 0 ? formatDuration(seconds) : '00:00:00');

/** Play/pause, time and field of view under the VR view (the plain video has the browser's controls). */
export function PlayerBar({ videoRef, fov }: PlayerBarProps) {
  const { t } = useTranslation();
  const [state, setState] = useState({ paused: true, time: 0, duration: 0 });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const update = () =>
      setState({
        paused: video.paused,
        time: video.currentTime,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
      });
    const events = ['play', 'pause', 'timeupdate', 'durationchange', 'loadedmetadata'] as const;
    for (const name of events) video.addEventListener(name, update);
    return () => {
      for (const name of events) video.removeEventListener(name, update);
    };
  }, [videoRef]);

  const label = state.paused ? t('player.play') : t('player.pause');
  return (
    <Group justify="space-between" mt="xs" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={label}>
          <ActionIcon
            variant="light"
            aria-label={label}
            onClick={() => {
              if (videoRef.current) togglePlay(videoRef.current);
            }}
          >
            {state.paused ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPauseFilled size={16} />}
          </ActionIcon>
        </Tooltip>
        <Text size="sm" ff="monospace" data-testid="player-time">
          {clock(state.time)} / {clock(state.duration)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('player.vrHint', { fov: Math.round(fov) })}
      </Text>
    </Group>
  );
}
