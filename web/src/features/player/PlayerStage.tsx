import type { File } from '@fovea/contract';
import { Box } from '@mantine/core';
import { useFullscreenElement } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import type { CSSProperties, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../components/notify';
import { DEFAULT_FOV } from './look-geometry';
import { seekTo, togglePlay } from './player-actions';
import { PlayerControls } from './PlayerControls';
import { projectionSpec } from './projection-geometry';
import { skipAndRemember } from './skip-memory';
import type { SubtitleTrack } from './subtitle-tracks';
import { SubtitleOverlay } from './SubtitleOverlay';
import { useCaptions } from './use-captions';
import { useMediaState } from './use-media-state';
import { usePlayerKeys } from './use-player-keys';
import type { ArrowMode } from './use-player-keys';
import { VrCanvas } from './VrCanvas';
import type { VrView } from './vr-view';
import { requestImmersiveVr, useImmersiveVrSupport } from './xr-support';

export interface PlayerStageProps {
  file: File;
  src: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  autoPlay: boolean;
  /** Shown before the video plays (the scene cover). */
  poster?: string;
  /** The picture's box outside full screen, e.g. { width: 640, height: 640 } or an aspect ratio. */
  box: Pick<CSSProperties, 'width' | 'height' | 'aspectRatio' | 'maxHeight'>;
  arrowMode: ArrowMode;
  /** W A S D look around too (files overlay). */
  wasd?: boolean;
  keysEnabled?: boolean;
  /** The file's subtitle tracks (a CC button when there are any). */
  subtitles?: SubtitleTrack[];
  testId: string;
}

/**
 * A video with its controls: flat files as they are, VR projections drawn by three.js (VrCanvas) with drag,
 * look keys, zoom and, where the browser offers it, an immersive WebXR session; full screen for the whole.
 * Subtitles: the browser draws them in the flat view; the VR view draws the active cue over its canvas.
 */
export function PlayerStage(props: PlayerStageProps) {
  const { file, videoRef, arrowMode, keysEnabled = true } = props;
  const { t } = useTranslation();
  const spec = useMemo(() => projectionSpec(file.projection), [file.projection]);
  const [vrFailed, setVrFailed] = useState(false);
  const [fov, setFov] = useState(DEFAULT_FOV);
  const viewRef = useRef<VrView | null>(null);
  const state = useMediaState(videoRef, props.src);
  const { ref: fullscreenRef, toggle: toggleFullscreen, fullscreen } = useFullscreenElement<HTMLDivElement>();
  const xrSupported = useImmersiveVrSupport();
  const vrSpec = spec.kind !== 'flat' && !vrFailed ? spec : null;
  const subtitles = props.subtitles ?? [];
  const captions = useCaptions(videoRef, subtitles.length, vrSpec !== null, props.src);

  usePlayerKeys(videoRef, {
    mode: arrowMode,
    look: vrSpec ? (dLon, dLat) => viewRef.current?.turn(dLon, dLat) : null,
    wasd: props.wasd ?? false,
    enabled: keysEnabled,
  });

  /** Runs a control's action on the video (from event handlers only). */
  const onVideo = (action: (video: HTMLVideoElement) => void) => {
    const video = videoRef.current;
    if (video) action(video);
  };
  const enterVr = async () => {
    try {
      const session = await requestImmersiveVr();
      await viewRef.current?.enterXr(session);
      const video = videoRef.current;
      if (video?.paused) await video.play().catch(() => undefined);
    } catch (error) {
      console.warn('Entering VR failed', error);
      notifyWarning(t('player.vrFailed'));
    }
  };

  const lookHint = props.wasd ? t('player.lookHintWasd') : t('player.lookHint');
  const stageStyle: CSSProperties = fullscreen ? { flex: 1, minHeight: 0 } : props.box;
  return (
    <Box
      ref={fullscreenRef}
      bg="black"
      data-testid={props.testId}
      data-projection={file.projection || 'flat'}
      data-mode={vrSpec ? 'vr' : 'flat'}
      style={fullscreen ? { display: 'flex', flexDirection: 'column', height: '100vh' } : undefined}
    >
      <Box pos="relative" bg="black" style={{ ...stageStyle, overflow: 'hidden' }}>
        <video
          ref={videoRef}
          src={props.src}
          poster={vrSpec ? undefined : props.poster}
          autoPlay={props.autoPlay}
          playsInline
          preload="metadata"
          crossOrigin="anonymous"
          aria-label={file.filename}
          data-testid="player-video"
          onClick={() => onVideo(togglePlay)}
          style={{
            display: vrSpec ? 'none' : 'block',
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
          }}
        >
          {subtitles.map((track) => (
            <track
              key={track.fileId}
              kind="subtitles"
              src={track.src}
              label={track.label}
              {...(track.srclang ? { srcLang: track.srclang } : {})}
            />
          ))}
        </video>
        {vrSpec && (
          <VrCanvas
            videoRef={videoRef}
            spec={vrSpec}
            viewRef={viewRef}
            onUnavailable={() => setVrFailed(true)}
            onFovChange={setFov}
          />
        )}
        {captions.cue !== null && <SubtitleOverlay text={captions.cue} />}
        {vrSpec && props.poster && !state.started && (
          <img
            src={props.poster}
            alt=""
            data-testid="player-poster"
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              pointerEvents: 'none',
            }}
          />
        )}
      </Box>
      <Box bg="var(--mantine-color-body)">
        <PlayerControls
          state={state}
          onTogglePlay={() => onVideo(togglePlay)}
          onSkip={(seconds) => onVideo((video) => skipAndRemember(video, seconds))}
          onSeek={(seconds) => onVideo((video) => seekTo(video, seconds))}
          onVolume={(volume) =>
            onVideo((video) => {
              video.muted = false;
              video.volume = volume;
            })
          }
          onToggleMute={() =>
            onVideo((video) => {
              video.muted = !video.muted;
            })
          }
          fov={vrSpec ? fov : null}
          lookHint={lookHint}
          fullscreen={fullscreen}
          onToggleFullscreen={() => void toggleFullscreen()}
          onEnterVr={vrSpec && xrSupported ? () => void enterVr() : null}
          captions={
            subtitles.length > 0
              ? {
                  labels: subtitles.map((track) => track.label),
                  selected: captions.selected,
                  onSelect: captions.select,
                }
              : null
          }
        />
      </Box>
    </Box>
  );
}
