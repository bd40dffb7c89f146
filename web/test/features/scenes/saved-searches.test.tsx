import type { Playlist } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSceneFilterQuery } from '../../../src/features/scenes/scene-filter-model';
import { savedSearch } from './scene-list-fixtures';
import { currentQ, renderScenesWithFilters, serveScenes } from './scenes-page-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const system = savedSearch({
  id: 1,
  name: 'Default',
  is_system: true,
  search_params: '{"sort":"release_desc"}',
});
const mine = savedSearch({
  id: 2,
  name: 'Mine',
  is_deo_enabled: true,
  search_params: JSON.stringify({ dlState: 'any', tags: ['&pov'], sort: 'added_desc', cardSize: '3' }),
});

function serve() {
  const created: Playlist = savedSearch({ id: 9, name: 'Fresh', search_params: '{}' });
  return serveScenes({
    playlists: [system, mine],
    extra: {
      'POST /api/playlist': { body: created },
      'PUT /api/playlist/2': ({ body }) => ({ body: { ...mine, ...(body as object) } }),
      'DELETE /api/playlist/2': { body: null },
    },
  });
}

async function choose(name: string) {
  await userEvent.click(screen.getByTestId('saved-search-select'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

const button = (name: string) => screen.getByRole('button', { name });

describe('saved searches', { timeout: 30_000 }, () => {
  it('show the list with the filters of the one chosen', async () => {
    const { lists } = serve();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    await choose('Mine');
    const shown = parseSceneFilterQuery(currentQ());
    expect(shown).toMatchObject({ dlState: 'any', tags: ['&pov'], sort: 'added_desc', cardSize: '3' });
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ dlState: 'any', tags: ['&pov'], offset: 0 }));
    expect(button('Edit saved search')).toBeEnabled();
    expect(button('Delete saved search')).toBeEnabled();
    // Picking the chosen one again after a change shows its filters again.
    await userEvent.click(screen.getByTestId('reset-filters'));
    expect(parseSceneFilterQuery(currentQ()).tags).toEqual([]);
    await choose('Mine');
    expect(parseSceneFilterQuery(currentQ()).tags).toEqual(['&pov']);
    expect(screen.getByTestId('saved-search-select')).toHaveValue('Mine');
  });

  it('keep system ones read-only, and nothing chosen offers only New', async () => {
    serve();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    expect(button('Edit saved search')).toBeDisabled();
    expect(button('Delete saved search')).toBeDisabled();
    await choose('Default');
    expect(button('Edit saved search')).toBeDisabled();
    expect(button('Delete saved search')).toBeDisabled();
    expect(screen.getByText('System saved searches cannot be changed')).toBeInTheDocument();
  });

  it('create one from the current filters; Save stays disabled while the name is empty', async () => {
    const { requests } = serve();
    await renderScenesWithFilters(
      '/?q=' + encodeURIComponent(btoa(JSON.stringify({ tags: ['!anal'], sort: 'title_asc' }))),
    );
    await screen.findByTestId('scene-grid');
    await userEvent.click(button('New saved search'));
    const dialog = await screen.findByTestId('saved-search-dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, '   ');
    expect(save).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Fresh');
    await userEvent.click(
      within(dialog).getByRole('switch', { name: 'Offer in DeoVR, HereSphere and DLNA' }),
    );
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('saved-search-dialog')).not.toBeInTheDocument());
    const post = requests.find((request) => request.method === 'POST' && request.url === '/api/playlist');
    expect(post?.body).toMatchObject({
      name: 'Fresh',
      is_deo_enabled: true,
      is_smart: true,
      playlist_type: 'scene',
    });
    const params = JSON.parse((post?.body as { search_params: string }).search_params) as object;
    expect(params).toMatchObject({ tags: ['!anal'], sort: 'title_asc', dlState: 'available', cardSize: '1' });
  });

  it('edit one: saves its name, switch and the current filters into it', async () => {
    const { requests } = serve();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    await choose('Mine');
    await userEvent.click(button('Edit saved search'));
    const dialog = await screen.findByTestId('saved-search-dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Mine');
    expect(within(dialog).getByRole('switch')).toBeChecked();
    await userEvent.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(name, 'Mine too');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/playlist/2');
    expect(put?.body).toMatchObject({ name: 'Mine too', is_deo_enabled: true });
    expect(JSON.parse((put?.body as { search_params: string }).search_params)).toMatchObject({
      tags: ['&pov'],
      sort: 'added_desc',
    });
  });

  it('delete one only after the confirmation', async () => {
    const { requests } = serve();
    await renderScenesWithFilters('/');
    await screen.findByTestId('scene-grid');
    await choose('Mine');
    await userEvent.click(button('Delete saved search'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(screen.getByText('Delete saved search', { selector: 'h2' })).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(button('Delete saved search'));
    await userEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'DELETE' && request.url === '/api/playlist/2'),
      ).toBe(true),
    );
    await waitFor(() => expect(button('Delete saved search')).toBeDisabled());
  });
});
