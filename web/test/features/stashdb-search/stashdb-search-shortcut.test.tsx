import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse, RecordedRequest } from '../../test-utils';
import {
  Opener,
  alternateSource,
  detailsOptions,
  detailsScene,
  detailsServer,
} from '../scene-details/details-fixtures';
import { SEARCH_PATH, searchAnswer, searchedTexts, stashResult } from './stashdb-fixtures';

vi.mock('../../../src/features/scene-cuepoints/CuepointsTab', () => ({ default: () => null }));
vi.mock('../../../src/features/player/ScenePlayer', () => ({ default: () => null }));
vi.mock('../../../src/features/scene-edit/SceneEditDialog', () => ({ default: () => null }));

const user = () => userEvent.setup({ delay: null });
const title = (text: string) => screen.findByRole('heading', { name: new RegExp(text) });
const toggles = (requests: RecordedRequest[]) => requests.filter((r) => r.url === '/api/scene/toggle');

async function openScene(extra: Record<string, MockResponse | MockHandler> = {}) {
  const server = detailsServer({
    scenes: [detailsScene()],
    options: detailsOptions({}, { stashApiKey: 'secret' }),
    alternates: { 42: [alternateSource()] },
    extra: { [`GET ${SEARCH_PATH}`]: { body: searchAnswer([stashResult('a')]) }, ...extra },
  });
  const u = user();
  renderWithProviders(<Opener sceneId={42} />);
  await u.click(screen.getByRole('button', { name: 'open scene' }));
  await title('Sunny day 42');
  return { u, requests: server.requests, set: server.set };
}

describe('StashDB search from scene details', { timeout: 20_000 }, () => {
  it('S opens the search for the scene; the overlay keys rest while it is open', async () => {
    const { u, requests } = await openScene();
    await u.keyboard('s');
    const dialog = await screen.findByRole('dialog', { name: 'Search StashDB' });
    expect(within(dialog).getByRole('textbox', { name: 'Search StashDB scenes' })).toHaveValue(
      'Sunny day 42',
    );
    await waitFor(() => expect(searchedTexts(requests)).toEqual(['Sunny day 42']));
    await screen.findByTestId('stashdb-results');
    within(dialog).getByRole('button', { name: 'Link' }).focus();
    await u.keyboard('f');
    await u.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search StashDB' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('scene-details')).toBeInTheDocument();
    expect(toggles(requests)).toEqual([]);
  });

  it('the Search StashDB button opens it too', async () => {
    const { u } = await openScene();
    await u.click(screen.getByRole('button', { name: 'Search StashDB' }));
    expect(await screen.findByTestId('stashdb-search-dialog')).toBeInTheDocument();
  });

  it('linking shows the scene the server answers in the overlay', async () => {
    const linked = detailsScene({ title: 'Sunny day (linked)' });
    const { u, set } = await openScene({
      'GET /api/extref/stashdb/link2scene/42/a': () => {
        set(linked);
        return { body: linked };
      },
    });
    await u.keyboard('s');
    await u.click(await screen.findByRole('button', { name: 'Link' }));
    expect(await title('Sunny day \\(linked\\)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('stashdb-search-dialog')).not.toBeInTheDocument());
  });

  it('S does nothing while typing in a field', async () => {
    const { u, requests } = await openScene();
    const input = document.createElement('input');
    screen.getByTestId('scene-details-heading').appendChild(input);
    input.focus();
    await u.keyboard('s');
    expect(screen.queryByTestId('stashdb-search-dialog')).not.toBeInTheDocument();
    expect(searchedTexts(requests)).toEqual([]);
  });

  it('S does nothing in an alternate-source view, which has no button for it', async () => {
    const { u, requests } = await openScene();
    await u.click(await screen.findByRole('button', { name: /Show the alternate source/ }));
    await title('alternate cut');
    expect(screen.queryByRole('button', { name: 'Search StashDB' })).not.toBeInTheDocument();
    await u.keyboard('s');
    expect(screen.queryByTestId('stashdb-search-dialog')).not.toBeInTheDocument();
    expect(searchedTexts(requests)).toEqual([]);
  });
});
