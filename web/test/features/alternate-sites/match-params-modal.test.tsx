import { DEFAULT_MATCH_PARAMS } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { MatchParamsModal } from '../../../src/features/alternate-sites/MatchParamsModal';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import { siteWithHealth, wireSite } from '../options/scrapers-fixtures';

const PARAMS_URL = '/api/options/site/match_params/alt-agg';

function setupModal() {
  const onClose = vi.fn();
  const requests = mockApi({
    [`GET ${PARAMS_URL}`]: { body: { ...DEFAULT_MATCH_PARAMS } },
    'POST /api/options/site/save_match_params': { body: null },
    'DELETE /api/extref/delete_extref_source_links/keep_manual': { body: null },
  });
  renderWithProviders(
    <MatchParamsModal site={{ id: 'alt-agg', name: 'Alt Agg (POVR)' }} onClose={onClose} />,
  );
  const writes = () => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url, r.body]);
  return { onClose, writes, user: userEvent.setup({ delay: null }) };
}

describe('MatchParamsModal', () => {
  it('saves boosts in steps of 0.05 and refuses others, then closes', { timeout: 20_000 }, async () => {
    const { user, writes, onClose } = setupModal();
    const boost = await screen.findByRole('textbox', { name: 'Cast boost' });
    expect(boost).toHaveValue('2');
    await user.clear(boost);
    await user.type(boost, '2.07');
    expect(screen.getByTestId('match-params-invalid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(boost);
    await user.type(boost, '2.55');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = writes();
    expect(call?.[1]).toBe('/api/options/site/save_match_params');
    expect(call?.[2]).toMatchObject({ site: 'alt-agg', match_params: { boost_cast: 2.55, boost_title: 4 } });
  });

  it(
    'requires a match type, and offers to delete older links after saving an ignore date',
    { timeout: 20_000 },
    async () => {
      const { user, writes, onClose } = setupModal();
      const released = await screen.findByRole('combobox', { name: 'Release date' });
      expect(released).toBeRequired();
      expect(released).toHaveValue('Should match');
      await user.click(released);
      await user.click(await screen.findByRole('option', { name: 'Must match' }));
      const ignore = screen.getByLabelText('Ignore scenes released before');
      await user.type(ignore, '2025-06-01');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await screen.findByTestId('confirm-dialog');
      expect(dialog).toHaveTextContent('released before 2025-06-01');
      expect(onClose).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Delete links' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(writes()).toEqual([
        [
          'POST',
          '/api/options/site/save_match_params',
          expect.objectContaining({
            match_params: expect.objectContaining({
              released_match_type: 'must',
              ignore_released_before: '2025-06-01T00:00:00Z',
            }) as unknown,
          }),
        ],
        [
          'DELETE',
          '/api/extref/delete_extref_source_links/keep_manual',
          { external_source: 'alternate scene alt-agg', delete_date: '2025-06-01T00:00:00Z' },
        ],
      ]);
    },
  );
});

describe('Advanced → Alternate Sites', () => {
  it(
    'saves its switches, starts the relink and opens a site’s match parameters',
    { timeout: 20_000 },
    async () => {
      const show = vi.spyOn(notifications, 'show');
      const requests = mockApi({
        'GET /api/options/state': { body: optionsState() },
        'GET /api/options/sites': {
          body: [
            wireSite(siteWithHealth({ id: 'house', name: 'House Studio' })),
            wireSite(siteWithHealth({ id: 'alt-agg', name: 'House Studio (POVR)', master_site_id: 'house' })),
          ],
        },
        'PUT /api/options/interface/advanced': ({ body }) => ({
          body: { ...optionsState().config.advanced, ...(body as object) },
        }),
        'GET /api/task/relink_alt_aource_scenes': { body: null },
        [`GET ${PARAMS_URL}`]: { body: { ...DEFAULT_MATCH_PARAMS } },
      });
      renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('tab', { name: 'Alternate Sites' }));
      const tab = await screen.findByTestId('alternate-sites-tab');
      await user.click(within(tab).getByRole('switch', { name: 'Link scenes after scraping' }));
      await user.click(within(tab).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'PUT')?.body).toEqual(
          expect.objectContaining({ linkScenesAfterSceneScraping: false }),
        ),
      );
      await user.click(within(tab).getByRole('button', { name: 'Relink alternate scenes' }));
      await waitFor(() =>
        expect(requests.some((r) => r.url.endsWith('/api/task/relink_alt_aource_scenes'))).toBe(true),
      );
      expect(show.mock.calls.map(([options]) => options.message)).toContain('Linking started');
      const list = await within(tab).findByTestId('alternate-site-list');
      expect(within(list).queryByText('House Studio')).toBeInTheDocument();
      await user.click(within(list).getByRole('button', { name: 'Match parameters of House Studio (POVR)' }));
      expect(await screen.findByTestId('match-params-fields')).toBeInTheDocument();
    },
  );
});
