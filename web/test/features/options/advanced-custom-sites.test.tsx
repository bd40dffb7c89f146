import type { CustomSite } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import { siteWithHealth, wireSite } from './scrapers-fixtures';

const STAMP = '2026-01-01T00:00:00.000Z';

function customSite(overrides: Partial<CustomSite> & Pick<CustomSite, 'id' | 'name'>): CustomSite {
  return {
    list: 'povr',
    url: `https://povr.com/studios/${overrides.id}`,
    company: overrides.name,
    avatar_url: '',
    master_site_id: '',
    has_scraper: true,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

async function setup(initial: CustomSite[] = []) {
  let stored = initial;
  const show = vi.spyOn(notifications, 'show');
  const requests = mockApi({
    'GET /api/options/state': { body: optionsState() },
    'GET /api/options/sites': {
      body: [
        wireSite(siteWithHealth({ id: 'house-studio', name: 'House Studio (POVR)' })),
        wireSite(siteWithHealth({ id: 'alt-site', name: 'Alt Site', master_site_id: 'house-studio' })),
      ],
    },
    'GET /api/options/custom-sites': () => ({ body: stored }),
    'PUT /api/options/custom-sites/create': ({ body }) => {
      const sent = body as { scraperUrl: string; scraperName: string; scraperCompany: string };
      const site = customSite({
        id: 'moon-lake-povr',
        name: sent.scraperName,
        company: sent.scraperCompany,
        url: sent.scraperUrl,
      });
      stored = [...stored.filter((entry) => entry.id !== site.id), site];
      return { body: site };
    },
    'DELETE /api/options/custom-sites/moon-lake-povr': () => {
      stored = stored.filter((entry) => entry.id !== 'moon-lake-povr');
      return { body: null };
    },
  });
  renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: 'Create Custom Site' }));
  await screen.findByTestId('custom-site-form');
  const toasts = () => show.mock.calls.map(([options]) => options.message);
  const writes = () => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url, r.body]);
  return { user, toasts, writes };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('Advanced → Create Custom Site', { timeout: 30_000 }, () => {
  it('enables Create only for a name and a URL on an allowed aggregator, and sends the company as the name', async () => {
    const { user, writes, toasts } = await setup();
    expect(screen.getByText('No custom sites yet.')).toBeInTheDocument();
    // The options Save bar belongs to the other tabs.
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create site' });
    expect(create).toBeDisabled();

    await user.type(field(/Studio URL/), 'https://example.com/studios/moon-lake');
    await user.type(field(/^Name/), 'Moon Lake');
    expect(
      screen.getByText('Use the address of a studio page on one of the supported aggregator sites'),
    ).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.clear(field(/Studio URL/));
    await user.type(field(/Studio URL/), 'povr.com/studios/moon-lake');
    expect(create).toBeEnabled();
    await user.click(create);

    await waitFor(() =>
      expect(writes()).toEqual([
        [
          'PUT',
          '/api/options/custom-sites/create',
          {
            scraperUrl: 'povr.com/studios/moon-lake',
            scraperName: 'Moon Lake',
            scraperCompany: 'Moon Lake',
            scraperAvatar: '',
            masterSiteId: '',
          },
        ],
      ]),
    );
    expect(toasts()).toContain('Moon Lake was added to the Scrapers list');
    const row = await screen.findByTestId('custom-site-moon-lake-povr');
    expect(row).toHaveTextContent('Moon Lake');
    expect(row).toHaveTextContent('povr.com/studios/moon-lake');
    expect(field(/Studio URL/)).toHaveValue('');
  });

  it('edits a site with its URL fixed and offers only main sites as its main site', async () => {
    const { user, writes } = await setup([
      customSite({ id: 'moon-lake-povr', name: 'Moon Lake', company: 'Lake Media' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit Moon Lake' }));
    expect(screen.getByText('Edit Moon Lake')).toBeInTheDocument();
    expect(field(/Studio URL/)).toHaveAttribute('readonly');
    expect(field(/Company/)).toHaveValue('Lake Media');

    await user.click(screen.getByRole('combobox', { name: /Main site/ }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['House Studio (POVR)']);
    await user.click(within(options).getByRole('option', { name: 'House Studio (POVR)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.[2]).toMatchObject({
      scraperUrl: 'https://povr.com/studios/moon-lake-povr',
      scraperCompany: 'Lake Media',
      masterSiteId: 'house-studio',
    });
    expect(await screen.findByText('New custom site')).toBeInTheDocument();
  });

  it('deletes a site only after the confirmation', async () => {
    const { user, writes, toasts } = await setup([customSite({ id: 'moon-lake-povr', name: 'Moon Lake' })]);
    await user.click(screen.getByRole('button', { name: 'Delete Moon Lake' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('The scenes scraped from it stay in the library.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Moon Lake' }));
    await user.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(writes()).toEqual([['DELETE', '/api/options/custom-sites/moon-lake-povr', undefined]]),
    );
    expect(await screen.findByText('No custom sites yet.')).toBeInTheDocument();
    expect(toasts()).toContain('Moon Lake deleted');
  });
});
