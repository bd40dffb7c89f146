import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ACTOR_FILTERS, actorsPath } from '../../../../src/features/actors/actor-filter-model';
import {
  actorSearch,
  currentLocation,
  renderSidebar,
  serveSidebar,
  shownFilters,
} from './actor-filter-harness';

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const mine = actorSearch({
  id: 4,
  name: 'Tattooed favourites',
  // A reference search keeps a card size and a dlState: neither is taken over.
  search_params: JSON.stringify({
    dlState: 'available',
    cardSize: '3',
    lists: ['favourite'],
    attributes: ['&Has Tattoo'],
    sort: 'rating_desc',
  }),
});
const system = actorSearch({
  id: 1,
  name: 'Possible Aka',
  is_system: true,
  search_params: '{"attributes":["Possible Aka"]}',
});

async function choose(name: string) {
  await userEvent.click(screen.getByTestId('saved-search-select'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('saved actor searches', { timeout: 30_000 }, () => {
  it('come from GET /api/playlist/actor and choosing one shows its filters, keeping the card size', async () => {
    window.localStorage.setItem('fovea.actors.cardSize', '2');
    const requests = serveSidebar([system, mine]);
    renderSidebar('/actors?actor_id=3');
    await choose('Tattooed favourites');
    expect(shownFilters()).toEqual({
      ...DEFAULT_ACTOR_FILTERS,
      lists: ['favourite'],
      attributes: ['&Has Tattoo'],
      sort: 'rating_desc',
    });
    expect(currentLocation()).not.toContain('actor_id');
    expect(screen.getByTestId('card-size')).toHaveTextContent('2');
    expect(requests.some((request) => request.url.endsWith('/api/playlist/actor'))).toBe(true);
    expect(requests.some((request) => /\/api\/playlist$/.test(request.url))).toBe(false);
  });

  it('keep system ones read-only', async () => {
    serveSidebar([system, mine]);
    renderSidebar();
    await choose('Possible Aka');
    expect(shownFilters().attributes).toEqual(['Possible Aka']);
    expect(screen.getByRole('button', { name: 'Edit saved search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete saved search' })).toBeDisabled();
  });

  it('create one as an actor search without the DeoVR switch, card size or dlState', async () => {
    const requests = serveSidebar([], {
      'POST /api/playlist': { body: actorSearch({ id: 9, name: 'Tall' }) },
    });
    renderSidebar(actorsPath({ ...DEFAULT_ACTOR_FILTERS, cardSize: '3', min_height: 175 }));
    await userEvent.click(screen.getByRole('button', { name: 'New saved search' }));
    const dialog = await screen.findByTestId('saved-search-dialog');
    expect(dialog).not.toHaveTextContent('Offer in DeoVR');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Tall');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const body = requests.find((request) => request.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Tall',
      playlist_type: 'actor',
      is_deo_enabled: false,
      is_smart: true,
    });
    const saved = JSON.parse(String(body.search_params)) as Record<string, unknown>;
    expect(saved).toMatchObject({ min_height: 175, sort: 'name_asc' });
    expect(saved).not.toHaveProperty('cardSize');
    expect(saved).not.toHaveProperty('dlState');
  });

  it('edit one: the current filters go into it with PUT', async () => {
    const requests = serveSidebar([mine], {
      'PUT /api/playlist/4': ({ body }) => ({ body: { ...mine, ...(body as object) } }),
    });
    renderSidebar();
    await choose('Tattooed favourites');
    await userEvent.click(screen.getByText('Watchlist'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit saved search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const body = requests.find((request) => request.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Tattooed favourites',
      playlist_type: 'actor',
      is_deo_enabled: false,
    });
    expect(JSON.parse(String(body.search_params))).toMatchObject({ lists: ['watchlist', 'favourite'] });
  });
});
