import { ActionIcon, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../proxied-image';
import classes from './gallery.module.css';

interface GalleryProps {
  urls: readonly string[];
  slide: number;
  onSlideChange: (slide: number) => void;
  testId: string;
  imageTestId: string;
  /** Height of the strip's small pictures, and the room the frame leaves around it, in px. */
  thumbHeight: number;
  reserve: number;
  /** Shown for a picture that does not load and for an empty gallery; without it a blank and "No pictures". */
  blankSrc?: string;
  /** Over the picture shown (a badge). */
  overlay?: ReactNode;
  /** Under the strip (buttons for the picture shown). */
  children?: ReactNode;
}

/** One picture of the carousel; a picture that fails to load shows the blank (or nothing). */
function Slide({
  url,
  alt,
  blankSrc,
  testId,
}: {
  url: string;
  alt: string;
  blankSrc?: string;
  testId: string;
}) {
  const [failed, setFailed] = useState(false);
  if (failed && blankSrc === undefined) return <div className={classes.blank} />;
  return (
    <img
      className={classes.image}
      src={failed && blankSrc !== undefined ? blankSrc : proxiedImage(url, '700,fit')}
      alt={alt}
      onError={() => setFailed(true)}
      data-testid={testId}
    />
  );
}

/** Keeps the active picture of the strip in view. */
function useActiveInView(index: number) {
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    const active = strip?.querySelector<HTMLElement>('[data-active="true"]');
    if (strip && active) {
      strip.scrollTo?.({
        left: active.offsetLeft + active.offsetWidth / 2 - strip.offsetWidth / 2,
        behavior: 'smooth',
      });
    }
  }, [index]);
  return stripRef;
}

/** Clamps the asked slide to the pictures there are (0 when there are none). */
export const gallerySlide = (slide: number, count: number) => (count === 0 ? 0 : Math.min(slide, count - 1));

/**
 * Pictures as a carousel: one large picture with arrows at its sides (wrapping at the ends; the overlays add
 * Left/Right keys), a strip of small pictures under it, and what the caller adds. An empty gallery says so.
 */
export function Gallery(props: GalleryProps) {
  const { urls, slide, onSlideChange, testId, imageTestId, thumbHeight, reserve, blankSrc, overlay } = props;
  const { t } = useTranslation();
  const count = urls.length;
  const index = gallerySlide(slide, count);
  const current = urls[index];
  const stripRef = useActiveInView(index);
  const go = (delta: number) => onSlideChange((index + delta + count) % count);
  const sizes = {
    '--gallery-thumb': `${thumbHeight}px`,
    '--gallery-reserve': `${reserve}px`,
  } as CSSProperties;

  return (
    <div data-testid={testId} data-slide={index} data-slides={count} style={sizes}>
      <div className={classes.frame}>
        {current !== undefined ? (
          <Slide
            key={current}
            url={current}
            alt={t('gallery.picture', { n: index + 1, count })}
            blankSrc={blankSrc}
            testId={imageTestId}
          />
        ) : blankSrc !== undefined ? (
          <img className={classes.image} src={blankSrc} alt={t('gallery.none')} />
        ) : (
          <div className={classes.empty} data-testid={`${testId}-empty`}>
            <IconPhotoOff size={32} />
            <Text c="dimmed">{t('gallery.empty')}</Text>
          </div>
        )}
        {overlay}
        {count > 1 && (
          <>
            <ActionIcon
              className={classes.prev}
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={t('gallery.previous')}
              onClick={() => go(-1)}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon
              className={classes.next}
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={t('gallery.next')}
              onClick={() => go(1)}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </>
        )}
      </div>
      {count > 1 && (
        <div className={classes.strip} ref={stripRef}>
          {urls.map((url, i) => (
            <UnstyledButton
              key={`${i}/${url}`}
              className={classes.stripItem}
              data-active={i === index}
              aria-label={t('gallery.picture', { n: i + 1, count })}
              aria-current={i === index}
              onClick={() => onSlideChange(i)}
            >
              <img src={proxiedImage(url, `x${thumbHeight}`)} alt="" loading="lazy" height={thumbHeight} />
            </UnstyledButton>
          ))}
        </div>
      )}
      {props.children}
    </div>
  );
}
