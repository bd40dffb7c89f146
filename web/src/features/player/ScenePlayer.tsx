import type { File, Scene } from '@fovea/contract';
import { Select, Stack } from '@mantine/core';
import { IconMovieOff } from '@tabler/icons-react';
import { useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useOptionsState } from '../../api/queries/options';
import { useWatchReporter } from '../../api/queries/scene-watch';
import { EmptyState } from '../../components/EmptyState';
import { sceneCoverSrc } from '../../components/scene-cover-src';
import { formatFileSize } from '../files/file-format';
import { fileStreamUrl, play, seekTo } from './player-actions';
import type { PlayerHandle } from './player-handle';
import { PlayerStage } from './PlayerStage';
import { skipByRemembered } from './skip-memory';
import { subtitleTracks } from './subtitle-tracks';
import { useIsVisible } from './use-is-visible';
import { useWatchReports } from './use-watch-reports';
import { sortedVideoFiles } from './video-files';

export interface ScenePlayerProps {
  scene: Scene;
  ref?: Ref<PlayerHandle>;
  autoPlay?: boolean;
  /** Space, Up/Down and the look keys; off while a dialog is over the player. Default true. */
  keysEnabled?: boolean;
}

const fileLabel = (t: TFunction, file: File) =>
  t('player.fileOption', {
    filename: file.filename,
    resolution: file.video_height > 0 ? `${file.video_height}p` : '-',
    size: formatFileSize(file.size),
  });

/**
 * The Player tab of scene details: a scene's video files (a choice when there are several; the first by the
 * players' sort option), each in its projection, with the scene's subtitle files as text tracks. The player
 * reports play, pause, seek and end, which the server records as watch sessions (the stream itself is dnt).
 * Left/Right belong to the details overlay, which skips through the handle.
 */
export default function ScenePlayer({ scene, ref, autoPlay = false, keysEnabled = true }: ScenePlayerProps) {
  const { t, i18n } = useTranslation();
  const sequence = useOptionsState().data?.config.interfaces.players.video_sort_seq ?? '';
  const files = useMemo(() => sortedVideoFiles(scene, sequence), [scene, sequence]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const file = files.find((candidate) => candidate.id === chosenId) ?? files[0];
  const videoRef = useRef<HTMLVideoElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const visible = useIsVisible(rootRef);
  const subtitles = useMemo(() => subtitleTracks(scene, i18n.language), [scene, i18n.language]);
  const reportWatch = useWatchReporter(scene.id);
  useWatchReports(videoRef, file?.id ?? null, reportWatch, file?.id);

  useImperativeHandle(
    ref,
    () => ({
      getCurrentTime: () => videoRef.current?.currentTime ?? 0,
      seekTo: (seconds) => {
        if (videoRef.current) seekTo(videoRef.current, seconds);
      },
      pause: () => videoRef.current?.pause(),
      play: () => {
        if (videoRef.current) play(videoRef.current);
      },
      skip: (direction) => {
        if (videoRef.current) skipByRemembered(videoRef.current, direction);
      },
    }),
    [],
  );

  if (!file) {
    return (
      <div ref={rootRef}>
        <EmptyState
          icon={<IconMovieOff size={28} />}
          title={t('player.noVideo')}
          testId="scene-player-empty"
        />
      </div>
    );
  }
  const poster = sceneCoverSrc(scene, '');
  return (
    <Stack gap="xs" ref={rootRef}>
      {files.length > 1 && (
        <Select
          size="xs"
          label={t('player.videoFile')}
          data={files.map((candidate) => ({ value: String(candidate.id), label: fileLabel(t, candidate) }))}
          value={String(file.id)}
          onChange={(value) => {
            if (value !== null) setChosenId(Number(value));
          }}
          allowDeselect={false}
          data-testid="scene-player-file"
        />
      )}
      <PlayerStage
        key={file.id}
        file={file}
        src={fileStreamUrl(file.id)}
        videoRef={videoRef}
        autoPlay={autoPlay || chosenId !== null}
        poster={poster === '' ? undefined : poster}
        box={{ width: '100%', aspectRatio: '16 / 9', maxHeight: '70vh' }}
        arrowMode="host"
        keysEnabled={keysEnabled && visible}
        subtitles={subtitles}
        testId="scene-player"
      />
    </Stack>
  );
}
