import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './scene-cards.module.css';

export const COVER_SIZE = '700x';

/** A scene's preview clip (previews/<scene_id>.mp4 on the server). */
export const previewUrl = (sceneId: string): string => `/api/dms/preview/${encodeURIComponent(sceneId)}`;

/** Autoplay needs the muted property itself, which the attribute alone does not always set. */
const muteVideo = (video: HTMLVideoElement | null) => {
  if (video) video.muted = true;
};

/**
 * A scene's picture, lazily loaded: the first of `sources` (sceneCoverSources: the cover through the image
 * proxy, then a frame of the video) that has not failed; none left leaves a blank placeholder.
 * With `preview` (the scene_id of a scene that has a preview clip), hovering plays the clip over the cover,
 * muted and looping; it is only requested on hover and removed (so stopped) when the pointer leaves.
 */
export function SceneCover({
  sources,
  preview = null,
}: {
  sources: readonly string[];
  preview?: string | null;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = sources.find((source) => !failed.includes(source)) ?? '';
  const [hovering, setHovering] = useState(false);
  const image =
    src === '' ? (
      <span className={classes.coverBlank} data-testid="scene-cover-blank" title={t('sceneCard.noCover')}>
        <IconPhoto size={32} stroke={1.2} aria-hidden />
      </span>
    ) : (
      <img
        className={classes.coverImage}
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailed((list) => [...list, src])}
      />
    );
  if (preview === null) return image;
  return (
    <span
      className={classes.coverMedia}
      data-testid="scene-cover-media"
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
    >
      {image}
      {hovering && (
        <video
          ref={muteVideo}
          className={classes.coverPreview}
          src={previewUrl(preview)}
          data-testid="scene-cover-preview"
          muted
          loop
          autoPlay
          playsInline
          preload="auto"
          aria-hidden
          onError={() => setHovering(false)}
        />
      )}
    </span>
  );
}
