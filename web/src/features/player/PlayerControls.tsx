import { ActionIcon, Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCardboards, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CaptionsControl } from './CaptionsControl';
import type { CaptionsControlProps } from './CaptionsControl';
import { SeekBar } from './SeekBar';
import { SkipButtons } from './SkipButtons';
import type { MediaState } from './use-media-state';
import { VolumeControl } from './VolumeControl';

export interface PlayerControlsProps {
  state: MediaState;
  onTogglePlay: () => void;
  onSkip: (seconds: number) => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  /** The VR view's field of view; null in the flat view. */
  fov: number | null;
  /** Help for looking around (keys differ between the files overlay and scene details). */
  lookHint: string;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  /** Shown only when the browser supports immersive VR and the view is VR. */
  onEnterVr: (() => void) | null;
  /** The CC button; null when the file has no subtitles. */
  captions: CaptionsControlProps | null;
}

/** Under the video: time, seek bar, volume, field of view, subtitles, VR and full screen; then the skip buttons. */
export function PlayerControls(props: PlayerControlsProps) {
  const { t } = useTranslation();
  const { state, fov, fullscreen, onEnterVr } = props;
  const fullscreenLabel = fullscreen ? t('player.exitFullscreen') : t('player.fullscreen');
  return (
    <Stack gap={4} px="xs" py={6} data-testid="player-controls">
      <Group gap="xs" wrap="nowrap">
        <Box flex={1} miw={0}>
          <SeekBar time={state.time} duration={state.duration} onSeek={props.onSeek} />
        </Box>
        <VolumeControl
          volume={state.volume}
          muted={state.muted}
          onVolume={props.onVolume}
          onToggleMute={props.onToggleMute}
        />
        {fov !== null && (
          <Tooltip label={props.lookHint} multiline w={260} openDelay={300}>
            <Text
              size="xs"
              c="dimmed"
              ff="monospace"
              data-testid="player-fov"
              style={{ whiteSpace: 'nowrap' }}
            >
              {t('player.fov', { fov: Math.round(fov) })}
            </Text>
          </Tooltip>
        )}
        {props.captions && <CaptionsControl {...props.captions} />}
        {onEnterVr && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconCardboards size={14} />}
            onClick={onEnterVr}
            data-testid="player-enter-vr"
          >
            {t('player.enterVr')}
          </Button>
        )}
        <Tooltip label={fullscreenLabel} openDelay={500}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={fullscreenLabel}
            onClick={props.onToggleFullscreen}
          >
            {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <SkipButtons paused={state.paused} onTogglePlay={props.onTogglePlay} onSkip={props.onSkip} />
    </Stack>
  );
}
