import { PLAYER_VIDEO_SIZE_PX } from '@fovea/contract';
import type { File } from '@fovea/contract';
import { Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fileStreamUrl } from './player-actions';
import { PlayerStage } from './PlayerStage';

export interface PlayerOverlayProps {
  file: File;
  onClose: () => void;
}

/**
 * The modal player of the files screen: a 640x640 video, flat as it is, VR projections drawn by three.js.
 * Not recorded as a watch session (dnt). Keys: Up/Down volume ±0.1, Left/Right seek 5 s, Space play/pause,
 * Shift+arrows or W A S D look around; Esc or the close button closes.
 */
export default function PlayerOverlay({ file, onClose }: PlayerOverlayProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const size = PLAYER_VIDEO_SIZE_PX;

  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      centered
      padding="sm"
      closeButtonProps={{ 'aria-label': t('player.close') }}
      title={
        <Text fw={600} truncate maw={size - 40} title={file.filename}>
          {file.filename}
        </Text>
      }
    >
      <div tabIndex={-1} data-autofocus style={{ outline: 'none', width: size }}>
        <PlayerStage
          file={file}
          src={fileStreamUrl(file.id)}
          videoRef={videoRef}
          autoPlay
          box={{ width: size, height: size }}
          arrowMode="seek"
          wasd
          testId="player-overlay"
        />
      </div>
    </Modal>
  );
}
