import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { Scene, SceneListResponse } from '@fovea/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../src/api/query-keys';
import { StashdbSceneSearchDialog } from '../../../src/features/stashdb-search/StashdbSceneSearchDialog';
import { createTestQueryClient, mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';
import { detailsScene } from '../scene-details/details-fixtures';
import { SEARCH_PATH, searchAnswer, searchedTexts, shownIds, stashResult } from './stashdb-fixtures';

const user = () => userEvent.setup({ delay: null });

interface Setup {
  search?: MockResponse | MockHandler;
  apiKey?: string;
  extra?: Record<string, MockResponse | MockHandler>;
  queryClient?: ReturnType<typeof createTestQueryClient>;
}

function renderDialog({
  search = { body: searchAnswer([]) },
  apiKey = 'secret',
  extra = {},
  queryClient,
}: Setup = {}) {
  const requests = mockApi({
    'GET /api/options/state': {
      body: optionsState({ advanced: { ...DEFAULT_OPTIONS.advanced, stashApiKey: apiKey } }),
    },
    [`GET ${SEARCH_PATH}`]: search,
    ...extra,
  });
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <StashdbSceneSearchDialog scene={{ id: 42, title: 'Sunny day 42' }} onClose={onClose} />,
    { queryClient },
  );
  return { ...rendered, requests, onClose };
}

const row = (id: string) => {
  const found = document.querySelector(`[data-testid="stashdb-result"][data-stash-id="${id}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no result ${id}`);
  return found;
};

const threeResults = [
  stashResult('a', { Weight: 10 }),
  stashResult('b', { Weight: 500 }),
  stashResult('c', {
    Weight: 80,
    ImageUrl: '',
    Performers: null,
    Description: '',
    Duration: '',
    Date: '',
    Title: '',
  }),
];

describe('StashDB scene search dialog', { timeout: 20_000 }, () => {
  it('searches at once with the scene title and shows the results best first', async () => {
    const { requests } = renderDialog({ search: { body: searchAnswer(threeResults) } });
    const dialog = await screen.findByTestId('stashdb-search-dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Search StashDB scenes' })).toHaveValue(
      'Sunny day 42',
    );
    await screen.findByTestId('stashdb-results');
    expect(shownIds()).toEqual(['b', 'c', 'a']);
    expect(searchedTexts(requests)).toEqual(['Sunny day 42']);

    const best = within(row('b'));
    expect(best.getByTestId('stashdb-result-title')).toHaveTextContent('Stash scene b');
    expect(best.getByTestId('stashdb-result-title')).toHaveAttribute('href', 'https://stashdb.org/scenes/b');
    expect(best.getByTestId('stashdb-result-title')).toHaveAttribute('target', '_blank');
    expect(best.getByTestId('stashdb-result-facts')).toHaveTextContent('Studio VR · 2024-05-06 · 00:30:30');
    expect(best.getByTestId('stashdb-result-performers')).toHaveTextContent('Alice Example, Bea Sample');
    expect(best.getByTestId('stashdb-result-description')).toHaveTextContent(
      'A sunny day by the lake, from StashDB.',
    );
    expect(best.getByTestId('stashdb-result-weight')).toHaveTextContent('Score 500');
    expect(best.getByTestId('stashdb-result-image')).toHaveAttribute(
      'src',
      '/img/120x/https://cdn.stashdb.org/images/b.jpg',
    );

    const sparse = within(row('c'));
    expect(sparse.getByTestId('stashdb-result-title')).toHaveTextContent('(no title)');
    expect(sparse.getByTestId('stashdb-result-facts')).toHaveTextContent(/^Studio VR$/);
    expect(sparse.queryByTestId('stashdb-result-image')).not.toBeInTheDocument();
    expect(sparse.queryByTestId('stashdb-result-performers')).not.toBeInTheDocument();
    expect(sparse.queryByTestId('stashdb-result-description')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stashdb-no-key')).not.toBeInTheDocument();
  });

  it('searches again 750 ms after the last key, once, with the text typed', async () => {
    const sentAt: number[] = [];
    const { requests } = renderDialog({
      search: () => {
        sentAt.push(Date.now());
        return { body: searchAnswer([stashResult('a')]) };
      },
    });
    await screen.findByTestId('stashdb-results');
    const u = user();
    const input = screen.getByRole('textbox', { name: 'Search StashDB scenes' });
    await u.clear(input);
    await u.type(input, 'lake day');
    const typedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searchedTexts(requests)).toEqual(['Sunny day 42']);
    await waitFor(() => expect(searchedTexts(requests)).toEqual(['Sunny day 42', 'lake day']), {
      timeout: 2_000,
    });
    expect((sentAt[1] ?? 0) - typedAt).toBeGreaterThanOrEqual(600);
  });

  it('shows a non-empty Status as a warning toast, and "No results"', async () => {
    renderDialog({
      search: { body: searchAnswer(null, 'StashDB search failed: connection refused') },
    });
    expect(await screen.findByText('Warning: StashDB search failed: connection refused')).toBeInTheDocument();
    expect(await screen.findByTestId('stashdb-no-results')).toHaveTextContent('No results');
    expect(screen.getAllByText(/^Warning: /)).toHaveLength(1);
  });

  it('says where to enter the API key when there is none', async () => {
    renderDialog({ apiKey: '' });
    expect(await screen.findByTestId('stashdb-no-key')).toHaveTextContent(
      'Options → Advanced → Actor Settings',
    );
  });

  it('says when the search itself fails', async () => {
    renderDialog({ search: { status: 404, body: { error: 'Not Found', message: 'scene not found' } } });
    expect(await screen.findByTestId('stashdb-search-error')).toHaveTextContent(
      'The StashDB search failed: scene not found',
    );
  });

  it('links the scene to a result, puts the answered scene in every cache, confirms and closes', async () => {
    const queryClient = createTestQueryClient();
    const before = detailsScene();
    const linked = detailsScene({ title: 'Sunny day (linked)' });
    queryClient.setQueryData(sceneKeys.detail(42), before);
    queryClient.setQueryData<InfiniteData<SceneListResponse>>(sceneKeys.list({ test: true }), {
      pages: [
        {
          results: 2,
          scenes: [detailsScene({ id: 41 }), before],
          count_any: 2,
          count_available: 2,
          count_downloaded: 2,
          count_not_downloaded: 0,
          count_hidden: 0,
        },
      ],
      pageParams: [0],
    });
    const { requests, onClose } = renderDialog({
      queryClient,
      search: { body: searchAnswer(threeResults) },
      extra: { 'GET /api/extref/stashdb/link2scene/42/b': { body: linked } },
    });
    await screen.findByTestId('stashdb-results');
    await user().click(within(row('b')).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('The scene was linked to the StashDB scene')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r.url.startsWith('/api/extref/stashdb/link2scene/'))).toEqual([
      { method: 'GET', url: '/api/extref/stashdb/link2scene/42/b', body: undefined },
    ]);
    expect(queryClient.getQueryData<Scene>(sceneKeys.detail(42))?.title).toBe('Sunny day (linked)');
    const list = queryClient.getQueryData<InfiniteData<SceneListResponse>>(sceneKeys.list({ test: true }));
    expect(list?.pages[0]?.scenes.map((scene) => scene.title)).toEqual([
      'Sunny day 41',
      'Sunny day (linked)',
    ]);
  });

  it('keeps the dialog open and says why when the link fails', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sceneKeys.detail(42), detailsScene());
    const { onClose } = renderDialog({
      queryClient,
      search: { body: searchAnswer(threeResults) },
      extra: {
        'GET /api/extref/stashdb/link2scene/42/a': {
          status: 502,
          body: { error: 'Bad Gateway', message: 'StashDB could not be reached' },
        },
      },
    });
    await screen.findByTestId('stashdb-results');
    await user().click(within(row('a')).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Error: StashDB could not be reached')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<Scene>(sceneKeys.detail(42))?.title).toBe('Sunny day 42');
    await waitFor(() => expect(within(row('b')).getByRole('button', { name: 'Link' })).toBeEnabled());
  });
});
