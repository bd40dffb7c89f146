import { Group, Text } from '@mantine/core';
import { useRef } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '../../api/queries/actor';
import { DetailsOverlay } from '../../components/details-overlay/DetailsOverlay';
import { detailsStatus } from '../../components/details-overlay/details-status';
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
 * an id that names no actor (the zero actor) says so.
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

  return (
    <DetailsOverlay
      rootRef={rootRef}
      title={actor === null ? null : <OverlayTitle name={actor.name} birthDate={actor.birth_date} />}
      onClose={() => dispatch({ type: 'close' })}
      status={detailsStatus(query)}
      onRetry={() => void query.refetch()}
      labels={{
        close: t('actorDetails.close'),
        loadFailed: t('actorDetails.loadFailed'),
        notFound: t('actorDetails.notFound'),
      }}
      testId="actor-details"
      zIndex={sceneAbove ? UNDER_SCENE_Z_INDEX : undefined}
    >
      {actor !== null && (
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
      )}
    </DetailsOverlay>
  );
}
