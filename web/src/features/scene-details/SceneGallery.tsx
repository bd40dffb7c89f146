import type { SceneImage } from '@fovea/contract';
import { ActionIcon, Center, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../components/proxied-image';
import classes from './scene-details.module.css';

interface SceneGalleryProps {
  images: readonly SceneImage[];
  slide: number;
  onSlideChange: (slide: number) => void;
}

/** One picture of the carousel; a picture that fails to load shows blank. */
function Slide({ url, alt }: { url: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className={classes.slideBlank} />;
  return (
    <img
      className={classes.slideImage}
      src={proxiedImage(url, '700,fit')}
      alt={alt}
      onError={() => setFailed(true)}
      data-testid="gallery-image"
    />
  );
}

/**
 * The scene's pictures (cover and gallery) as a carousel: one large picture, arrows at its sides (Left/Right
 * keys too, wrapping at the ends) and a strip of small pictures under it.
 */
export function SceneGallery({ images, slide, onSlideChange }: SceneGalleryProps) {
  const { t } = useTranslation();
  const stripRef = useRef<HTMLDivElement>(null);
  const count = images.length;
  const index = count === 0 ? 0 : Math.min(slide, count - 1);
  const current = images[index];

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

  if (current === undefined) {
    return (
      <Center className={classes.slideFrame} data-testid="scene-gallery">
        <Text c="dimmed">
          <IconPhotoOff size={32} />
        </Text>
      </Center>
    );
  }

  const go = (delta: number) => onSlideChange((index + delta + count) % count);
  return (
    <div data-testid="scene-gallery" data-slide={index} data-slides={count}>
      <div className={classes.slideFrame}>
        <Slide
          key={current.url}
          url={current.url}
          alt={t('sceneDetails.gallery.picture', { n: index + 1, count })}
        />
        {count > 1 && (
          <>
            <ActionIcon
              className={classes.slidePrev}
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={t('sceneDetails.gallery.previous')}
              onClick={() => go(-1)}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon
              className={classes.slideNext}
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={t('sceneDetails.gallery.next')}
              onClick={() => go(1)}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </>
        )}
      </div>
      {count > 1 && (
        <div className={classes.strip} ref={stripRef}>
          {images.map((image, i) => (
            <UnstyledButton
              key={`${i}/${image.url}`}
              className={classes.stripItem}
              data-active={i === index}
              aria-label={t('sceneDetails.gallery.picture', { n: i + 1, count })}
              aria-current={i === index}
              onClick={() => onSlideChange(i)}
            >
              <img src={proxiedImage(image.url, 'x40')} alt="" loading="lazy" height={40} />
            </UnstyledButton>
          ))}
        </div>
      )}
    </div>
  );
}
