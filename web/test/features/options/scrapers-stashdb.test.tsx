import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { SiteWithHealth } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockResponse } from '../../test-utils';
import { siteWithHealth, wireSite } from './scrapers-fixtures';

const RUN_ALL = 'GET /api/extref/stashdb/run_all';

function serve(stashApiKey: string, runAll: MockResponse = { body: null }) {
  let sites: SiteWithHealth[] = [siteWithHealth({ id: 'madeupvr', name: 'Made Up VR', is_enabled: true })];
  const requests = mockApi({
    'GET /api/scrapers/sites': () => ({ body: sites }),
    'GET /api/options/state': {
      body: optionsState({ advanced: { ...DEFAULT_OPTIONS.advanced, stashApiKey } }),
    },
    'PUT /api/options/sites/scrape_stash/madeupvr': () => {
      sites = sites.map((site) => ({ ...site, scrape_stash: !site.scrape_stash }));
      return { body: sites.map(wireSite) };
    },
    [RUN_ALL]: runAll,
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=scrapers' });
  return { requests, ...rendered, user: userEvent.setup({ delay: null }) };
}

describe('Scrapers: StashDB', () => {
  it("flips a site's StashDB switch with PUT /api/options/sites/scrape_stash/{id}", async () => {
    const { requests, user } = serve('set');
    const row = await screen.findByTestId('scraper-row-madeupvr');
    const toggle = within(row).getByRole('switch', { name: 'Link the scenes of Made Up VR to StashDB' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body])).toEqual([
      ['/api/options/sites/scrape_stash/madeupvr', {}],
    ]);
  });

  it('starts the StashDB run from the toolbar and waits while the scrape lock is held', async () => {
    const { requests, user, store } = serve('set');
    const button = await screen.findByRole('button', { name: 'Scrape StashDB' });
    await user.click(button);
    expect(await screen.findByText(/^StashDB linking started/)).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/extref/stashdb/run_all')).toHaveLength(1);
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scrape StashDB' })).toBeDisabled());
  });

  it('shows why the run did not start', async () => {
    const { user } = serve('set', {
      status: 400,
      body: {
        error: 'Bad Request',
        message: 'No StashDB API key: enter one in Options → Advanced → Actor Settings',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Scrape StashDB' }));
    expect(await screen.findByText(/^Error: No StashDB API key/)).toBeInTheDocument();
  });

  it('asks for a key instead of offering the run when none is set', async () => {
    serve('');
    expect(await screen.findByTestId('scrapers-stashdb-no-key')).toHaveTextContent(
      'Enter a StashApi key to enable',
    );
    expect(screen.queryByRole('button', { name: 'Scrape StashDB' })).not.toBeInTheDocument();
  });
});
