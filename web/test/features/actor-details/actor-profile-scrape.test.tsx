import type { Actor, ActorRuleSetList } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActorScrapersTab } from '../../../src/features/actor-details/ActorLinksTab';
import ActorEditDialog from '../../../src/features/actor-edit/ActorEditDialog';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';
import { COUNTRIES, profileActor } from './actor-details-fixtures';

const HUSH_URL = 'https://www.vrhush.com/models/alice-example';
const RULE_SETS: ActorRuleSetList = {
  sets: [
    { key: 'vrhush scrape', domain: 'vrhush.com', custom: false },
    { key: 'vrphub scrape', domain: 'vrphub.com', custom: false },
  ],
  error: '',
};
const SCRAPE = 'POST /api/extref/generic/scrape_single';

const alice = (overrides: Partial<Actor> = {}) =>
  profileActor({
    urls: JSON.stringify([
      { url: HUSH_URL, type: 'vrhush scrape' },
      { url: 'https://upclosevr.com/models/alice', type: 'upclosevr scrape' },
    ]),
    ...overrides,
  });

const user = () => userEvent.setup({ delay: null });

describe('Scrape (actor details → Scrapers)', () => {
  function show(scrape: MockResponse) {
    const requests = mockApi({ 'GET /api/extref/generic/rule_sets': { body: RULE_SETS }, [SCRAPE]: scrape });
    renderWithProviders(<ActorScrapersTab actor={alice()} extrefs={[]} />);
    return requests;
  }

  it('is offered for the URLs a rule set reads and scrapes the page', async () => {
    const requests = show({ body: null });
    const scrapers = screen.getByTestId('actor-scrapers');
    const button = await within(scrapers).findByRole('button', { name: 'Scrape' });
    // The upclosevr page has no rule set: no button for it.
    expect(within(scrapers).getAllByRole('button', { name: 'Scrape' })).toHaveLength(1);
    await user().click(button);
    expect(await screen.findByText('The actor was scraped from the profile page')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('scrape_single')).map((r) => r.body)).toEqual([
      { id: 7, url: HUSH_URL },
    ]);
  });

  it('shows the reason when the scrape fails', async () => {
    show({ status: 502, body: { error: 'Bad Gateway', message: 'www.vrhush.com: 503 Service Unavailable' } });
    await user().click(await screen.findByRole('button', { name: 'Scrape' }));
    expect(await screen.findByText('Error: www.vrhush.com: 503 Service Unavailable')).toBeInTheDocument();
  });
});

describe('Scrape now (actor edit → Actor Scraper)', { timeout: 30_000 }, () => {
  it('scrapes a profile page and starts the form again from the scraped actor', async () => {
    let scraped = false;
    const getActor: MockHandler = () => ({
      body: scraped ? alice({ biography: 'Alice, as the page tells it.' }) : alice(),
    });
    const requests = mockApi({
      'GET /api/actor/7': getActor,
      'GET /api/actor/extrefs/7': { body: [] },
      'GET /api/actor/countrylist': { body: COUNTRIES },
      'GET /api/options/state': { body: optionsState() },
      'GET /api/extref/generic/rule_sets': { body: RULE_SETS },
      [SCRAPE]: () => {
        scraped = true;
        return { body: null };
      },
    });
    renderWithProviders(<ActorEditDialog actorId={7} onClose={vi.fn()} />);
    const u = user();
    await screen.findByTestId('actor-edit-information');
    await u.click(screen.getByRole('tab', { name: /Actor Scraper/ }));
    const section = await screen.findByTestId('actor-edit-scrape');
    expect(within(section).getByText('Scrape now')).toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: 'Scrape' }));

    expect(await screen.findByText('The actor was scraped from the profile page')).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: /Information/ }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Biography' })).toHaveValue('Alice, as the page tells it.'),
    );
    expect(screen.queryByTestId('actor-edit-dirty')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.url.includes('/api/actor/edit'))).toEqual([]);
  });

  it('waits for unsaved changes to be saved', async () => {
    mockApi({
      'GET /api/actor/7': { body: alice() },
      'GET /api/actor/extrefs/7': { body: [] },
      'GET /api/actor/countrylist': { body: COUNTRIES },
      'GET /api/options/state': { body: optionsState() },
      'GET /api/extref/generic/rule_sets': { body: RULE_SETS },
    });
    renderWithProviders(<ActorEditDialog actorId={7} onClose={vi.fn()} />);
    const u = user();
    await screen.findByTestId('actor-edit-information');
    await u.type(screen.getByRole('textbox', { name: 'Biography' }), ' More.');
    await u.click(screen.getByRole('tab', { name: /Actor Scraper/ }));
    const section = await screen.findByTestId('actor-edit-scrape');
    expect(within(section).getByText('Save your changes before scraping')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Scrape' })).toBeDisabled();
  });
});
