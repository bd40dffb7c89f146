import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, optionsState, renderApp, versionCheck } from '../test-utils';

const logEvent = (task: string, message: string) =>
  ({ topic: 'service.log', payload: { level: 'info', message, data: { task }, timestamp: 'now' } }) as const;

describe('app layout', () => {
  it('shows the product name, the version and the navigation', async () => {
    mockApi({ 'GET /api/options/version-check': { body: versionCheck({ current_version: '1.2.3' }) } });
    renderApp({ route: '/' });

    expect(screen.getByText('Fovea')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('app-version')).toHaveTextContent('v1.2.3'));
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0];
    if (!nav) throw new Error('no navigation');
    for (const label of ['Scenes', 'Actors', 'Files', 'Options']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Scenes' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Actors' })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('quick-find-button')).toHaveAccessibleName('Quick find (?)');
    // No list call is mocked: the scenes page says so instead of showing an empty library.
    expect(await screen.findByText('Could not load the scenes.')).toBeInTheDocument();
  });

  it('marks the current page active and renders without a server', async () => {
    mockApi({});
    renderApp({ route: '/files' });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0];
    if (!nav) throw new Error('no navigation');
    expect(within(nav).getByRole('link', { name: 'Files' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Could not load the files.')).toBeInTheDocument();
    // The version check failed: no version, no crash.
    await act(async () => {});
    expect(screen.queryByTestId('app-version')).not.toBeInTheDocument();
  });

  it('redirects unknown routes to the scenes list', async () => {
    mockApi({});
    renderApp({ route: '/nowhere' });
    expect(await screen.findByText('Could not load the scenes.')).toBeInTheDocument();
  });

  it('shows the socket state and the live Files and Data lines', async () => {
    mockApi({});
    const { store } = renderApp({ route: '/actors' });
    expect(await screen.findByText('No actors yet', {}, { timeout: 10_000 })).toBeInTheDocument();

    expect(screen.getByTestId('ws-status')).toHaveAttribute('data-state', 'connecting');
    expect(screen.getByTestId('status-text-rescan')).toHaveTextContent('Idle');
    act(() => store.setSocketState('connected'));
    expect(screen.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
    expect(screen.getByTestId('ws-status')).toHaveTextContent('Connected');

    act(() => {
      store.receive(logEvent('rescan', 'Scanning /videos'));
      store.receive(logEvent('scrape', 'Scraping site A'));
      store.receive(logEvent('other', 'Unrelated'));
    });
    expect(screen.getByTestId('status-text-rescan')).toHaveTextContent('Scanning /videos');
    expect(screen.getByTestId('status-text-scrape')).toHaveTextContent('Scraping site A');

    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: {
          jobId: 7,
          name: 'scene-refresh',
          task: 'rescan',
          status: 'running',
          current: 42,
          total: 100,
          progress: 42,
          message: 'Refreshing scenes',
        },
      }),
    );
    expect(screen.getByTestId('status-text-rescan')).toHaveTextContent('Refreshing scenes (42%)');

    act(() => store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: true } }));
    expect(screen.getByTestId('lock-indicator-rescan')).toHaveAttribute('data-locked', 'true');
    expect(screen.getByTestId('lock-indicator-scrape')).toHaveAttribute('data-locked', 'false');
    expect(screen.getByTestId('lock-badge')).toHaveTextContent('Running: rescan');

    act(() => store.setSocketState('disconnected'));
    expect(screen.getByTestId('ws-status')).toHaveAttribute('data-state', 'disconnected');
    expect(screen.getByTestId('lock-indicator-rescan')).toHaveAttribute('data-locked', 'false');
    expect(screen.queryByTestId('lock-badge')).not.toBeInTheDocument();
  });

  it('invalidates the storage options when the server says they changed', async () => {
    mockApi({ 'GET /api/options/state': { body: optionsState() } });
    const { store, queryClient } = renderApp({ route: '/actors' });
    await screen.findByText('No actors yet', {}, { timeout: 10_000 });
    queryClient.setQueryData(['options', 'storage'], { volumes: [] });
    act(() => store.receive({ topic: 'state.change.optionsStorage', payload: {} }));
    expect(queryClient.getQueryState(['options', 'storage'])?.isInvalidated).toBe(true);
  });
});
