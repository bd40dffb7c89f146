import type { Actor } from '@fovea/contract';
import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import { ActionIcon, Badge, Button, Group, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteActorImage, useSetActorImage } from '../../api/queries/actor';
import { notifyDanger } from '../../components/notify';
import { proxiedImage } from '../../components/proxied-image';
import { actorImages } from './actor-summary';
import classes from './actor-details.module.css';

interface ActorGalleryProps {
  actor: Actor;
  slide: number;
  onSlideChange: (slide: number) => void;
}

/** One picture of the carousel; a picture that fails to load shows the blank profile. */
function Slide({ url, alt }: { url: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={classes.slideImage}
      src={failed ? BLANK_ACTOR_IMAGE : proxiedImage(url, '700,fit')}
      alt={alt}
      onError={() => setFailed(true)}
      data-testid="actor-gallery-image"
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

/**
 * The actor's pictures (image_arr) as a carousel: one large picture with arrows (Left/Right keys too, wrapping),
 * a strip of small pictures, and buttons to make the picture shown the main image or delete it.
 */
export function ActorGallery({ actor, slide, onSlideChange }: ActorGalleryProps) {
  const { t } = useTranslation();
  const images = actorImages(actor);
  const count = images.length;
  const index = count === 0 ? 0 : Math.min(slide, count - 1);
  const current = images[index];
  const stripRef = useActiveInView(index);
  const setImage = useSetActorImage();
  const deleteImage = useDeleteActorImage();
  const go = (delta: number) => onSlideChange((index + delta + count) % count);
  const isMain = current !== undefined && current === actor.image_url;

  const setMain = () => {
    if (current === undefined) return;
    setImage.mutate(
      { actorId: actor.id, url: current },
      {
        onSuccess: (answer) => onSlideChange(Math.max(0, actorImages(answer).indexOf(current))),
        onError: () => notifyDanger(t('actorDetails.gallery.setFailed')),
      },
    );
  };
  const remove = () => {
    if (current === undefined) return;
    deleteImage.mutate(
      { actorId: actor.id, url: current },
      {
        // The next picture takes the place of the deleted one (the last one when it was the last).
        onSuccess: (answer) => onSlideChange(Math.min(index, Math.max(0, actorImages(answer).length - 1))),
        onError: () => notifyDanger(t('actorDetails.gallery.deleteFailed')),
      },
    );
  };

  return (
    <div data-testid="actor-gallery" data-slide={index} data-slides={count}>
      <div className={classes.slideFrame}>
        {current === undefined ? (
          <img className={classes.slideImage} src={BLANK_ACTOR_IMAGE} alt={t('actorDetails.gallery.none')} />
        ) : (
          <Slide
            key={current}
            url={current}
            alt={t('actorDetails.gallery.picture', { n: index + 1, count })}
          />
        )}
        {isMain && count > 1 && (
          <Badge className={classes.mainBadge} variant="filled" color="dark">
            {t('actorDetails.gallery.main')}
          </Badge>
        )}
        {count > 1 && (
          <>
            <ActionIcon
              className={classes.slidePrev}
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              aria-label={t('actorDetails.gallery.previous')}
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
              aria-label={t('actorDetails.gallery.next')}
              onClick={() => go(1)}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </>
        )}
      </div>
      {count > 1 && (
        <div className={classes.strip} ref={stripRef}>
          {images.map((url, i) => (
            <UnstyledButton
              key={`${i}/${url}`}
              className={classes.stripItem}
              data-active={i === index}
              aria-label={t('actorDetails.gallery.picture', { n: i + 1, count })}
              aria-current={i === index}
              onClick={() => onSlideChange(i)}
            >
              <img src={proxiedImage(url, 'x60')} alt="" loading="lazy" height={60} />
            </UnstyledButton>
          ))}
        </div>
      )}
      {current !== undefined && (
        <Group justify="center" gap="xs" mt="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPhotoCheck size={16} />}
            disabled={isMain}
            loading={setImage.isPending}
            onClick={setMain}
          >
            {t('actorDetails.gallery.setMain')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={deleteImage.isPending}
            onClick={remove}
          >
            {t('actorDetails.gallery.delete')}
          </Button>
        </Group>
      )}
    </div>
  );
}
