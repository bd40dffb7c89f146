import type { OptionsStateResponse, SearchStateResponse } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { cacheResetErrorText } from '../../../src/features/options/sections/cache-reset';
import { i18n } from '../../../src/i18n';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockResponse, RecordedRequest } from '../../test-utils';

const MB = 1024 * 1024;

function stateWith(previews: number): OptionsStateResponse {
  const state = optionsState();
  return {
    ...state,
    currentState: {
      ...state.currentState,
      cacheSize: { images: 10 * MB, previews, searchIndex: 3 * MB, imagesLimit: 2048 * MB },
    },
  };
}

interface SetupOptions {
  search?: () => SearchStateResponse;
  reset?: MockResponse;
}

function setup({ search = () => ({ documentCount: 3000, inProgress: false }), reset }: SetupOptions = {}) {
  let previews = 20 * MB;
  const requests = mockApi({
    'GET /api/options/state': () => ({ body: stateWith(previews) }),
    'GET /api/options/state/search': () => ({ body: search() }),
    'DELETE /api/options/cache/reset/previews': () => {
      if (reset) return reset;
      previews = 0;
      return {};
    },
    'GET /api/task/index': {},
    'GET /api/task/scene-refresh': {},
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=cache' });
  return { requests, ...rendered, user: userEvent.setup() };
}

const count = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url).length;

describe('Cache section: resets', () => {
  it('asks first, then deletes the previews and reads the figures again', async () => {
    const { requests, user } = setup();
    expect(await screen.findByTestId('cache-previews')).toHaveTextContent('21 MB');
    await user.click(screen.getByRole('button', { name: 'Reset Previews' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the previews?' });
    expect(dialog).toHaveTextContent('Deletes every preview clip. Preview generation makes them again.');
    // Cancel leaves everything as it is.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    const searchReads = count(requests, 'GET', '/api/options/state/search');
    await user.click(screen.getByRole('button', { name: 'Reset Previews' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset the previews?' })).getByRole('button', {
        name: 'Reset',
      }),
    );
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/options/cache/reset/previews');
    expect(await screen.findByText('Previews deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cache-previews')).toHaveTextContent('0 B'));
    await waitFor(() =>
      expect(count(requests, 'GET', '/api/options/state/search')).toBeGreaterThan(searchReads),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('says what each reset deletes', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Images' }));
    expect(await screen.findByRole('dialog', { name: 'Reset the images cache?' })).toHaveTextContent(
      'Deletes the downloaded cover and actor images. They are fetched again when they are shown.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reset Search index' }));
    expect(await screen.findByRole('dialog', { name: 'Reset the search index?' })).toHaveTextContent(
      'Quick find finds fewer scenes until the rebuild is done.',
    );
  });

  it("shows the server's message when a reset is refused", async () => {
    const { user } = setup({
      reset: { status: 409, body: { error: 'Conflict', message: 'Preview generation is running' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset Previews' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Error: Preview generation is running')).toBeInTheDocument();
    expect(screen.getByTestId('cache-previews')).toHaveTextContent('21 MB');
  });

  it('says the server may still be working when the 30 s timeout passes', () => {
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    expect(cacheResetErrorText(timeout, i18n.t)).toBe(
      'The server did not finish within 30 seconds; it may still be working. Look at the figures again in a moment.',
    );
  });
});

describe('Cache section: search index', () => {
  it('shows the document count and state; Reindex is disabled while indexing', async () => {
    let inProgress = true;
    const { requests, user, store } = setup({ search: () => ({ documentCount: 1234, inProgress }) });
    expect(await screen.findByTestId('cache-document-count')).toHaveTextContent('1,234 scenes in the index');
    expect(screen.getByTestId('cache-index-status')).toHaveTextContent('Indexing…');
    expect(screen.getByTestId('cache-reindex')).toBeDisabled();

    // The index lock is let go: the state is read again, not polled.
    inProgress = false;
    const reads = count(requests, 'GET', '/api/options/state/search');
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'index', locked: false } }));
    await waitFor(() => expect(screen.getByTestId('cache-index-status')).toHaveTextContent('Idle'));
    expect(count(requests, 'GET', '/api/options/state/search')).toBe(reads + 1);
    // Another lock does not concern the index.
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } }));
    expect(count(requests, 'GET', '/api/options/state/search')).toBe(reads + 1);

    const reindex = screen.getByTestId('cache-reindex');
    expect(reindex).toBeEnabled();
    await user.click(reindex);
    await waitFor(() => expect(count(requests, 'GET', '/api/task/index')).toBe(1));
    expect(await screen.findByText('Reindex started')).toBeInTheDocument();
  });

  it('starts a scene refresh and says so', async () => {
    const { requests, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Scene refresh' }));
    await waitFor(() => expect(count(requests, 'GET', '/api/task/scene-refresh')).toBe(1));
    expect(await screen.findByText('Scene refresh started')).toBeInTheDocument();
  });
});
