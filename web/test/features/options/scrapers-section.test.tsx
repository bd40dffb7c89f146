import type { DefinitionInfo, SiteWithHealth } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';
import { scrapeRun, siteWithHealth, wireSite } from './scrapers-fixtures';

const SITES: SiteWithHealth[] = [
  siteWithHealth({
    id: 'astrodomina',
    name: 'AstroDomina (SLR)',
    is_enabled: true,
    scene_count: 12,
    last_update: '2024-05-01T10:05:00Z',
    last_run: scrapeRun({
      status: 'partial',
      pages_fetched: 4,
      scenes_seen: 40,
      scenes_new: 3,
      scenes_updated: 2,
      scenes_rejected: 1,
      http_statuses: { '200': 31, '429': 2 },
      last_error: 'HTTP 500',
      last_error_url: 'https://astro.example/page/4',
      coverage: [{ field: 'released', empty: 40, of: 40 }],
    }),
  }),
  siteWithHealth({ id: 'babevr', name: 'BabeVR', studio: 'Badoink' }),
  siteWithHealth({
    id: 'gonevr',
    name: 'GoneVR',
    disabled_reason: 'The site closed in 2023',
    definition_error: 'definition invalid: gonevr.yaml:7: selector missing',
  }),
  siteWithHealth({
    id: 'blockvr',
    name: 'BlockVR',
    is_enabled: true,
    last_run: scrapeRun({ status: 'blocked' }),
  }),
];

function serve(routes: Record<string, MockResponse | MockHandler> = {}, sites = SITES) {
  let current = sites;
  const flip = (id: string, flag: 'is_enabled' | 'limit_scraping' | 'subscribed') => {
    current = current.map((site) => (site.id === id ? { ...site, [flag]: !site[flag] } : site));
    return { body: current.map(wireSite) };
  };
  const idOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');
  const requests = mockApi({
    'GET /api/scrapers/sites': () => ({ body: current }),
    'GET /api/options/state': { status: 500, body: { error: 'x', message: 'not needed' } },
    ...Object.fromEntries(
      current.flatMap((site) => [
        [`PUT /api/options/sites/${site.id}`, ({ url }: { url: string }) => flip(idOf(url), 'is_enabled')],
        [
          `PUT /api/options/sites/limit_scraping/${site.id}`,
          ({ url }: { url: string }) => flip(idOf(url), 'limit_scraping'),
        ],
        [
          `PUT /api/options/sites/subscribed/${site.id}`,
          ({ url }: { url: string }) => flip(idOf(url), 'subscribed'),
        ],
      ]),
    ),
    'GET /api/task/scrape': { body: null },
    'POST /api/options/scraper/force-site-update': { body: null },
    'POST /api/options/scraper/delete-scenes': { body: null },
    ...routes,
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=scrapers' });
  return { requests, ...rendered, user: userEvent.setup({ delay: null }) };
}

const row = (id: string) => screen.getByTestId(`scraper-row-${id}`);
const sitesReads = (requests: { method: string; url: string }[]) =>
  requests.filter((r) => r.method === 'GET' && r.url === '/api/scrapers/sites').length;

describe('Scrapers section', { timeout: 30_000 }, () => {
  it('shows each site with its name and source, scene count, last scrape or never, and health badge', async () => {
    serve();
    await screen.findByTestId('scrapers-table');
    const astro = row('astrodomina');
    expect(within(astro).getByTestId('scraper-name')).toHaveTextContent('AstroDomina (SLR)');
    expect(within(astro).getByTestId('scraper-scene-count')).toHaveTextContent('12');
    expect(within(astro).getByTestId('scraper-status')).toHaveTextContent(/^2024-05-0[12] \d{2}:\d{2}$/);
    expect(within(astro).getByTestId('scraper-health')).toHaveTextContent('Partial');
    expect(within(row('babevr')).getByTestId('scraper-status')).toHaveTextContent('Never scraped');
    expect(within(row('babevr')).getByTestId('scraper-health')).toHaveTextContent('No runs');
    expect(within(row('blockvr')).getByTestId('scraper-health')).toHaveTextContent('Blocked');
    const gone = row('gonevr');
    expect(within(gone).getByTestId('scraper-health')).toHaveTextContent('Invalid definition');
    expect(within(gone).getByTestId('scraper-definition-error')).toHaveTextContent(
      'definition invalid: gonevr.yaml:7: selector missing',
    );
    expect(within(gone).getByTestId('scraper-disabled-reason')).toHaveTextContent('The site closed in 2023');
    // Each site has its StashDB switch (scrape_stash), off here.
    expect(screen.getAllByRole('switch', { name: /to StashDB$/ })).toHaveLength(SITES.length);
    expect(
      within(astro).getByRole('switch', { name: 'Link the scenes of AstroDomina (SLR) to StashDB' }),
    ).not.toBeChecked();
  });

  it("opens a run's figures: pages, scenes, HTTP statuses, last error with its URL and field coverage", async () => {
    const { user } = serve();
    await screen.findByTestId('scrapers-table');
    const badge = within(row('astrodomina')).getByTestId('scraper-health');
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    await user.click(badge);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('scraper-details-astrodomina');
    expect(within(details).getByTestId('scraper-run-pages')).toHaveTextContent('4');
    expect(within(details).getByTestId('scraper-run-seen')).toHaveTextContent('40');
    expect(within(details).getByTestId('scraper-run-new')).toHaveTextContent('3');
    expect(within(details).getByTestId('scraper-run-updated')).toHaveTextContent('2');
    expect(within(details).getByTestId('scraper-run-rejected')).toHaveTextContent('1');
    expect(within(details).getByTestId('scraper-run-http')).toHaveTextContent('200 × 31, 429 × 2');
    expect(within(details).getByTestId('scraper-run-error')).toHaveTextContent(
      'Last error: HTTP 500 https://astro.example/page/4',
    );
    expect(within(details).getByRole('link', { name: 'https://astro.example/page/4' })).toHaveAttribute(
      'href',
      'https://astro.example/page/4',
    );
    expect(within(details).getByTestId('scraper-run-coverage')).toHaveTextContent(
      'release date empty in 100% of scenes (40 of 40)',
    );
    await user.click(badge);
    expect(screen.queryByTestId('scraper-details-astrodomina')).not.toBeInTheDocument();

    await user.click(within(row('babevr')).getByTestId('scraper-health'));
    expect(screen.getByTestId('scraper-run-none')).toHaveTextContent('This site has not been scraped yet.');
  });

  it('shows Scraping now... while the site runs, and reads the sites again when it completes and at lock release', async () => {
    const { requests, store } = serve();
    await screen.findByTestId('scrapers-table');
    expect(sitesReads(requests)).toBe(1);
    const log = (data: Record<string, unknown>, message = 'Starting BabeVR scraper') => ({
      topic: 'service.log' as const,
      payload: { level: 'info' as const, message, data, timestamp: 'now' },
    });
    act(() => store.receive(log({ task: 'scraperProgress', scraperID: 'babevr', started: true })));
    expect(within(row('babevr')).getByTestId('scraper-status')).toHaveTextContent('Scraping now...');
    expect(within(row('babevr')).getByTestId('scraper-health')).toHaveTextContent('Running');
    act(() => store.receive(log({ task: 'scraperProgress', scraperID: 'babevr', completed: true })));
    expect(within(row('babevr')).getByTestId('scraper-status')).toHaveTextContent('Never scraped');
    await waitFor(() => expect(sitesReads(requests)).toBe(2));
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } }));
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: false } }));
    await waitFor(() => expect(sitesReads(requests)).toBe(3));
    // Another lock's release does not concern the sites.
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: false } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sitesReads(requests)).toBe(3);
  });

  it('flips a switch with PUT and shows the answered state; a disabled site cannot be enabled', async () => {
    const { requests, user } = serve();
    await screen.findByTestId('scrapers-table');
    const enable = screen.getByRole('switch', { name: 'Enable BabeVR' });
    expect(enable).not.toBeChecked();
    await user.click(enable);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable BabeVR' })).toBeChecked());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body])).toEqual([
      ['/api/options/sites/babevr', {}],
    ]);
    await user.click(screen.getByRole('switch', { name: 'Limit scraping of AstroDomina (SLR)' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Limit scraping of AstroDomina (SLR)' })).toBeChecked(),
    );
    await user.click(screen.getByRole('switch', { name: 'Subscribed to BlockVR' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Subscribed to BlockVR' })).toBeChecked());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      '/api/options/sites/babevr',
      '/api/options/sites/limit_scraping/astrodomina',
      '/api/options/sites/subscribed/blockvr',
    ]);
    expect(screen.getByRole('switch', { name: 'Enable GoneVR' })).toBeDisabled();
  });

  it('ignores a second click on a switch until the first is answered, per site and flag', async () => {
    const { requests, user } = serve();
    await screen.findByTestId('scrapers-table');
    const babe = screen.getByRole('switch', { name: 'Enable BabeVR' });
    const astro = screen.getByRole('switch', { name: 'Subscribed to AstroDomina (SLR)' });
    act(() => {
      fireEvent.click(babe);
      fireEvent.click(babe);
      fireEvent.click(astro);
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable BabeVR' })).toBeChecked());
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Subscribed to AstroDomina (SLR)' })).toBeChecked(),
    );
    const puts = () => requests.filter((r) => r.method === 'PUT').map((r) => r.url);
    expect(puts()).toEqual(['/api/options/sites/babevr', '/api/options/sites/subscribed/astrodomina']);
    // Answered, both switch back on the next click.
    await user.click(screen.getByRole('switch', { name: 'Enable BabeVR' }));
    await user.click(screen.getByRole('switch', { name: 'Subscribed to AstroDomina (SLR)' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable BabeVR' })).not.toBeChecked());
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Subscribed to AstroDomina (SLR)' })).not.toBeChecked(),
    );
    expect(puts()).toHaveLength(4);
  });

  it('applies bulk actions to the selected sites not yet in that state, never enabling a disabled site', async () => {
    const { requests, user } = serve();
    await screen.findByTestId('scrapers-table');
    expect(screen.queryByTestId('scrapers-bulk')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select every site shown' }));
    expect(screen.getByTestId('scrapers-bulk')).toHaveTextContent('4 sites selected');
    await user.click(within(screen.getByTestId('scrapers-bulk')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable BabeVR' })).toBeChecked());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      '/api/options/sites/babevr',
    ]);
    expect(screen.getByRole('switch', { name: 'Enable GoneVR' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select GoneVR' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select BabeVR' }));
    expect(screen.getByTestId('scrapers-bulk')).toHaveTextContent('2 sites selected');
    await user.click(
      within(screen.getByTestId('scrapers-bulk')).getByRole('button', { name: 'Limit scraping on' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Limit scraping of BlockVR' })).toBeChecked(),
    );
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      '/api/options/sites/babevr',
      '/api/options/sites/limit_scraping/astrodomina',
      '/api/options/sites/limit_scraping/blockvr',
    ]);
    await user.click(
      within(screen.getByTestId('scrapers-bulk')).getByRole('button', { name: 'Clear selection' }),
    );
    expect(screen.queryByTestId('scrapers-bulk')).not.toBeInTheDocument();
  });

  it('filters by the search box', async () => {
    const { user } = serve();
    await screen.findByTestId('scrapers-table');
    await user.type(screen.getByRole('textbox', { name: 'Search sites' }), 'badoink');
    expect(screen.getAllByTestId('scraper-name').map((cell) => cell.textContent)).toEqual(['BabeVR']);
    await user.clear(screen.getByRole('textbox', { name: 'Search sites' }));
    await user.type(screen.getByRole('textbox', { name: 'Search sites' }), 'nothing like it');
    expect(screen.getByTestId('scrapers-none-shown')).toHaveTextContent('No site matches the search.');
  });

  it('scrapes one site or every enabled one, and waits while the scrape lock is held', async () => {
    const { requests, store, user } = serve();
    await screen.findByTestId('scrapers-table');
    await user.click(screen.getByRole('button', { name: 'Actions for BabeVR' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Scrape now' }));
    expect(await screen.findByText('Scraping BabeVR started')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scrape all enabled' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/task/scrape')).map((r) => r.url)).toEqual([
        '/api/task/scrape?site=babevr',
        '/api/task/scrape?site=_enabled',
      ]),
    );
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } }));
    expect(screen.getByRole('button', { name: 'Scrape all enabled' })).toBeDisabled();
  });

  it('asks before Force update and before deleting scenes, naming the count', async () => {
    const { requests, user } = serve();
    await screen.findByTestId('scrapers-table');
    await user.click(screen.getByRole('button', { name: 'Actions for AstroDomina (SLR)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Force update' }));
    let dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Every scene of AstroDomina (SLR) will be scraped again');
    await user.click(within(dialog).getByRole('button', { name: 'Force update' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/options/scraper/force-site-update')?.body).toEqual({
        scraper_id: 'astrodomina',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for AstroDomina (SLR)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete scenes' }));
    dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Delete the 12 scenes of AstroDomina (SLR)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.url === '/api/options/scraper/delete-scenes')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Actions for AstroDomina (SLR)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete scenes' }));
    await user.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete scenes' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/options/scraper/delete-scenes')?.body).toEqual({
        scraper_id: 'astrodomina',
      }),
    );
    expect(await screen.findByText('12 scenes of AstroDomina (SLR) deleted')).toBeInTheDocument();
    // Deleting scenes has nothing to delete on a site without scenes.
    await user.click(screen.getByRole('button', { name: 'Actions for BabeVR' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete scenes' })).toBeDisabled();
  });

  it('reloads the definitions and lists the ones that did not load', async () => {
    const definition = (file: string, error: string): DefinitionInfo => ({
      id: file.replace('.yaml', ''),
      file,
      builtin: false,
      overrides_builtin: false,
      version: 2,
      engine: 'html',
      site_ids: [],
      error,
    });
    let answer = [
      definition('good.yaml', ''),
      definition('bad.yaml', 'definition invalid: bad.yaml:3: no engine'),
    ];
    const { requests, user } = serve({
      'POST /api/scrapers/definitions/reload': () => ({ body: answer }),
    });
    await screen.findByTestId('scrapers-table');
    await user.click(screen.getByRole('button', { name: 'Reload definitions' }));
    const errors = await screen.findByTestId('scrapers-definition-errors');
    expect(errors).toHaveTextContent('1 definition did not load');
    expect(errors).toHaveTextContent('definition invalid: bad.yaml:3: no engine');
    await waitFor(() => expect(sitesReads(requests)).toBe(2));

    answer = [definition('good.yaml', ''), definition('bad.yaml', '')];
    await user.click(screen.getByRole('button', { name: 'Reload definitions' }));
    expect(await screen.findByText('2 definitions reloaded')).toBeInTheDocument();
    expect(screen.queryByTestId('scrapers-definition-errors')).not.toBeInTheDocument();
  });

  it('shows a failed toggle as a danger toast', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { user } = serve({
      'PUT /api/options/sites/babevr': {
        status: 404,
        body: { error: 'Not Found', message: 'no site babevr' },
      },
    });
    await screen.findByTestId('scrapers-table');
    await user.click(screen.getByRole('switch', { name: 'Enable BabeVR' }));
    expect(await screen.findByText('Error: no site babevr')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Error: no site babevr', autoClose: 5000 }),
    );
    expect(screen.getByRole('switch', { name: 'Enable BabeVR' })).not.toBeChecked();
  });

  it('says so when there are no sites', async () => {
    serve({}, []);
    expect(await screen.findByTestId('scrapers-empty')).toHaveTextContent('No scrapers');
    expect(screen.getByRole('button', { name: 'Reload definitions' })).toBeEnabled();
  });
});
