import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTOR_CARD_SIZE_KEY,
  DEFAULT_ACTOR_FILTERS,
  actorsPath,
  parseActorFilterQuery,
} from '../../../src/features/actors/actor-filter-model';
import type { ActorFilters } from '../../../src/features/actors/actor-filter-model';
import { currentParams, renderActors, serveActors } from './actors-page-harness';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const routeFor = (patch: Partial<ActorFilters>) => actorsPath({ ...DEFAULT_ACTOR_FILTERS, ...patch });
const cardNames = () => screen.getAllByTestId('actor-card-name').map((card) => card.textContent);
const pageInput = () => screen.getByTestId('pager-input');

function nth(testId: string, index: number): HTMLElement {
  const element = screen.getAllByTestId(testId)[index];
  if (element === undefined) throw new Error(`no ${testId} at ${index}`);
  return element;
}
const nthCard = (index: number) => nth('actor-card', index);
const nthName = (index: number) => nth('actor-card-name', index);

async function shownPage(page: number, pages: number) {
  await waitFor(() => {
    expect(pageInput()).toHaveValue(String(page));
    expect(screen.getByTestId('pager-pages')).toHaveTextContent(`of ${pages}`);
  });
}

describe('actors route', { timeout: 30_000 }, () => {
  it('asks for the first 18 actors without their scenes, by name, and shows the total', async () => {
    const { lists } = serveActors();
    renderActors();
    expect(await screen.findByTestId('actors-total')).toHaveTextContent('60 actors');
    expect(lists[0]).toMatchObject({
      offset: 0,
      limit: 18,
      sort: 'name_asc',
      with_scenes: false,
      jumpTo: '',
    });
    expect(lists[0]).not.toHaveProperty('cardSize');
    expect(screen.getAllByTestId('actor-card')).toHaveLength(18);
    await shownPage(1, 4);
    const first = nthCard(0);
    expect(within(first).getByTestId('actor-card-counts')).toHaveTextContent('0 scenes / 0 available');
    await waitFor(() =>
      expect(within(first).getByTestId('actor-card-flag')).toHaveAttribute('alt', 'United Kingdom'),
    );
  });

  it('pages with the buttons and wraps at both ends', async () => {
    const { lists } = serveActors();
    renderActors();
    await shownPage(1, 4);
    await userEvent.click(screen.getByTestId('pager-previous'));
    await shownPage(4, 4);
    expect(lists.at(-1)).toMatchObject({ offset: 54, limit: 18 });
    await waitFor(() => expect(screen.getAllByTestId('actor-card')).toHaveLength(6));
    await userEvent.click(screen.getByTestId('pager-next'));
    await shownPage(1, 4);
    await userEvent.click(screen.getByTestId('pager-last'));
    await shownPage(4, 4);
    await userEvent.click(screen.getByTestId('pager-first'));
    await shownPage(1, 4);
    await waitFor(() => expect(cardNames()[0]).toBe('Actor 001'));
  });

  it('pages with Left/o and Right/p, wrapping, but not while typing or with details open', async () => {
    const { lists } = serveActors();
    renderActors();
    await shownPage(1, 4);
    await userEvent.keyboard('{ArrowRight}');
    await shownPage(2, 4);
    await userEvent.keyboard('p');
    await shownPage(3, 4);
    await userEvent.keyboard('o');
    await shownPage(2, 4);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await shownPage(4, 4);
    await userEvent.keyboard('p');
    await shownPage(1, 4);
    await waitFor(() => expect(cardNames()[0]).toBe('Actor 001'));
    expect(new Set(lists.map((request) => request.offset))).toEqual(new Set([0, 18, 36, 54]));

    // Typing in a field (the page number) does not page.
    const asked = lists.length;
    await userEvent.click(pageInput());
    await userEvent.keyboard('p');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(lists).toHaveLength(asked);
    await userEvent.click(document.body);

    // With actor details open, O/P belong to the overlay.
    await userEvent.click(screen.getByRole('button', { name: 'show actor 2' }));
    expect(screen.getByTestId('details-open')).toHaveTextContent('2');
    await userEvent.keyboard('p{ArrowRight}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageInput()).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: 'close details' }));
    await userEvent.keyboard('p');
    await shownPage(2, 4);
  });

  it('applies a typed page number 250 ms after the last key, clamped to the pages there are', async () => {
    const { lists } = serveActors();
    renderActors();
    await shownPage(1, 4);
    const input = pageInput();
    fireEvent.change(input, { target: { value: '3' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lists.some((request) => request.offset === 36)).toBe(false);
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ offset: 36 }));
    await shownPage(3, 4);
    fireEvent.change(input, { target: { value: '99' } });
    await shownPage(4, 4);
    expect(lists.at(-1)).toMatchObject({ offset: 54 });
    fireEvent.change(input, { target: { value: '0' } });
    await shownPage(1, 4);
    fireEvent.change(input, { target: { value: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(input).toHaveValue('1');
  });

  it('keeps the card size out of q, stores it, and keeps the page on a page boundary', async () => {
    const { lists } = serveActors();
    renderActors();
    await shownPage(1, 4);
    await userEvent.click(screen.getByTestId('pager-last'));
    await shownPage(4, 4); // offset 54
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ offset: 50, limit: 10 }));
    await shownPage(6, 6);
    expect(screen.getByTestId('actor-grid')).toHaveAttribute('data-size', '2');
    expect(window.localStorage.getItem(ACTOR_CARD_SIZE_KEY)).toBe('2');
    expect(currentParams().get('q')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'L' }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ offset: 48, limit: 8 }));
    await shownPage(7, 8);
  });

  it('shows the jump strip for the name sorts only; a letter shows the page the answer names', async () => {
    const { lists } = serveActors({ jumps: { M: 18, 'W/X/Y/Z': 54 } });
    renderActors();
    const strip = await screen.findByTestId('jump-strip');
    expect(
      within(strip)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...'ABCDEFGHIJKLMNOP'.split(''), 'Q/R', 'S', 'T', 'U/V', 'W/X/Y/Z']);
    await userEvent.click(within(strip).getByRole('button', { name: 'Names from M' }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ jumpTo: 'M', limit: 18 }));
    await shownPage(2, 4);
    expect(within(strip).getByRole('button', { name: 'Names from M' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // The jump answer is the page: no second call for it.
    expect(lists.filter((request) => request.offset === 18 && request.jumpTo === '')).toHaveLength(0);
    await userEvent.click(within(strip).getByRole('button', { name: 'Names from W/X/Y/Z' }));
    await shownPage(4, 4);
    expect(currentParams().get('q')).toBeNull();
  });

  it('has no jump strip for other sorts', async () => {
    serveActors();
    renderActors(routeFor({ sort: 'scene_count_desc' }));
    await screen.findByTestId('actor-grid');
    expect(screen.queryByTestId('jump-strip')).not.toBeInTheDocument();
  });

  it('starts at the first page again when the filters change or the route is visited again', async () => {
    const { lists } = serveActors();
    renderActors();
    await shownPage(1, 4);
    await userEvent.click(screen.getByTestId('pager-next'));
    await shownPage(2, 4);
    await userEvent.click(screen.getByRole('button', { name: 'visit the same route' }));
    await shownPage(1, 4);
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ offset: 0 }));
    await userEvent.click(screen.getByTestId('pager-next'));
    await shownPage(2, 4);
    await userEvent.click(screen.getByRole('checkbox', { name: /favourite/i }));
    await waitFor(() => expect(parseActorFilterQuery(currentParams().get('q')).lists).toEqual(['favourite']));
    await shownPage(1, 4);
    expect(lists.at(-1)).toMatchObject({ offset: 0, lists: ['favourite'] });
  });

  it('opens details from a card with the page as siblings', async () => {
    serveActors();
    const { opened } = renderActors();
    await screen.findByTestId('actor-grid');
    await userEvent.click(nthName(2));
    expect(opened).toHaveBeenCalledWith(3, { siblings: Array.from({ length: 18 }, (_, i) => i + 1) });
  });

  // The address names the actor shown on every route (DetailsUrlSync): test/app/details-url.test.tsx.
  it('leaves actor_id to the app: the page alone neither opens nor drops it', async () => {
    serveActors();
    const { opened } = renderActors('/actors?actor_id=5');
    await screen.findByTestId('actor-grid');
    expect(opened).not.toHaveBeenCalled();
    expect(currentParams().get('actor_id')).toBe('5');
  });

  it('flips favourite at once and back when the server refuses', async () => {
    let answer = 200;
    const { requests } = serveActors({
      extra: {
        'POST /api/actor/toggle': () => ({
          status: answer,
          body: answer === 200 ? undefined : { message: 'no' },
        }),
      },
    });
    renderActors();
    await screen.findByTestId('actor-grid');
    const card = () => nthCard(0);
    const favourite = () => within(card()).getByRole('button', { name: /favourites/ });
    expect(favourite()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(favourite());
    expect(favourite()).toHaveAttribute('aria-pressed', 'true');
    expect(requests.find((request) => request.url.endsWith('/api/actor/toggle'))?.body).toEqual({
      actor_id: 1,
      list: 'favourite',
    });
    answer = 500;
    await userEvent.click(within(card()).getByRole('button', { name: 'Add to watchlist' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.url.endsWith('/api/actor/toggle'))).toHaveLength(2),
    );
    await waitFor(() =>
      expect(within(card()).getByRole('button', { name: 'Add to watchlist' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(favourite()).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when no actor matches, with a reset', async () => {
    serveActors({ total: 0 });
    renderActors(routeFor({ lists: ['watchlist'] }));
    expect(await screen.findByTestId('actors-no-results')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('actors-reset-filters'));
    await waitFor(() => expect(parseActorFilterQuery(currentParams().get('q')).lists).toEqual([]));
  });

  it('shows skeleton cards while the first page loads', async () => {
    serveActors({ extra: { 'POST /api/actor/list': () => ({ status: 200, body: undefined }) } });
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderActors();
    expect(screen.getByTestId('actor-grid-loading')).toBeInTheDocument();
    await act(async () => {
      await Promise.resolve();
    });
  });
});
