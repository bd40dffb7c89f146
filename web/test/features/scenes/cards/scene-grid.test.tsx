import type { Scene } from '@fovea/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { updateSceneInCaches } from '../../../../src/api/queries/scene-cache';
import { FIRST_FRAME_CARDS, SceneGrid } from '../../../../src/features/scenes/cards/SceneGrid';
import { createTestQueryClient } from '../../../test-utils';
import { GridFromCache, cardScene, renderWithDetails, seedList, webOptions } from './card-fixtures';

/** Render counter: every render of a card renders its flag buttons once. */
const renders = vi.hoisted(() => new Map<number, number>());
vi.mock('../../../../src/features/scenes/cards/SceneFlagButtons', () => ({
  SceneFlagButtons: ({ scene }: { scene: Scene }) => {
    renders.set(scene.id, (renders.get(scene.id) ?? 0) + 1);
    return <span data-testid={`flags-${scene.id}`}>{scene.favourite ? 'fav' : 'not fav'}</span>;
  },
}));

/** An IntersectionObserver the test drives. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    FakeObserver.instances = FakeObserver.instances.filter((observer) => observer !== this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Reports the sentinel as near the viewport. */
  static near() {
    for (const observer of FakeObserver.instances) {
      const entries = observer.targets.map((target) => ({ isIntersecting: true, target }));
      observer.callback(entries as unknown as IntersectionObserverEntry[], observer as never);
    }
  }
}

const many = (count: number) => Array.from({ length: count }, (_, i) => cardScene({ id: i + 1 }));

describe('SceneGrid', () => {
  it('re-renders only the card whose scene changed', () => {
    renders.clear();
    const queryClient = createTestQueryClient();
    // Fewer than the first frame draws, so every card renders once at mount.
    seedList(queryClient, many(FIRST_FRAME_CARDS));
    renderWithDetails(<GridFromCache />, queryClient);
    expect(renders.get(1)).toBe(1);
    expect(renders.get(FIRST_FRAME_CARDS)).toBe(1);

    const changed = { ...cardScene({ id: 5 }), favourite: true };
    act(() => updateSceneInCaches(queryClient, changed));
    return vi.waitFor(() => {
      expect(screen.getByTestId('flags-5')).toHaveTextContent(/^fav$/);
      expect(renders.get(5)).toBe(2);
      expect([...renders].filter(([, count]) => count !== 1)).toEqual([[5, 2]]);
    });
  });

  it('draws the first rows in the first frame and the rest of the page right after', async () => {
    renderWithDetails(
      <SceneGrid
        scenes={many(50)}
        cardSize={1}
        webOptions={webOptions()}
        hasMore={false}
        onLoadMore={vi.fn()}
      />,
    );
    expect(screen.getAllByTestId('scene-card')).toHaveLength(FIRST_FRAME_CARDS);
    await vi.waitFor(() => expect(screen.getAllByTestId('scene-card')).toHaveLength(50));
  });

  it('sets the columns by card size', () => {
    const { rerender } = renderWithDetails(
      <SceneGrid
        scenes={many(3)}
        cardSize={1}
        webOptions={webOptions()}
        hasMore={false}
        onLoadMore={vi.fn()}
      />,
    );
    expect(screen.getByTestId('scene-grid')).toHaveAttribute('data-size', '1');
    expect(screen.getAllByTestId('scene-card')).toHaveLength(3);
    rerender(
      <SceneGrid
        scenes={many(3)}
        cardSize={3}
        webOptions={webOptions()}
        hasMore={false}
        onLoadMore={vi.fn()}
      />,
    );
    expect(screen.getByTestId('scene-grid')).toHaveAttribute('data-size', '3');
  });

  it('offers Load more only while there is more, and loads near the end once per page', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    FakeObserver.instances = [];
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const view = renderWithDetails(
      <SceneGrid scenes={many(12)} cardSize={1} webOptions={webOptions()} hasMore onLoadMore={onLoadMore} />,
    );
    act(() => FakeObserver.near());
    act(() => FakeObserver.near());
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // The next page arrived: near the end again loads again.
    view.rerender(
      <SceneGrid scenes={many(24)} cardSize={1} webOptions={webOptions()} hasMore onLoadMore={onLoadMore} />,
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('scene-card')).toHaveLength(24));
    await vi.waitFor(() => {
      act(() => FakeObserver.near());
      expect(onLoadMore).toHaveBeenCalledTimes(2);
    });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(3);

    view.rerender(
      <SceneGrid
        scenes={many(24)}
        cardSize={1}
        webOptions={webOptions()}
        hasMore={false}
        onLoadMore={onLoadMore}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('does not load more by itself before the whole first page is drawn', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    FakeObserver.instances = [];
    const onLoadMore = vi.fn();
    renderWithDetails(
      <SceneGrid scenes={many(50)} cardSize={1} webOptions={webOptions()} hasMore onLoadMore={onLoadMore} />,
    );
    expect(screen.getAllByTestId('scene-card')).toHaveLength(FIRST_FRAME_CARDS);
    act(() => FakeObserver.near());
    expect(onLoadMore).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.getAllByTestId('scene-card')).toHaveLength(50));
    // The observer is made again once the page is drawn (an effect after that commit); near the end then
    // loads, once however often it is reported.
    await vi.waitFor(() => {
      act(() => FakeObserver.near());
      expect(onLoadMore).toHaveBeenCalledTimes(1);
    });
  });

  it('does not load more by itself while a page is loading', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    FakeObserver.instances = [];
    const onLoadMore = vi.fn();
    renderWithDetails(
      <SceneGrid
        scenes={many(12)}
        cardSize={2}
        webOptions={webOptions()}
        hasMore
        loadingMore
        onLoadMore={onLoadMore}
      />,
    );
    act(() => FakeObserver.near());
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
