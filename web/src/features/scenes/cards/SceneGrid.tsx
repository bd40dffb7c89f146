import type { Scene, SceneToggleList, WebOptions } from '@fovea/contract';
import { Button } from '@mantine/core';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useRateScene, useToggleSceneFlag } from '../../../api/queries/scene-flags';
import { useSceneDetails } from '../../scene-details/scene-details-context';
import type { SceneDetailsApi } from '../../scene-details/scene-details-context';
import { CardActionsContext } from './card-actions';
import type { CardActions } from './card-actions';
import { GridTooltip } from './GridTooltip';
import { SceneCard } from './SceneCard';
import { cardOptions, sameCardOptions } from './scene-card-model';
import type { CardOptions } from './scene-card-model';
import classes from './scene-cards.module.css';

export interface SceneGridProps {
  scenes: Scene[];
  /** S/M/L: 5/4/3 cards per row on wide screens. */
  cardSize: 1 | 2 | 3;
  webOptions: WebOptions;
  /** More scenes can be loaded (fewer shown than the total). */
  hasMore: boolean;
  onLoadMore(): void;
  /** A page is being loaded (shows on the Load more button). */
  loadingMore?: boolean;
}

/** How far before the end of the list the next page starts loading by itself. */
const PRELOAD_MARGIN = '1200px 0px';

/**
 * Loads the next page when the sentinel comes near the viewport, and through the button: at most once per
 * list length and never while a page is loading. Returns the button's handler.
 */
function useLoadMore(
  sentinel: RefObject<HTMLDivElement | null>,
  enabled: boolean,
  length: number,
  loading: boolean,
  onLoadMore: () => void,
): () => void {
  const requestedAt = useRef(-1);
  const latest = useRef({ onLoadMore, loading });
  useEffect(() => {
    latest.current = { onLoadMore, loading };
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return undefined;
    // Observing afresh after every page reports at once whether the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (requestedAt.current === length || latest.current.loading) return;
        requestedAt.current = length;
        latest.current.onLoadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, length, loading]);
  return useCallback(() => {
    if (latest.current.loading) return;
    requestedAt.current = length;
    latest.current.onLoadMore();
  }, [length]);
}

/** Cards a new grid draws in its first frame: the first rows show at once, the rest of the page follows. */
export const FIRST_FRAME_CARDS = 20;

/**
 * How many of `total` cards to draw: FIRST_FRAME_CARDS when the grid appears, all of them from the frame
 * after the first paint (as a transition, so input stays responsive meanwhile).
 */
function useFirstFrameLimit(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [all]);
  return all ? total : Math.min(total, FIRST_FRAME_CARDS);
}

/** The card options, kept the same object while their values stay the same (cards compare it by identity). */
function useCardOptions(webOptions: WebOptions): CardOptions {
  const [kept, setKept] = useState(() => cardOptions(webOptions));
  const next = cardOptions(webOptions);
  if (sameCardOptions(kept, next)) return kept;
  setKept(next);
  return next;
}

/** Card actions with stable identities: cards never re-render because the grid or the details changed. */
function useStableActions(scenes: Scene[]): CardActions {
  const details = useSceneDetails();
  const toggleFlag = useToggleSceneFlag().mutate;
  const rateScene = useRateScene().mutate;
  const latest = useRef<{ scenes: Scene[]; details: SceneDetailsApi }>({ scenes, details });
  useEffect(() => {
    latest.current = { scenes, details };
  });
  return useMemo<CardActions>(
    () => ({
      open: (sceneId) =>
        latest.current.details.open(sceneId, { siblings: latest.current.scenes.map((scene) => scene.id) }),
      edit: (sceneId) => latest.current.details.openEdit(sceneId),
      toggle: (scene: Scene, list: SceneToggleList) => toggleFlag({ scene, list }),
      rate: (scene: Scene, rating: number) => rateScene({ scene, rating }),
    }),
    [toggleFlag, rateScene],
  );
}

/**
 * The scene cards in a responsive grid, with a Load more button and automatic loading near the end. Cards are
 * memoised and skipped by the browser while off screen, so thousands stay smooth; a new grid draws its first
 * rows in the first frame and the rest of the page right after.
 */
export function SceneGrid({
  scenes,
  cardSize,
  webOptions,
  hasMore,
  onLoadMore,
  loadingMore = false,
}: SceneGridProps) {
  const { t } = useTranslation();
  const gridRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const options = useCardOptions(webOptions);
  const actions = useStableActions(scenes);
  const drawn = useFirstFrameLimit(scenes.length);
  // Not before the whole page is drawn: the end of the first rows is not the end of the list.
  const loadMore = useLoadMore(
    sentinelRef,
    hasMore && drawn === scenes.length,
    scenes.length,
    loadingMore,
    onLoadMore,
  );

  return (
    <CardActionsContext.Provider value={actions}>
      <section
        ref={gridRef}
        className={classes.grid}
        data-size={cardSize}
        data-testid="scene-grid"
        aria-label={t('sceneCard.grid')}
      >
        {(drawn < scenes.length ? scenes.slice(0, drawn) : scenes).map((scene) => (
          <SceneCard key={scene.id} scene={scene} options={options} />
        ))}
      </section>
      <GridTooltip containerRef={gridRef} />
      {hasMore && (
        <div className={classes.more}>
          <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
          <Button variant="light" onClick={loadMore} loading={loadingMore} data-testid="scene-load-more">
            {t('scenes.loadMore')}
          </Button>
        </div>
      )}
    </CardActionsContext.Provider>
  );
}

export default SceneGrid;
