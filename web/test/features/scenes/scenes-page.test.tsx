import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SCENE_FILTERS,
  encodeSceneFilterQuery,
  parseSceneFilterQuery,
} from '../../../src/features/scenes/scene-filter-model';
import type { SceneFilters } from '../../../src/features/scenes/scene-filter-model';
import { currentQ, renderScenes, renderScenesWithFilters, serveScenes } from './scenes-page-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const routeFor = (patch: Partial<SceneFilters>) =>
  `/?q=${encodeURIComponent(encodeSceneFilterQuery({ ...DEFAULT_SCENE_FILTERS, ...patch }))}`;

const shownFilters = () => parseSceneFilterQuery(currentQ());

describe('scenes route', { timeout: 30_000 }, () => {
  it('restores the state from q and asks for the first 80 scenes with it', async () => {
    const { lists } = serveScenes();
    await renderScenesWithFilters(
      routeFor({
        cast: ['&Jane Doe'],
        sort: 'title_asc',
        dlState: 'downloaded',
        cardSize: '2',
        isAvailable: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('scene-results-count')).toHaveTextContent('3 scenes'));
    expect(lists[0]).toMatchObject({
      cast: ['&Jane Doe'],
      sort: 'title_asc',
      dlState: 'downloaded',
      isAvailable: true,
      isAccessible: null,
      offset: 0,
      limit: 80,
    });
    expect(lists[0]).not.toHaveProperty('cardSize');
    const chip = screen.getByTestId('filter-chip-cast');
    expect(chip).toHaveAttribute('data-mode', 'must');
    expect(screen.getByTestId('scene-grid')).toHaveAttribute('data-size', '2');
    expect(screen.getByRole('radio', { name: 'Downloaded (4)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Any (8)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Not downloaded (4)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hidden (2)' })).toBeInTheDocument();
  });

  it('draws the filters once the first page of scenes is in, its heading at once', async () => {
    serveScenes();
    renderScenes('/');
    expect(screen.getByRole('heading', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByTestId('reset-filters')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sort-select')).not.toBeInTheDocument();
    await screen.findByTestId('scene-grid');
    expect(await screen.findByTestId('reset-filters')).toBeInTheDocument();
    expect(screen.getByTestId('sort-select')).toBeInTheDocument();
  });

  it('starts with available scenes, newest release first', async () => {
    const { lists } = serveScenes();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    expect(lists[0]).toMatchObject({
      dlState: 'available',
      isAvailable: true,
      isAccessible: true,
      sort: 'release_desc',
    });
    expect(screen.getByRole('radio', { name: 'Available right now (3)' })).toBeChecked();
    expect(screen.getByTestId('sort-select')).toHaveValue('Release date (newest first)');
  });

  it('cycles a cast chip include -> & -> ! -> include, each click a new q reloading from offset 0', async () => {
    const { lists } = serveScenes();
    await renderScenesWithFilters(routeFor({ cast: ['Jane Doe'] }));
    const chipButton = () => screen.getByRole('button', { name: /^Jane Doe \(/ });
    await screen.findByTestId('scene-grid');
    for (const [mode, entry] of [
      ['must', '&Jane Doe'],
      ['exclude', '!Jane Doe'],
      ['include', 'Jane Doe'],
    ] as const) {
      await userEvent.click(chipButton());
      expect(shownFilters().cast).toEqual([entry]);
      expect(screen.getByTestId('filter-chip-cast')).toHaveAttribute('data-mode', mode);
      await waitFor(() => expect(lists.at(-1)).toMatchObject({ cast: [entry], offset: 0 }));
    }
  });

  it('toggles a site between include and exclude only', async () => {
    serveScenes();
    await renderScenesWithFilters(routeFor({ sites: ['Alpha VR'] }));
    await screen.findByTestId('scene-grid');
    await userEvent.click(screen.getByRole('button', { name: /^Alpha VR \(/ }));
    expect(shownFilters().sites).toEqual(['!Alpha VR']);
    await userEvent.click(screen.getByRole('button', { name: /^Alpha VR \(/ }));
    expect(shownFilters().sites).toEqual(['Alpha VR']);
  });

  it('adds a picked name as include, says when nothing matches, and removes a chip', async () => {
    serveScenes();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    const cast = screen.getByTestId('filter-picker-cast');
    await userEvent.type(cast, 'zz');
    expect(await screen.findByText('No Matching Cast')).toBeInTheDocument();
    await userEvent.clear(cast);
    await userEvent.type(cast, 'zo');
    await userEvent.click(await screen.findByRole('option', { name: 'Zoë' }));
    expect(shownFilters().cast).toEqual(['Zoë']);
    await userEvent.type(screen.getByTestId('filter-picker-sites'), 'zz');
    expect(await screen.findByText('No matching sites')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('filter-picker-attributes'), 'zz');
    expect(await screen.findByText('No matching attributes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Zoë' }));
    expect(shownFilters().cast).toEqual([]);
  });

  it('takes a typed cuepoint pattern with Enter', async () => {
    serveScenes();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    await userEvent.type(screen.getByTestId('filter-picker-cuepoint'), '*cowgirl*{Enter}');
    expect(shownFilters().cuepoint).toEqual(['*cowgirl*']);
  });

  it('changes lists, watched, download state and sort through the route', async () => {
    const { lists } = serveScenes();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Watchlist' }));
    expect(shownFilters().lists).toEqual(['watchlist']);
    await userEvent.click(screen.getByRole('radio', { name: 'Unwatched' }));
    expect(shownFilters().isWatched).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: /^Hidden/ }));
    expect(shownFilters()).toMatchObject({ dlState: 'hidden', isAvailable: null, isHidden: true });
    await userEvent.click(screen.getByTestId('sort-select'));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(21);
    await userEvent.click(screen.getByRole('option', { name: 'Rating (highest first)' }));
    expect(shownFilters().sort).toBe('rating_desc');
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({
        lists: ['watchlist'],
        isWatched: false,
        dlState: 'hidden',
        sort: 'rating_desc',
        offset: 0,
      }),
    );
  });

  it('changes the card size in q without asking for the list again', async () => {
    const { lists } = serveScenes();
    renderScenes('/');
    await screen.findByTestId('scene-grid');
    const calls = lists.length;
    await userEvent.click(within(screen.getByTestId('card-size')).getByText('L'));
    expect(shownFilters().cardSize).toBe('3');
    expect(screen.getByTestId('scene-grid')).toHaveAttribute('data-size', '3');
    expect(lists).toHaveLength(calls);
  });

  it('reloads from offset 0 when the route is navigated to again with the same q', async () => {
    const { lists } = serveScenes({ total: 100 });
    const route = routeFor({ tags: ['pov'] });
    renderScenes(route);
    await screen.findByTestId('scene-grid');
    await userEvent.click(screen.getByTestId('scene-load-more'));
    await waitFor(() => expect(lists.map((request) => request.offset)).toEqual([0, 80]));
    await userEvent.click(screen.getByRole('button', { name: 'visit the same route' }));
    await waitFor(() => expect(lists.map((request) => request.offset)).toEqual([0, 80, 0]));
    expect(lists[2]?.tags).toEqual(['pov']);
    await waitFor(() =>
      expect(within(screen.getByTestId('scene-grid')).getAllByTestId('scene-card')).toHaveLength(80),
    );
  });

  it('loads 80 more on Load more, appended after the first 80, until all are shown', async () => {
    const { lists } = serveScenes({ total: 100 });
    renderScenes('/');
    const grid = await screen.findByTestId('scene-grid');
    const cards = () => within(grid).getAllByTestId('scene-card');
    await waitFor(() => expect(cards()).toHaveLength(80));
    await userEvent.click(screen.getByTestId('scene-load-more'));
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(lists.map((request) => request.offset)).toEqual([0, 80]);
    expect(cards().map((card) => Number(card.dataset.sceneId))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(screen.queryByTestId('scene-load-more')).not.toBeInTheDocument();
  });

  it('restores the earlier state on a route update (history back)', async () => {
    serveScenes();
    await renderScenesWithFilters(routeFor({ tags: ['pov'] }));
    await screen.findByTestId('scene-grid');
    await userEvent.click(screen.getByRole('button', { name: /^pov \(/ }));
    expect(screen.getByTestId('filter-chip-tags')).toHaveAttribute('data-mode', 'must');
    await userEvent.click(screen.getByRole('button', { name: 'history back' }));
    expect(screen.getByTestId('filter-chip-tags')).toHaveAttribute('data-mode', 'include');
    expect(shownFilters().tags).toEqual(['pov']);
  });

  it('resets every filter but keeps the card size', async () => {
    serveScenes();
    await renderScenesWithFilters(routeFor({ tags: ['pov'], sort: 'random', cardSize: '2' }));
    await screen.findByTestId('scene-grid');
    await userEvent.click(screen.getByTestId('reset-filters'));
    expect(shownFilters()).toEqual({ ...DEFAULT_SCENE_FILTERS, cardSize: '2' });
    expect(screen.getByTestId('reset-filters')).toBeDisabled();
  });

  it('opens the scene of the navigation state once, fetched first, and clears the state', async () => {
    const { requests } = serveScenes();
    const { details } = renderScenes({ pathname: '/', state: { sceneId: 5, edit: true } });
    await waitFor(() => expect(details.open).toHaveBeenCalledWith(5, { edit: true }));
    expect(requests.some((request) => request.url === '/api/scene/5')).toBe(true);
    expect(screen.getByTestId('location-state')).toHaveTextContent('null');
    await screen.findByTestId('scene-grid');
    expect(details.open).toHaveBeenCalledTimes(1);
  });

  // The address names the scene shown on every route (DetailsUrlSync): test/app/details-url.test.tsx.
  it('leaves a ?scene_id= link to the app: the page alone neither opens nor drops it', async () => {
    serveScenes();
    const { details } = renderScenes('/?scene_id=5');
    await screen.findByTestId('scene-grid');
    expect(details.open).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/?scene_id=5');
  });

  it('shows the back-to-top button only after scrolling more than 20 px', async () => {
    serveScenes();
    renderScenes('/');
    await screen.findByTestId('scene-grid');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const scrollBy = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        fireEvent.scroll(window);
      });
    scrollBy(20);
    expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument();
    scrollBy(21);
    await userEvent.click(await screen.findByTestId('back-to-top'));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollBy(0);
    await waitFor(() => expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument());
  });
});
