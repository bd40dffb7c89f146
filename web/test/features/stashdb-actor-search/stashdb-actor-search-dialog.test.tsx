import { DEFAULT_OPTIONS } from '@fovea/contract';
import type {
  Actor,
  ActorListResponse,
  StashdbPerformerResult,
  StashdbPerformerSearchResponse,
} from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { actorKeys } from '../../../src/api/query-keys';
import StashdbActorSearchDialog from '../../../src/features/stashdb-actor-search/StashdbActorSearchDialog';
import { actorFixture } from '../../fixtures/contract-fixtures';
import { createTestQueryClient, mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse, RecordedRequest } from '../../test-utils';

const user = () => userEvent.setup({ delay: null });
const SEARCH_PATH = '/api/extref/stashdb/searchactor/7';

function performerResult(
  id: string,
  overrides: Partial<StashdbPerformerResult> = {},
): StashdbPerformerResult {
  return {
    Url: `https://stashdb.org/performers/${id}`,
    Name: `Performer ${id}`,
    Disambiguation: '',
    Aliases: [],
    Id: id,
    ImageUrl: [],
    DOB: '',
    Weight: 100,
    Studios: [],
    ...overrides,
  };
}

const answer = (results: StashdbPerformerResult[] | null, status = ''): StashdbPerformerSearchResponse => ({
  Status: status,
  Results: results,
});

const searchedTexts = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.split('?')[0] === SEARCH_PATH)
    .map((r) => new URL(r.url, 'http://localhost').searchParams.get('q'));

const shownIds = () =>
  [...document.querySelectorAll('[data-testid="stashdb-actor-result"]')].map((node) =>
    node.getAttribute('data-stash-id'),
  );

const row = (id: string) => {
  const found = document.querySelector(`[data-testid="stashdb-actor-result"][data-stash-id="${id}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no result ${id}`);
  return found;
};

const jane = actorFixture({ id: 7, name: 'Jane Doe' });

interface Setup {
  search?: MockResponse | MockHandler;
  apiKey?: string;
  extra?: Record<string, MockResponse | MockHandler>;
  queryClient?: ReturnType<typeof createTestQueryClient>;
}

function renderDialog({
  search = { body: answer([]) },
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
  const rendered = renderWithProviders(<StashdbActorSearchDialog actor={jane} onClose={onClose} />, {
    queryClient,
  });
  return { ...rendered, requests, onClose };
}

const results = [
  performerResult('a', { Weight: 200 }),
  performerResult('b', {
    Name: 'Jane Doe',
    Disambiguation: 'the British one',
    Weight: 1350,
    DOB: '1994-03-21',
    ImageUrl: ['https://cdn.stashdb.org/images/b1.jpg', 'https://cdn.stashdb.org/images/b2.jpg'],
    Aliases: [
      { Alias: 'JD', Matched: false },
      { Alias: 'Janie', Matched: true },
    ],
    Studios: [
      {
        Name: 'Other Studio',
        Id: 's2',
        Url: 'https://stashdb.org/studios/s2',
        SceneCount: 9,
        Matched: false,
      },
      {
        Name: 'SLR Originals',
        Id: 's1',
        Url: 'https://stashdb.org/studios/s1',
        SceneCount: 2,
        Matched: true,
      },
    ],
  }),
  performerResult('c', { Weight: 1000 }),
];

describe('StashDB actor search dialog', { timeout: 20_000 }, () => {
  it("searches at once with the actor's name and shows the results best first, with their facts", async () => {
    const { requests } = renderDialog({ search: { body: answer(results) } });
    const dialog = await screen.findByTestId('stashdb-actor-search-dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Search StashDB performers' })).toHaveValue(
      'Jane Doe',
    );
    await screen.findByTestId('stashdb-actor-results');
    expect(shownIds()).toEqual(['b', 'c', 'a']);
    expect(searchedTexts(requests)).toEqual(['Jane Doe']);

    const best = within(row('b'));
    const name = best.getByTestId('stashdb-actor-result-name');
    expect(name).toHaveTextContent('Jane Doe');
    expect(name).toHaveAttribute('href', 'https://stashdb.org/performers/b');
    expect(name).toHaveAttribute('target', '_blank');
    expect(best.getByTestId('stashdb-actor-result-disambiguation')).toHaveTextContent('(the British one)');
    expect(best.getByTestId('stashdb-actor-result-dob')).toHaveTextContent('Born 1994-03-21');
    expect(best.getByTestId('stashdb-actor-result-weight')).toHaveTextContent('Score 1350');
    expect(best.getByTestId('stashdb-actor-result-image')).toHaveAttribute(
      'src',
      '/img/120x/https://cdn.stashdb.org/images/b1.jpg',
    );
    expect(best.getByText('1 more image')).toBeInTheDocument();

    // Matched aliases come first and say so; the others are plain.
    const aliases = best.getAllByTestId('stashdb-actor-alias');
    expect(aliases.map((badge) => [badge.textContent, badge.getAttribute('data-matched')])).toEqual([
      ['Janie', 'true'],
      ['JD', 'false'],
    ]);
    expect(aliases[0]).toHaveAccessibleName('Janie (matches this actor)');
    expect(aliases[1]).toHaveAccessibleName('JD');

    // Studios with counts, the actor's own first, each opening StashDB.
    const studios = best.getAllByTestId('stashdb-actor-studio');
    expect(studios.map((badge) => [badge.textContent, badge.getAttribute('data-matched')])).toEqual([
      ['SLR Originals (2)', 'true'],
      ['Other Studio (9)', 'false'],
    ]);
    expect(studios[0]).toHaveAccessibleName("SLR Originals, 2 scenes (this actor's scenes come from it)");
    expect(studios[1]).toHaveAttribute('href', 'https://stashdb.org/studios/s2');

    const sparse = within(row('a'));
    expect(sparse.getByTestId('stashdb-actor-result-blank')).toBeInTheDocument();
    expect(sparse.queryByTestId('stashdb-actor-result-dob')).not.toBeInTheDocument();
    expect(sparse.queryByTestId('stashdb-actor-result-disambiguation')).not.toBeInTheDocument();
    expect(sparse.queryByTestId('stashdb-actor-result-aliases')).not.toBeInTheDocument();
    expect(sparse.queryByTestId('stashdb-actor-result-studios')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stashdb-actor-no-key')).not.toBeInTheDocument();
  });

  it('searches again 750 ms after the last key, once, with the text typed', async () => {
    const sentAt: number[] = [];
    const { requests } = renderDialog({
      search: () => {
        sentAt.push(Date.now());
        return { body: answer([performerResult('a')]) };
      },
    });
    await screen.findByTestId('stashdb-actor-results');
    const u = user();
    const input = screen.getByRole('textbox', { name: 'Search StashDB performers' });
    await u.clear(input);
    await u.type(input, 'Janie D');
    const typedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searchedTexts(requests)).toEqual(['Jane Doe']);
    await waitFor(() => expect(searchedTexts(requests)).toEqual(['Jane Doe', 'Janie D']), { timeout: 2_000 });
    expect((sentAt[1] ?? 0) - typedAt).toBeGreaterThanOrEqual(600);
  });

  it('shows a non-empty Status as a warning toast, and "No results"', async () => {
    renderDialog({ search: { body: answer(null, 'StashDB search failed: HTTP 401') } });
    expect(await screen.findByText('Warning: StashDB search failed: HTTP 401')).toBeInTheDocument();
    expect(await screen.findByTestId('stashdb-actor-no-results')).toHaveTextContent('No results');
    expect(screen.getAllByText(/^Warning: /)).toHaveLength(1);
  });

  it('says where to enter the API key when there is none', async () => {
    renderDialog({ apiKey: '' });
    expect(await screen.findByTestId('stashdb-actor-no-key')).toHaveTextContent(
      'Options → Advanced → Actor Settings',
    );
  });

  it('says when the search itself fails', async () => {
    renderDialog({ search: { status: 404, body: { error: 'Not Found', message: 'There is no actor 7' } } });
    expect(await screen.findByTestId('stashdb-actor-search-error')).toHaveTextContent(
      'The StashDB search failed: There is no actor 7',
    );
  });

  it('links the actor, puts the answered actor in the details and list caches, confirms and closes', async () => {
    const queryClient = createTestQueryClient();
    const listed = { ...jane, scenes: [] };
    const page: ActorListResponse = {
      results: 2,
      actors: [actorFixture({ id: 6, name: 'Other' }), listed],
      count_any: 0,
      count_available: 0,
      count_downloaded: 0,
      count_not_downloaded: 0,
      count_hidden: 0,
      offset: 0,
    };
    queryClient.setQueryData(actorKeys.detail(7), jane);
    queryClient.setQueryData(actorKeys.page({ test: true }, 0, 18), page);
    const linked = actorFixture({ id: 7, name: 'Jane Doe', height: 168, image_url: 'https://img/jane.jpg' });
    const { requests, onClose } = renderDialog({
      queryClient,
      search: { body: answer(results) },
      extra: { 'GET /api/extref/stashdb/link2actor/7/b': { body: linked } },
    });
    await screen.findByTestId('stashdb-actor-results');
    await user().click(within(row('b')).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('The actor was linked to the StashDB performer')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r.url.startsWith('/api/extref/stashdb/link2actor/'))).toEqual([
      { method: 'GET', url: '/api/extref/stashdb/link2actor/7/b?with_scenes=false', body: undefined },
    ]);
    expect(queryClient.getQueryData<Actor>(actorKeys.detail(7))?.height).toBe(168);
    const cached = queryClient.getQueryData<ActorListResponse>(actorKeys.page({ test: true }, 0, 18));
    expect(cached?.actors.map((actor) => [actor.id, actor.height, actor.image_url])).toEqual([
      [6, 0, ''],
      [7, 168, 'https://img/jane.jpg'],
    ]);
  });

  it('keeps the dialog open and says why when the link fails', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(actorKeys.detail(7), jane);
    const { onClose } = renderDialog({
      queryClient,
      search: { body: answer(results) },
      extra: {
        'GET /api/extref/stashdb/link2actor/7/a': {
          status: 502,
          body: { error: 'Bad Gateway', message: 'StashDB could not be reached' },
        },
      },
    });
    await screen.findByTestId('stashdb-actor-results');
    await user().click(within(row('a')).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Error: StashDB could not be reached')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<Actor>(actorKeys.detail(7))?.height).toBe(0);
    await waitFor(() => expect(within(row('b')).getByRole('button', { name: 'Link' })).toBeEnabled());
  });
});
