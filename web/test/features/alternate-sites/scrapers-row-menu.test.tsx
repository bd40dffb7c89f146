import { DEFAULT_MATCH_PARAMS } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, renderWithProviders } from '../../test-utils';
import { siteWithHealth } from '../options/scrapers-fixtures';

const SITES = [
  siteWithHealth({ id: 'house', name: 'House Studio', is_enabled: true }),
  siteWithHealth({ id: 'house-povr', name: 'House Studio (POVR)', master_site_id: 'house' }),
];

describe('the Scrapers row menu of an alternate site', { timeout: 20_000 }, () => {
  it('offers the match parameters and the deletion of its links and scenes, a main site does not', async () => {
    const requests = mockApi({
      'GET /api/scrapers/sites': { body: SITES },
      'GET /api/options/state': { status: 500, body: { error: 'x', message: 'not needed' } },
      'GET /api/options/site/match_params/house-povr': { body: { ...DEFAULT_MATCH_PARAMS } },
      'DELETE /api/extref/delete_extref_source_links/keep_manual': { body: null },
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=scrapers' });
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('scrapers-table');

    await user.click(screen.getByRole('button', { name: 'Actions for House Studio' }));
    await screen.findByRole('menuitem', { name: 'Scrape now' });
    expect(screen.queryByRole('menuitem', { name: 'Match parameters' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for House Studio (POVR)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Match parameters' }));
    expect(await screen.findByTestId('match-params-fields')).toBeInTheDocument();
    // Escape closes it, though not while a field is being typed in.
    await user.click(screen.getByRole('textbox', { name: 'Cast boost' }));
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('match-params-fields')).toBeInTheDocument();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('match-params-fields')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for House Studio (POVR)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete links, keep manual ones' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('House Studio (POVR)');
    await user.click(within(dialog).getByRole('button', { name: 'Delete links, keep manual ones' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => [r.url, r.body])).toEqual([
        [
          '/api/extref/delete_extref_source_links/keep_manual',
          { external_source: 'alternate scene house-povr' },
        ],
      ]),
    );
    expect(await screen.findByText('The links were deleted')).toBeInTheDocument();
  });
});
