import { Group, Text } from '@mantine/core';
import { useRef } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useScene } from '../../api/queries/scene';
import { DetailsOverlay } from '../../components/details-overlay/DetailsOverlay';
import { detailsStatus } from '../../components/details-overlay/details-status';
import type { DetailsAction, DetailsState } from './details-state';
import { shownAlternate, siblingId } from './details-state';
import { DetailsBody } from './DetailsBody';
import { alternateSceneSummary, releaseDay } from './scene-summary';
import type { SceneSummary } from './scene-summary';

export interface SceneDetailsOverlayProps {
  state: DetailsState;
  dispatch: Dispatch<DetailsAction>;
}

function OverlayTitle({ summary, alternate }: { summary: SceneSummary | null; alternate: boolean }) {
  const { t } = useTranslation();
  if (summary === null) return null;
  const day = releaseDay(summary.release_date);
  return (
    <Group gap="md" wrap="nowrap" align="baseline" component="span">
      <Text component="span" fw={600} fz="xl" lineClamp={1} c={summary.title === '' ? 'dimmed' : undefined}>
        {summary.title === '' ? t('sceneDetails.noTitle') : summary.title}
      </Text>
      {day !== '' && (
        <Text component="span" c="dimmed" fz="sm" data-testid="scene-details-release">
          {day}
        </Text>
      )}
      {alternate && (
        <Text component="span" c="orange" fz="sm" fw={500}>
          {t('sceneDetails.alternate.notAScene')}
        </Text>
      )}
    </Group>
  );
}

/**
 * The scene details overlay (full screen): the scene shown by the provider, or the alternate-source scene
 * opened over it. Esc and the close button go back from an alternate-source view, else close; an id that
 * names no scene says so.
 */
export default function SceneDetailsOverlay({ state, dispatch }: SceneDetailsOverlayProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const query = useScene(state.sceneId);
  const scene = query.data ?? null;
  const alternate = shownAlternate(state);
  const summary: SceneSummary | null = alternate ? alternateSceneSummary(alternate.data) : scene;

  return (
    <DetailsOverlay
      rootRef={rootRef}
      title={<OverlayTitle summary={summary} alternate={alternate !== null} />}
      onClose={() => dispatch({ type: 'back' })}
      status={detailsStatus(query)}
      onRetry={() => void query.refetch()}
      labels={{
        close: t('sceneDetails.close'),
        loadFailed: t('sceneDetails.loadFailed'),
        notFound: t('sceneDetails.notFound'),
      }}
      testId="scene-details"
    >
      {scene !== null && summary !== null && (
        <DetailsBody
          key={`${scene.id}/${state.alternates.length}`}
          scene={scene}
          summary={summary}
          alternate={alternate}
          prevId={siblingId(state, -1)}
          nextId={siblingId(state, 1)}
          keysEnabled={state.editId === null}
          rootRef={rootRef}
          dispatch={dispatch}
        />
      )}
    </DetailsOverlay>
  );
}
