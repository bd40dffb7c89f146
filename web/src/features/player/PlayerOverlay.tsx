import { PLAYER_VIDEO_SIZE_PX } from '@fovea/contract';
import type { File } from '@fovea/contract';
import { Box, Modal, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileStreamUrl } from './player-actions';
import { PlayerBar } from './PlayerBar';
import { DEFAULT_FOV, projectionView } from './projection-geometry';
import { usePlayerKeys } from './use-player-keys';
import { VrCanvas } from './VrCanvas';

export interface PlayerOverlayProps {
  file: File;
  onClose: () => void;
}

/**
 * The modal player of the files screen: a 640x640 video, flat as it is, VR projections on a sphere
 * (three.js). Keys: Up/Down volume, Left/Right seek 5 s, Space play/pause; Esc or the close button closes.
 */
export default function PlayerOverlay({ file, onClose }: PlayerOverlayProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const view = useMemo(() => projectionView(file.projection), [file.projection]);
  const [vrFailed, setVrFailed] = useState(false);
  const [fov, setFov] = useState(DEFAULT_FOV);
  usePlayerKeys(videoRef);
  const vr = view.kind === 'sphere' && !vrFailed ? view : null;
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
      <Box
        w={size}
        h={size}
        bg="black"
        tabIndex={-1}
        data-autofocus
        data-testid="player-overlay"
        data-projection={file.projection || 'flat'}
        data-mode={vr ? 'vr' : 'flat'}
        style={{ outline: 'none', overflow: 'hidden' }}
      >
        <video
          ref={videoRef}
          src={fileStreamUrl(file.id)}
          autoPlay
          playsInline
          crossOrigin="anonymous"
          controls={vr === null}
          aria-label={file.filename}
          data-testid="player-video"
          width={size}
          height={size}
          style={{ display: vr ? 'none' : 'block', width: size, height: size, objectFit: 'contain' }}
        />
        {vr && (
          <VrCanvas
            videoRef={videoRef}
            view={vr}
            size={size}
            onUnavailable={() => setVrFailed(true)}
            onFovChange={setFov}
          />
        )}
      </Box>
      {vr && <PlayerBar videoRef={videoRef} fov={fov} />}
    </Modal>
  );
}
