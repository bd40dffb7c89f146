import type { OptionsStateResponse } from '@fovea/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { optionsKeys } from '../../../src/api/query-keys';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { COUNT_REFRESH_DELAY_MS } from '../../../src/features/options/sections/FunscriptsSection';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';

afterEach(() => {
  vi.useRealTimers();
});

describe('Funscripts section', () => {
  it('shows the counts, links the two zip downloads and saves the scrape switch at once', async () => {
    let counts = { total: 1234, updated: 7 };
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'GET /api/options/funscripts/count': () => ({ body: counts }),
      'PUT /api/options/funscripts': ({ body }) => ({ body }),
    });
    const { queryClient } = renderWithProviders(<OptionsPage />, { route: '/options?section=funscripts' });
    const user = userEvent.setup();

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByTestId('funscripts-updated')).toHaveTextContent('7');
    const all = screen.getByRole('link', { name: 'Export all' });
    const fresh = screen.getByRole('link', { name: 'Export new' });
    expect(all).toHaveAttribute('href', '/api/task/funscript/export-all');
    expect(all).toHaveAttribute('download', 'funscripts.zip');
    expect(fresh).toHaveAttribute('href', '/api/task/funscript/export-new');
    expect(fresh).toHaveAttribute('download', 'funscripts-update.zip');

    const scrape = await screen.findByRole('switch', { name: 'Scrape funscripts' });
    expect(scrape).not.toBeChecked();
    await user.click(scrape);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ scrapeFunscripts: true });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Scrape funscripts' })).toBeChecked());
    expect(
      queryClient.getQueryData<OptionsStateResponse>(optionsKeys.state)?.config.funscripts.scrapeFunscripts,
    ).toBe(true);

    // After a download starts, the counts are read again (the export marks scripts once the zip is written).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    counts = { total: 1234, updated: 0 };
    fresh.addEventListener('click', (event) => event.preventDefault());
    act(() => fresh.click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUNT_REFRESH_DELAY_MS + 10);
    });
    await waitFor(() => expect(screen.getByTestId('funscripts-updated')).toHaveTextContent('0'));
    expect(requests.filter((r) => r.url === '/api/options/funscripts/count')).toHaveLength(2);
  }, 20_000);
});
