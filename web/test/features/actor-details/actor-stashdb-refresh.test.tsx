import { DEFAULT_OPTIONS } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ActorScrapersTab } from '../../../src/features/actor-details/ActorLinksTab';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockResponse } from '../../test-utils';
import { profileActor, stashdbExtref } from './actor-details-fixtures';

const REFRESH = 'GET /api/extref/stashdb/refresh_performer/abc-123';
const withKey = (stashApiKey: string) =>
  optionsState({ advanced: { ...DEFAULT_OPTIONS.advanced, stashApiKey } });

function show(stashApiKey: string, refresh: MockResponse = { body: null }) {
  const requests = mockApi({
    'GET /api/options/state': { body: withKey(stashApiKey) },
    [REFRESH]: refresh,
  });
  const actor = profileActor();
  renderWithProviders(<ActorScrapersTab actor={actor} extrefs={[stashdbExtref(actor.id)]} />);
  return { requests, user: userEvent.setup({ delay: null }) };
}

describe('Refresh from StashDB (actor details → Scrapers)', () => {
  it('refreshes the linked StashDB performer and says so', async () => {
    const { requests, user } = show('set');
    const scrapers = screen.getByTestId('actor-scrapers');
    const button = await within(scrapers).findByRole('button', { name: 'Refresh from StashDB' });
    // Only the StashDB performer has the button, not the actor-scraper page.
    expect(within(scrapers).getAllByRole('button', { name: 'Refresh from StashDB' })).toHaveLength(1);
    await user.click(button);
    expect(await screen.findByText('The actor was refreshed from StashDB')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('refresh_performer')).map((r) => [r.method, r.url])).toEqual(
      [['GET', '/api/extref/stashdb/refresh_performer/abc-123']],
    );
  });

  it('shows the reason when the refresh fails', async () => {
    const { user } = show('set', {
      status: 404,
      body: { error: 'Not Found', message: 'StashDB has no performer abc-123' },
    });
    await user.click(await screen.findByRole('button', { name: 'Refresh from StashDB' }));
    expect(await screen.findByText('Error: StashDB has no performer abc-123')).toBeInTheDocument();
  });

  it('is not offered without a StashDB API key', async () => {
    const { requests } = show('');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/options/state')).toBe(true));
    expect(screen.getByTestId('actor-scrapers')).toHaveTextContent('https://stashdb.org/performers/abc-123');
    expect(screen.queryByRole('button', { name: 'Refresh from StashDB' })).not.toBeInTheDocument();
  });
});
