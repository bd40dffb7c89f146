import type { SiteWithHealth } from '@fovea/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ActorScrapeAllButton } from '../../../src/features/options/sections/ActorScrapeAllButton';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import { siteWithHealth } from './scrapers-fixtures';

const user = () => userEvent.setup({ delay: null });

describe('the actor scrape jobs in Options', () => {
  it('Actor Settings: "Scrape actor profiles" starts scrape_all', async () => {
    const requests = mockApi({ 'GET /api/extref/generic/scrape_all': { body: null } });
    renderWithProviders(<ActorScrapeAllButton />);
    await user().click(screen.getByRole('button', { name: 'Scrape actor profiles' }));
    expect(await screen.findByText('Actor scrape started')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('/scrape_all')).map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/extref/generic/scrape_all'],
    ]);
    expect(screen.queryByTestId('actor-rule-set-error')).not.toBeInTheDocument();
  });

  it('Actor Settings: says why the owner’s rule-set file is not in use', async () => {
    const error = 'rule sets invalid: actor_scraper_custom_config.json: Unexpected end of JSON input';
    mockApi({ 'GET /api/extref/generic/rule_sets': { body: { sets: [], error } } });
    renderWithProviders(<ActorScrapeAllButton />);
    expect(await screen.findByTestId('actor-rule-set-error')).toHaveTextContent(error);
  });

  it('a Scrapers row: "Scrape actors" starts scrape_by_site for that site, and says why it did not', async () => {
    const sites: SiteWithHealth[] = [
      siteWithHealth({ id: 'madeupvr', name: 'Made Up VR', is_enabled: true }),
    ];
    let answer = { body: null as unknown, status: 200 };
    const requests = mockApi({
      'GET /api/scrapers/sites': { body: sites },
      'GET /api/options/state': { body: optionsState() },
      'GET /api/extref/generic/scrape_by_site/madeupvr': () => answer,
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=scrapers' });
    const u = user();
    const row = await screen.findByTestId('scraper-row-madeupvr');
    await u.click(within(row).getByRole('button', { name: 'Actions for Made Up VR' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Scrape actors' }));
    expect(await screen.findByText('Actor scrape started')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('scrape_by_site')).map((r) => r.url)).toEqual([
      '/api/extref/generic/scrape_by_site/madeupvr',
    ]);

    answer = { status: 404, body: { error: 'Not Found', message: 'There is no site madeupvr' } };
    await u.click(within(row).getByRole('button', { name: 'Actions for Made Up VR' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Scrape actors' }));
    expect(await screen.findByText('Error: There is no site madeupvr')).toBeInTheDocument();
  });
});
