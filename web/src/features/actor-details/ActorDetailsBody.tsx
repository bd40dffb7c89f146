import type { Actor } from '@fovea/contract';
import { Grid, Stack } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteActor, useRateActor, useToggleActorFlag } from '../../api/queries/actor';
import { useOptionsState } from '../../api/queries/options';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailsColumns, DetailsFrameBody } from '../../components/details-overlay/DetailsFrameBody';
import { notifyDanger } from '../../components/notify';
import type { ActorDetailsAction } from './actor-details-state';
import { actorImages } from './actor-summary';
import { ActorFlagBar } from './ActorFlagBar';
import { ActorGallery } from './ActorGallery';
import { ActorInfoTabs } from './ActorInfoTabs';
import type { ActorTab } from './ActorInfoTabs';
import { useActorDetailsShortcuts } from './use-actor-details-shortcuts';

const ActorEditDialog = lazy(() => import('../actor-edit/ActorEditDialog'));
const StashdbActorSearchDialog = lazy(() => import('../stashdb-actor-search/StashdbActorSearchDialog'));

/** A dialog opened over the details. */
type OpenDialog = 'edit' | 'search' | 'delete' | null;

export interface ActorDetailsBodyProps {
  actor: Actor;
  prevId: number | null;
  nextId: number | null;
  /** False while the scene details are shown over the actor details. */
  keysEnabled: boolean;
  rootRef: RefObject<HTMLDivElement | null>;
  dispatch: Dispatch<ActorDetailsAction>;
  onSceneOpened: () => void;
}

/** The overlay's content for one actor (remounted per actor, so tabs and carousel start afresh). */
export function ActorDetailsBody(props: ActorDetailsBodyProps) {
  const { actor, prevId, nextId, keysEnabled, rootRef, dispatch, onSceneOpened } = props;
  const { t } = useTranslation();
  const imperial = useOptionsState().data?.config.advanced.useImperialEntry ?? false;
  const toggle = useToggleActorFlag();
  const rate = useRateActor();
  const remove = useDeleteActor();
  const [slide, setSlide] = useState(0);
  const [tab, setTab] = useState<ActorTab>('details');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const slides = actorImages(actor).length;
  const close = () => dispatch({ type: 'close' });
  const step = (delta: -1 | 1) => dispatch({ type: 'step', delta });
  const moveSlide = (delta: number) => {
    if (slides > 0) setSlide((current) => (Math.min(current, slides - 1) + delta + slides) % slides);
  };

  useActorDetailsShortcuts(
    {
      close,
      left: () => moveSlide(-1),
      right: () => moveSlide(1),
      previous: () => step(-1),
      next: () => step(1),
      toggle: (list) => toggle.mutate({ actor, list }),
      edit: () => setDialog('edit'),
      searchStashdb: () => setDialog('search'),
      resetRating: () => rate.mutate({ actor, rating: 0 }),
    },
    { enabled: keysEnabled && dialog === null, rootRef },
  );

  const confirmDelete = () =>
    remove.mutate(actor.id, {
      onSuccess: () => {
        setDialog(null);
        close();
      },
      onError: () => notifyDanger(t('actorDetails.deleteFailed', { name: actor.name })),
    });

  return (
    <DetailsFrameBody
      hasPrevious={prevId !== null}
      hasNext={nextId !== null}
      onStep={step}
      labels={{
        previous: t('actorDetails.previous'),
        previousHint: t('actorDetails.previousHint'),
        next: t('actorDetails.next'),
        nextHint: t('actorDetails.nextHint'),
      }}
    >
      <DetailsColumns>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ActorGallery actor={actor} slide={slide} onSlideChange={setSlide} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <ActorFlagBar
              actor={actor}
              onEdit={() => setDialog('edit')}
              onSearchStashdb={() => setDialog('search')}
              onDelete={() => setDialog('delete')}
            />
            <ActorInfoTabs
              actor={actor}
              imperial={imperial}
              tab={tab}
              onTabChange={setTab}
              onSceneOpened={onSceneOpened}
              onNavigate={() => dispatch({ type: 'close', navigation: true })}
            />
          </Stack>
        </Grid.Col>
      </DetailsColumns>
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('confirm.deleteActor.title')}
        text={t('confirm.deleteActor.text')}
        subject={actor.name}
        confirmLabel={t('actorDetails.delete')}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <ActorEditDialog actorId={actor.id} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog === 'search' && (
        <Suspense fallback={null}>
          <StashdbActorSearchDialog actor={actor} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </DetailsFrameBody>
  );
}
