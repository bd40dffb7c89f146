import { SceneFilterState, decodeFilterQuery } from '@fovea/contract';
import type { Scene } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import {
  Opener,
  cuepointAt,
  detailsActor,
  detailsFile,
  detailsOptions,
  detailsScene,
  detailsServer,
  session,
} from './details-fixtures';

const player = vi.hoisted(() => ({
  getCurrentTime: vi.fn(() => 12.5),
  seekTo: vi.fn(),
  pause: vi.fn(),
  play: vi.fn(),
  skip: vi.fn(),
}));

vi.mock('../../../src/features/player/ScenePlayer', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    default: function ScenePlayerMock({ scene, ref }: { scene: Scene; ref?: React.Ref<typeof player> }) {
      useImperativeHandle(ref, () => player);
      return <div data-testid="scene-player">{scene.title}</div>;
    },
  };
});

vi.mock('../../../src/features/scene-cuepoints/CuepointsTab', () => ({
  default: function CuepointsTabMock({
    scene,
    getCurrentTime,
  }: {
    scene: Scene;
    getCurrentTime?: () => number | null;
  }) {
    return (
      <div data-testid="cuepoints-tab">
        {scene.cuepoints.length} cuepoints, player at {String(getCurrentTime?.())}
      </div>
    );
  },
}));

vi.mock('../../../src/features/scene-edit/SceneEditDialog', () => ({
  default: function SceneEditDialogMock({
    sceneId,
    onClose,
  }: {
    sceneId: number | null;
    onClose: () => void;
  }) {
    return (
      <div role="dialog" aria-label={`Edit ${String(sceneId)}`}>
        <button type="button" onClick={onClose}>
          close edit
        </button>
      </div>
    );
  },
}));

const user = () => userEvent.setup({ delay: null });
const overlay = () => screen.findByTestId('scene-details');
const title = (text: string) => screen.findByRole('heading', { name: new RegExp(text) });
const toggles = (requests: { method: string; url: string; body: unknown }[]) =>
  requests.filter((r) => r.url === '/api/scene/toggle').map((r) => (r.body as { list: string }).list);

async function openScene(sceneId: number, siblings?: number[]) {
  const u = user();
  renderWithProviders(<Opener sceneId={sceneId} options={siblings ? { siblings } : undefined} />);
  await u.click(screen.getByRole('button', { name: 'open scene' }));
  await overlay();
  return u;
}

afterEach(() => {
  window.location.hash = '';
  vi.clearAllMocks();
});

describe('scene details overlay', { timeout: 20_000 }, () => {
  it('shows the scene: title, date, site, duration, rating, chips, tab counts and the description', async () => {
    const scene = detailsScene({
      file: [detailsFile({ id: 1 }), detailsFile({ id: 2, type: 'script', filename: 'a.funscript' })],
      cuepoints: [cuepointAt(1, 10), cuepointAt(2, 20), cuepointAt(3, 30)],
      members_url: 'https://members.example/42',
    });
    detailsServer({ scenes: [scene] });
    const u = await openScene(42);
    expect(await title('Sunny day 42')).toBeInTheDocument();
    expect(screen.getByTestId('scene-details-release')).toHaveTextContent('2024-05-06');
    expect(screen.getByRole('link', { name: /Studio VR/ })).toHaveAttribute('href', scene.scene_url);
    expect(screen.getByRole('link', { name: /Members Link/ })).toHaveAttribute(
      'href',
      'https://members.example/42',
    );
    expect(screen.getByText('42 minutes')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Scene rating' })).toHaveAttribute('aria-valuenow', '3.5');
    expect(screen.getByRole('button', { name: 'Alice Example, 28 in scene (3/5)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'outdoor (12)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Files (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Cuepoints (3)' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Search fields' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Description' }));
    expect(screen.getByText('A sunny day by the lake.')).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Cuepoints (3)' }));
    expect(await screen.findByTestId('cuepoints-tab')).toHaveTextContent('3 cuepoints, player at null');
    // No siblings: no previous/next arrows.
    expect(screen.queryByRole('button', { name: 'Previous scene' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next scene' })).not.toBeInTheDocument();
    expect(screen.getByTestId('current-id')).toHaveTextContent('42');
  });

  it('lists the watch sessions with their total', async () => {
    const scene = detailsScene({
      history: [session(1, '2025-01-02T10:00:00Z', 600), session(2, '2025-01-03T10:00:00Z', 65)],
    });
    detailsServer({ scenes: [scene] });
    const u = await openScene(42);
    await u.click(await screen.findByRole('tab', { name: 'Watch history' }));
    expect(screen.getByText('2 view sessions, total duration 00:11:05')).toBeInTheDocument();
    expect(within(screen.getByTestId('watch-history')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('00:10:00')).toBeInTheDocument();
  });

  it('obeys the advanced options: internal id, HereSphere link, search fields', async () => {
    const { requests } = detailsServer({
      scenes: [detailsScene()],
      options: detailsOptions(
        {},
        { showInternalSceneId: true, showHSPApiLink: true, showSceneSearchField: true },
      ),
      extra: {
        'GET /api/scene/searchfields': { body: [{ fieldName: 'title', fieldValue: 'sunny day' }] },
      },
    });
    const u = await openScene(42);
    expect(await screen.findByTestId('scene-internal-id')).toHaveTextContent('Internal ID: 42');
    expect(screen.getByRole('link', { name: /HereSphere API/ })).toHaveAttribute('href', '/heresphere/42');
    await u.click(screen.getByRole('tab', { name: 'Search fields' }));
    expect(await screen.findByTestId('search-fields')).toHaveTextContent('title – sunny day');
    expect(requests.some((r) => r.url === '/api/scene/searchfields?q=42')).toBe(true);
  });

  it('hides the internal id, HereSphere link and search fields by default', async () => {
    const { requests } = detailsServer({ scenes: [detailsScene()] });
    await openScene(42);
    await title('Sunny day 42');
    expect(screen.getByTestId('scene-details-footer')).toHaveTextContent('studio-42');
    expect(screen.queryByTestId('scene-internal-id')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /HereSphere API/ })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/api/scene/searchfields'))).toBe(false);
  });

  it('moves between the siblings with the arrows and O/P, without wrapping', async () => {
    detailsServer({ scenes: [detailsScene({ id: 1 }), detailsScene({ id: 2 }), detailsScene({ id: 3 })] });
    const u = await openScene(2, [1, 2, 3]);
    await title('Sunny day 2');
    await u.click(screen.getByRole('button', { name: 'Next scene' }));
    await title('Sunny day 3');
    expect(screen.queryByRole('button', { name: 'Next scene' })).not.toBeInTheDocument();
    await u.keyboard('p');
    expect(await title('Sunny day 3')).toBeInTheDocument();
    await u.keyboard('o');
    await title('Sunny day 2');
    await u.keyboard('o');
    await title('Sunny day 1');
    expect(screen.queryByRole('button', { name: 'Previous scene' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Next scene' }));
    await title('Sunny day 2');
    expect(screen.getByTestId('current-id')).toHaveTextContent('2');
  });

  it('flips flags and resets the rating with F, W, Shift+W, T and 0, at once', async () => {
    const { requests } = detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    await title('Sunny day 42');
    await u.keyboard('f');
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await u.keyboard('w');
    expect(screen.getByRole('button', { name: 'Remove from watchlist' })).toBeInTheDocument();
    await u.keyboard('{Shift>}W{/Shift}');
    expect(screen.getByRole('button', { name: 'Mark as not watched' })).toBeInTheDocument();
    await u.keyboard('t');
    await u.keyboard('0');
    expect(screen.getByRole('slider', { name: 'Scene rating' })).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() =>
      expect(toggles(requests)).toEqual(['favourite', 'watchlist', 'watched', 'trailerlist']),
    );
    expect(requests.find((r) => r.url === '/api/scene/rate/42')?.body).toEqual({ rating: 0 });
  });

  it('flips a flag with its button, and offers wishlist and trailer list only for unavailable scenes', async () => {
    const { requests } = detailsServer({
      scenes: [detailsScene({ is_available: false, trailer_source: '{"url":"x"}' })],
    });
    const u = await openScene(42);
    await title('Sunny day 42');
    await u.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await u.click(screen.getByRole('button', { name: 'Add to trailer list' }));
    await u.click(screen.getByRole('button', { name: 'Refresh on next scrape' }));
    await u.click(screen.getByRole('button', { name: 'Hide scene' }));
    await waitFor(() =>
      expect(toggles(requests)).toEqual(['wishlist', 'trailerlist', 'needs_update', 'is_hidden']),
    );
    expect(screen.getByRole('button', { name: 'Unhide scene' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('has no wishlist or trailer list button for an available scene', async () => {
    detailsServer({ scenes: [detailsScene({ trailer_source: '{"url":"x"}' })] });
    await openScene(42);
    await title('Sunny day 42');
    expect(screen.queryByRole('button', { name: 'Add to wishlist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to trailer list' })).not.toBeInTheDocument();
  });

  it('E opens the edit dialog; the overlay keys rest while it is open', async () => {
    const { requests } = detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    await title('Sunny day 42');
    await u.keyboard('e');
    const dialog = await screen.findByRole('dialog', { name: 'Edit 42' });
    await u.keyboard('f');
    await u.keyboard('{Escape}');
    expect(screen.getByTestId('scene-details')).toBeInTheDocument();
    expect(toggles(requests)).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'close edit' }));
    expect(screen.queryByRole('dialog', { name: 'Edit 42' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Edit scene' }));
    expect(await screen.findByRole('dialog', { name: 'Edit 42' })).toBeInTheDocument();
  });

  it('opens straight into the edit dialog when asked', async () => {
    detailsServer({ scenes: [detailsScene()] });
    await openScene(42);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'edit scene' }));
    expect(await screen.findByRole('dialog', { name: 'Edit 42' })).toBeInTheDocument();
  });

  it('moves the carousel with the arrows and Left/Right, wrapping', async () => {
    detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    const gallery = await screen.findByTestId('scene-gallery');
    expect(gallery).toHaveAttribute('data-slides', '3');
    expect(gallery).toHaveAttribute('data-slide', '0');
    expect(screen.getByTestId('gallery-image')).toHaveAttribute(
      'src',
      '/img/700,fit/https://cdn.example/cover.jpg',
    );
    await u.keyboard('{ArrowRight}');
    expect(screen.getByTestId('scene-gallery')).toHaveAttribute('data-slide', '1');
    await u.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('scene-gallery')).toHaveAttribute('data-slide', '2');
    await u.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(screen.getByTestId('scene-gallery')).toHaveAttribute('data-slide', '0');
    await u.click(screen.getByRole('button', { name: 'Picture 2 of 3' }));
    expect(screen.getByTestId('gallery-image')).toHaveAttribute(
      'src',
      '/img/700,fit/https://cdn.example/gallery-1.jpg',
    );
  });

  it('G toggles Gallery and Player; in the player Left/Right skip and cuepoints read its time', async () => {
    detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    await title('Sunny day 42');
    expect(screen.queryByTestId('scene-player')).not.toBeInTheDocument();
    await u.keyboard('g');
    expect(await screen.findByTestId('scene-player')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await u.keyboard('{ArrowLeft}');
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(player.skip.mock.calls).toEqual([[-1], [1], [1]]);
    await u.click(screen.getByRole('tab', { name: 'Cuepoints (0)' }));
    expect(await screen.findByTestId('cuepoints-tab')).toHaveTextContent('player at 12.5');
    await u.keyboard('g');
    expect(screen.queryByTestId('scene-player')).not.toBeInTheDocument();
    expect(await screen.findByTestId('scene-gallery')).toBeInTheDocument();
  });

  it('Esc and the close button close the overlay', async () => {
    detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    await title('Sunny day 42');
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument());
    expect(screen.getByTestId('current-id')).toHaveTextContent('null');
    await u.click(screen.getByRole('button', { name: 'open scene' }));
    await title('Sunny day 42');
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument());
  });

  it('keys typed in a field are left alone', async () => {
    const { requests } = detailsServer({
      scenes: [detailsScene()],
      options: detailsOptions({}, { showSceneSearchField: true }),
      extra: { 'GET /api/scene/searchfields': { body: [] } },
    });
    const u = await openScene(42);
    await title('Sunny day 42');
    const input = document.createElement('input');
    screen.getByTestId('scene-details-heading').appendChild(input);
    input.focus();
    await u.keyboard('fw0');
    expect(toggles(requests)).toEqual([]);
  });

  it('keys pressed in a dialog opened over the overlay are left to it', async () => {
    const { requests } = detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    await title('Sunny day 42');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const foreign = document.createElement('button');
    dialog.appendChild(foreign);
    document.body.appendChild(dialog);
    foreign.focus();
    await u.keyboard('f{Escape}');
    expect(screen.getByTestId('scene-details')).toBeInTheDocument();
    expect(toggles(requests)).toEqual([]);
    dialog.remove();
  });

  it('keys still work when the focus was left on the page behind the overlay', async () => {
    const { requests } = detailsServer({ scenes: [detailsScene()] });
    const u = await openScene(42);
    await title('Sunny day 42');
    const behind = document.createElement('button');
    document.body.appendChild(behind);
    behind.focus();
    await u.keyboard('f');
    await waitFor(() => expect(toggles(requests)).toEqual(['favourite']));
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument());
    behind.remove();
  });

  it('says a scene the server does not know (zero scene or 404) is not found, with a close button', async () => {
    detailsServer({
      scenes: [],
      extra: {
        'GET /api/scene/77': { body: detailsScene({ id: 0 }) },
        'GET /api/scene/78': { status: 404, body: { error: 'Not Found', message: 'no' } },
      },
    });
    const u = user();
    const first = renderWithProviders(<Opener sceneId={77} />);
    await u.click(screen.getByRole('button', { name: 'open scene' }));
    const notFound = await screen.findByTestId('scene-details-not-found');
    expect(notFound).toHaveTextContent('There is no such scene');
    expect(screen.getByTestId('current-id')).toHaveTextContent('77');
    await u.click(within(notFound).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('current-id')).toHaveTextContent('null'));
    expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument();
    first.unmount();

    renderWithProviders(<Opener sceneId={78} />);
    await u.click(screen.getByRole('button', { name: 'open scene' }));
    expect(await screen.findByTestId('scene-details-not-found')).toBeInTheDocument();
  });

  it('a chip shows the scene list filtered by it alone and closes the overlay', async () => {
    detailsServer({
      scenes: [detailsScene({ cast: [detailsActor(7, 'Alice Example')] })],
      options: detailsOptions({ showOpenInNewWindow: false }),
    });
    const u = await openScene(42);
    await title('Sunny day 42');
    expect(screen.queryByRole('link', { name: /in a new window/ })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Alice Example (3/5)' }));
    await waitFor(() => expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument());
    const q = new URLSearchParams(window.location.hash.replace(/^#\/\?/, '')).get('q') ?? '';
    expect(decodeFilterQuery(q, SceneFilterState)).toMatchObject({
      cast: ['Alice Example'],
      tags: [],
      sites: [],
    });
  });

  it('site and tag chips filter by site and tag; new-window links when the option is on', async () => {
    detailsServer({ scenes: [detailsScene()], options: detailsOptions({ showOpenInNewWindow: true }) });
    const u = await openScene(42);
    await title('Sunny day 42');
    const newWindow = screen.getByRole('link', { name: 'Open the scenes of outdoor in a new window' });
    expect(newWindow).toHaveAttribute('target', '_blank');
    const linked = new URL(newWindow.getAttribute('href') ?? '');
    const q = new URLSearchParams(linked.hash.replace(/^#\/\?/, '')).get('q') ?? '';
    expect(decodeFilterQuery(q, SceneFilterState)).toMatchObject({ tags: ['outdoor'], cast: [] });
    await u.click(screen.getByRole('button', { name: 'Studio VR' }));
    const siteQ = new URLSearchParams(window.location.hash.replace(/^#\/\?/, '')).get('q') ?? '';
    expect(decodeFilterQuery(siteQ, SceneFilterState)).toMatchObject({ sites: ['Studio VR'], tags: [] });
  });
});
