import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '../../api/queries/actor';
import type { ActorDetailsAction, ActorDetailsState } from './actor-details-state';
import { siblingActorId } from './actor-details-state';
import { birthDay } from './actor-summary';
import { ActorDetailsBody } from './ActorDetailsBody';

export interface ActorDetailsOverlayProps {
  state: ActorDetailsState;
  dispatch: Dispatch<ActorDetailsAction>;
  /** The scene details are shown over the actor details: drawn under them and without keys. */
  sceneAbove: boolean;
  /** Called when a scene is opened from the overlay. */
  onSceneOpened: () => void;
}

/** Under Mantine's modal layer (200), so the scene details opened from here show above. */
const UNDER_SCENE_Z_INDEX = 190;

function OverlayTitle({ name, birthDate }: { name: string; birthDate: string }) {
  const { t } = useTranslation();
  const day = birthDay(birthDate);
  return (
    <Group gap="md" wrap="nowrap" align="baseline" component="span">
      <Text component="span" fw={600} fz="xl" lineClamp={1} data-testid="actor-details-name">
        {name}
      </Text>
      {day !== null && (
        <Text component="span" c="dimmed" fz="sm" data-testid="actor-details-born">
          {t('actorDetails.born', { date: day })}
        </Text>
      )}
    </Group>
  );
}

/**
 * The actor details overlay (full screen) for the actor the provider shows. Esc and the close button close it;
 * an unknown actor (the zero actor) closes it at once.
 */
export default function ActorDetailsOverlay({
  state,
  dispatch,
  sceneAbove,
  onSceneOpened,
}: ActorDetailsOverlayProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const query = useActor(state.actorId);
  const actor = query.data ?? null;
  const notFound = query.isSuccess && query.data === null;

  useEffect(() => {
    if (notFound) dispatch({ type: 'close' });
  }, [notFound, dispatch]);

  return (
    <Modal
      ref={rootRef}
      opened
      onClose={() => dispatch({ type: 'close' })}
      fullScreen
      closeOnEscape={false}
      zIndex={sceneAbove ? UNDER_SCENE_Z_INDEX : undefined}
      padding="md"
      title={actor === null ? null : <OverlayTitle name={actor.name} birthDate={actor.birth_date} />}
      closeButtonProps={{ 'aria-label': t('actorDetails.close') }}
      attributes={{ content: { 'data-testid': 'actor-details' } }}
      transitionProps={{ transition: 'fade', duration: 120 }}
    >
      {actor !== null ? (
        <ActorDetailsBody
          key={actor.id}
          actor={actor}
          prevId={siblingActorId(state, -1)}
          nextId={siblingActorId(state, 1)}
          keysEnabled={!sceneAbove}
          rootRef={rootRef}
          dispatch={dispatch}
          onSceneOpened={onSceneOpened}
        />
      ) : query.isError ? (
        <Center mih={200}>
          <Stack align="center" gap="sm">
            <Text c="dimmed">{t('actorDetails.loadFailed')}</Text>
            <Button variant="light" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Center>
      ) : (
        <Center mih={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}
