import { ActionIcon, Group, Slider, Tooltip } from '@mantine/core';
import { IconVolume, IconVolume2, IconVolumeOff } from '@tabler/icons-react';
import { PLAYER_VOLUME_STEP } from '@fovea/contract';
import { useTranslation } from 'react-i18next';

interface VolumeControlProps {
  volume: number;
  muted: boolean;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
}

/** Mute toggle and a volume slider in steps of 0.1 (Up/Down keys do the same). */
export function VolumeControl({ volume, muted, onVolume, onToggleMute }: VolumeControlProps) {
  const { t } = useTranslation();
  const silent = muted || volume === 0;
  const label = silent ? t('player.unmute') : t('player.mute');
  const Icon = silent ? IconVolumeOff : volume < 0.5 ? IconVolume2 : IconVolume;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={label} openDelay={500}>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onToggleMute}>
          <Icon size={18} />
        </ActionIcon>
      </Tooltip>
      <Slider
        w={90}
        size="sm"
        min={0}
        max={1}
        step={PLAYER_VOLUME_STEP}
        value={muted ? 0 : volume}
        onChange={onVolume}
        label={(value) => `${Math.round(value * 100)}%`}
        thumbLabel={t('player.volume')}
        data-testid="player-volume"
      />
    </Group>
  );
}
