import type { Actor } from '@fovea/contract';
import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import { Badge, Button, Group } from '@mantine/core';
import { IconPhotoCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteActorImage, useSetActorImage } from '../../api/queries/actor';
import { Gallery, gallerySlide } from '../../components/gallery/Gallery';
import { notifyDanger } from '../../components/notify';
import { actorImages } from './actor-summary';
import classes from './actor-details.module.css';

interface ActorGalleryProps {
  actor: Actor;
  slide: number;
  onSlideChange: (slide: number) => void;
}

/**
 * The actor's pictures (image_arr) as a carousel (the blank profile when there is none or one fails), with
 * buttons to make the picture shown the main image or delete it.
 */
export function ActorGallery({ actor, slide, onSlideChange }: ActorGalleryProps) {
  const { t } = useTranslation();
  const images = actorImages(actor);
  const count = images.length;
  const index = gallerySlide(slide, count);
  const current = images[index];
  const setImage = useSetActorImage();
  const deleteImage = useDeleteActorImage();
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
    <Gallery
      urls={images}
      slide={slide}
      onSlideChange={onSlideChange}
      testId="actor-gallery"
      imageTestId="actor-gallery-image"
      thumbHeight={60}
      reserve={260}
      blankSrc={BLANK_ACTOR_IMAGE}
      overlay={
        isMain &&
        count > 1 && (
          <Badge className={classes.mainBadge} variant="filled" color="dark">
            {t('actorDetails.gallery.main')}
          </Badge>
        )
      }
    >
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
    </Gallery>
  );
}
