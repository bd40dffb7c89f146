import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SceneGrid } from '../../../../src/features/scenes/cards/SceneGrid';
import { sceneWindowUrl } from '../../../../src/features/scenes/cards/scene-card-model';
import type { Scene, WebOptions } from '@fovea/contract';
import { cardFile, cardScene, castActor, cuepoint, renderWithDetails, webOptions } from './card-fixtures';

const ALL_OFF: Partial<WebOptions> = {
  sceneHidden: false,
  sceneWatchlist: false,
  sceneFavourite: false,
  sceneWishlist: false,
  sceneTrailerlist: false,
  sceneWatched: false,
  sceneEdit: false,
  sceneDuration: false,
  sceneCuepoint: false,
  showHspFile: false,
  showSubtitlesFile: false,
  showScriptHeatmap: false,
  showAllHeatmaps: false,
  showOpenInNewWindow: false,
};

function renderCards(scenes: Scene[], options: Partial<WebOptions> = {}) {
  return renderWithDetails(
    <SceneGrid
      scenes={scenes}
      cardSize={1}
      webOptions={webOptions(options)}
      hasMore={false}
      onLoadMore={() => undefined}
    />,
  );
}

const card = (id: number) => {
  const element = document.querySelector<HTMLElement>(`[data-scene-id="${id}"]`);
  if (element === null) throw new Error(`no card for scene ${id}`);
  return element;
};
const flagsOf = (id: number) =>
  [...card(id).querySelectorAll<HTMLElement>('[data-flag]')].map((button) => button.dataset.flag);

describe('SceneCard content', () => {
  it('shows cover through the proxy, site, date, title and cast; aka groups left out', () => {
    const scene = cardScene({
      id: 7,
      title: 'Sunny day',
      site: 'Best VR',
      cover_url: 'https://cdn.example.com/a b.jpg',
      cast: [castActor(1, 'Anna'), castActor(3, 'aka:Anna,Anne'), castActor(2, 'Bea')],
    });
    renderCards([scene]);
    const tile = within(card(7));
    expect(tile.getByText('Best VR')).toBeInTheDocument();
    expect(tile.getByText('2024-05-06')).toBeInTheDocument();
    expect(tile.getByRole('button', { name: 'Sunny day' })).toBeInTheDocument();
    expect(tile.getByText('Anna, Bea')).toBeInTheDocument();
    const image = card(7).querySelector('img');
    expect(image).toHaveAttribute('src', '/img/700x/https://cdn.example.com/a%20b.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('falls back to a blank placeholder when the cover fails or is missing without a video', () => {
    renderCards([cardScene({ id: 1 }), cardScene({ id: 2, cover_url: '', is_available: false })]);
    expect(within(card(2)).getByTestId('scene-cover-blank')).toBeInTheDocument();
    const image = card(1).querySelector('img');
    if (image === null) throw new Error('no cover image');
    fireEvent.error(image);
    // A failed cover gives way to the frame of the video, and a failed frame to the blank.
    const frame = card(1).querySelector('img');
    expect(frame).toHaveAttribute('src', '/api/dms/frame/1');
    if (frame === null) throw new Error('no frame image');
    fireEvent.error(frame);
    expect(within(card(1)).getByTestId('scene-cover-blank')).toBeInTheDocument();
    expect(card(1).querySelector('img')).toBeNull();
  });

  it('opens the details with the grid as siblings from the cover and the title', async () => {
    const user = userEvent.setup();
    const { details } = renderCards([cardScene({ id: 4 }), cardScene({ id: 9, title: 'Nine' })]);
    await user.click(within(card(9)).getByRole('button', { name: 'Nine' }));
    expect(details.open).toHaveBeenLastCalledWith(9, { siblings: [4, 9] });
    await user.click(within(card(4)).getByRole('button', { name: 'Show the details of Scene 4' }));
    expect(details.open).toHaveBeenLastCalledWith(4, { siblings: [4, 9] });
  });

  it('shows the duration only with sceneDuration', () => {
    const { unmount } = renderCards([cardScene({ id: 1, duration: 42 })], ALL_OFF);
    expect(within(card(1)).queryByText(/42 min/)).not.toBeInTheDocument();
    unmount();
    renderCards([cardScene({ id: 1, duration: 42 })], { ...ALL_OFF, sceneDuration: true });
    expect(within(card(1)).getByTestId('scene-duration')).toHaveTextContent('42 min');
  });
});

describe('SceneCard buttons per Web UI option', () => {
  it('shows no flag button with every option off', () => {
    renderCards([cardScene({ id: 1, is_available: false, trailer_source: 'https://x/t.mp4' })], ALL_OFF);
    expect(flagsOf(1)).toEqual([]);
    expect(within(card(1)).queryByRole('button', { name: 'Edit scene' })).not.toBeInTheDocument();
    expect(within(card(1)).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows each button when its option is on (defaults: hidden, watchlist, favourite)', () => {
    renderCards([cardScene({ id: 1 })]);
    expect(flagsOf(1)).toEqual(['is_hidden', 'watchlist', 'favourite']);
    renderCards([cardScene({ id: 2 })], { ...ALL_OFF, sceneWatched: true });
    expect(flagsOf(2)).toEqual(['watched']);
  });

  it('offers wishlist only while the scene is not available', () => {
    renderCards([cardScene({ id: 1, is_available: true }), cardScene({ id: 2, is_available: false })], {
      ...ALL_OFF,
      sceneWishlist: true,
    });
    expect(flagsOf(1)).toEqual([]);
    expect(flagsOf(2)).toEqual(['wishlist']);
  });

  it('offers the trailer list only when unavailable, with a trailer source, and the option on', () => {
    const scenes = [
      cardScene({ id: 1, is_available: false, trailer_source: '{"scene_url":"https://x"}' }),
      cardScene({ id: 2, is_available: false, trailer_source: '' }),
      cardScene({ id: 3, is_available: true, trailer_source: '{"scene_url":"https://x"}' }),
    ];
    const { unmount } = renderCards(scenes, { ...ALL_OFF, sceneTrailerlist: true });
    expect([flagsOf(1), flagsOf(2), flagsOf(3)]).toEqual([['trailerlist'], [], []]);
    unmount();
    renderCards(scenes, ALL_OFF);
    expect(flagsOf(1)).toEqual([]);
  });

  it('shows pressed state and the label of the next action', () => {
    renderCards([cardScene({ id: 1, favourite: true, watchlist: false })]);
    expect(within(card(1)).getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card(1)).getByRole('button', { name: 'Add to watchlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('edit opens the edit dialog; the new-window link opens the list with the scene', async () => {
    const user = userEvent.setup();
    const { details } = renderCards([cardScene({ id: 5 })], {
      ...ALL_OFF,
      sceneEdit: true,
      showOpenInNewWindow: true,
    });
    await user.click(within(card(5)).getByRole('button', { name: 'Edit scene' }));
    expect(details.openEdit).toHaveBeenCalledWith(5);
    expect(details.open).not.toHaveBeenCalled();
    const link = within(card(5)).getByRole('link', { name: 'Open in a new window' });
    expect(link).toHaveAttribute('href', `${import.meta.env.BASE_URL}#/?scene_id=5`);
    expect(sceneWindowUrl(5, '/ui/')).toBe('/ui/#/?scene_id=5');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows cuepoint count, HSP and subtitles indicators when enabled and present', () => {
    const scene = cardScene({
      id: 1,
      cuepoints: [cuepoint(1), cuepoint(2), cuepoint(3)],
      file: [cardFile({ id: 1, type: 'hsp' }), cardFile({ id: 2, type: 'subtitles' })],
    });
    const bare = cardScene({ id: 2 });
    const { unmount } = renderCards([scene, bare]);
    expect(within(card(1)).getByRole('img', { name: '3 cuepoints' })).toHaveTextContent('3');
    expect(within(card(1)).getByRole('img', { name: 'Has a HereSphere (HSP) file' })).toBeInTheDocument();
    expect(within(card(1)).getByRole('img', { name: 'Has subtitles' })).toBeInTheDocument();
    expect(card(2).querySelectorAll('[data-indicator]')).toHaveLength(0);
    unmount();
    renderCards([scene], ALL_OFF);
    expect(card(1).querySelectorAll('[data-indicator]')).toHaveLength(0);
  });

  it('draws the selected script heatmap, or all of them with showAllHeatmaps', () => {
    const scene = cardScene({
      id: 1,
      file: [
        cardFile({ id: 10, type: 'video' }),
        cardFile({ id: 11, type: 'script', filename: 'a.funscript', has_heatmap: true }),
        cardFile({
          id: 12,
          type: 'script',
          filename: 'b.funscript',
          has_heatmap: true,
          is_selected_script: true,
        }),
        cardFile({ id: 13, type: 'script', filename: 'c.funscript', has_heatmap: false }),
      ],
    });
    const heatmaps = () =>
      [...card(1).querySelectorAll('img[src^="/api/dms/heatmap/"]')].map((img) => img.getAttribute('src'));
    let view = renderCards([scene]);
    expect(heatmaps()).toEqual(['/api/dms/heatmap/12']);
    view.unmount();
    view = renderCards([scene], { showAllHeatmaps: true });
    expect(heatmaps()).toEqual(['/api/dms/heatmap/11', '/api/dms/heatmap/12']);
    view.unmount();
    renderCards([scene], { showScriptHeatmap: false, showAllHeatmaps: true });
    expect(heatmaps()).toEqual([]);
  });

  it('shows the first script heatmap when none is selected, and none when it has no heatmap', () => {
    const first = cardScene({
      id: 1,
      file: [cardFile({ id: 11, type: 'script', has_heatmap: true }), cardFile({ id: 12, type: 'script' })],
    });
    const noMap = cardScene({ id: 2, file: [cardFile({ id: 21, type: 'script' })] });
    renderCards([first, noMap]);
    expect(card(1).querySelector('img[src="/api/dms/heatmap/11"]')).not.toBeNull();
    expect(card(2).querySelector('img[src^="/api/dms/heatmap/"]')).toBeNull();
  });
});

describe('SceneCard availability and tooltips', () => {
  it('draws unavailable scenes at isAvailOpacity / 100', () => {
    const scenes = [cardScene({ id: 1, is_available: true }), cardScene({ id: 2, is_available: false })];
    const { unmount } = renderCards(scenes);
    expect(card(1).style.opacity).toBe('1');
    expect(card(2).style.opacity).toBe('0.4');
    unmount();
    renderCards(scenes, { isAvailOpacity: 70 });
    expect(card(2).style.opacity).toBe('0.7');
  });

  it('shows a button tooltip after 500 ms of hovering', () => {
    vi.useFakeTimers();
    renderCards([cardScene({ id: 1 })]);
    const button = within(card(1)).getByRole('button', { name: 'Add to favourites' });
    fireEvent.pointerOver(button);
    act(() => vi.advanceTimersByTime(450));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Add to favourites');
    fireEvent.pointerOut(button, { relatedTarget: document.body });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
