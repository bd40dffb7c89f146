import { DEFAULT_OPTIONS } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { optionsKeys } from '../../../src/api/query-keys';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { OptionsStateResponse } from '@fovea/contract';

describe('Advanced section: Actor Settings', () => {
  it('saves imperial entry, actor scraping after scenes and the StashDB key with PUT', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'PUT /api/options/interface/advanced': ({ body }) => ({
        body: { ...DEFAULT_OPTIONS.advanced, ...(body as object) },
      }),
    });
    const { queryClient } = renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Actor Settings' }));
    const panel = screen.getByTestId('advanced-actor-settings');
    const imperial = within(panel).getByRole('switch', { name: 'Use imperial units when editing actors' });
    const scrape = within(panel).getByRole('switch', { name: 'Scrape actors after scraping scenes' });
    expect(imperial).not.toBeChecked();
    expect(scrape).toHaveProperty('checked', DEFAULT_OPTIONS.advanced.scrapeActorAfterScene);
    expect(within(panel).getByTestId('stash-key-missing')).toHaveTextContent(
      'Without a key, StashDB search, linking and scraping stay off.',
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(imperial);
    await user.click(scrape);
    await user.type(within(panel).getByLabelText('StashDB API key'), ' key-123 ');
    expect(within(panel).queryByTestId('stash-key-missing')).not.toBeInTheDocument();
    await user.click(save);

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/options/interface/advanced');
    expect(put?.body).toEqual({
      showInternalSceneId: DEFAULT_OPTIONS.advanced.showInternalSceneId,
      showHSPApiLink: DEFAULT_OPTIONS.advanced.showHSPApiLink,
      showSceneSearchField: DEFAULT_OPTIONS.advanced.showSceneSearchField,
      useImperialEntry: true,
      scrapeActorAfterScene: !DEFAULT_OPTIONS.advanced.scrapeActorAfterScene,
      stashApiKey: 'key-123',
      imageProxyAllowLan: false,
    });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<OptionsStateResponse>(optionsKeys.state)?.config.advanced.useImperialEntry,
      ).toBe(true),
    );
    // The saved form is shown again on the tab it was saved from.
    expect(await screen.findByRole('tab', { name: 'Actor Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Use imperial units when editing actors' })).toBeChecked();
  });

  it('saves the image proxy LAN switch from the Image Proxy tab (off by default)', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'PUT /api/options/interface/advanced': ({ body }) => ({
        body: { ...DEFAULT_OPTIONS.advanced, ...(body as object) },
      }),
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Image Proxy' }));
    const lan = screen.getByRole('switch', { name: 'Allow images from the local network' });
    expect(lan).not.toBeChecked();
    expect(screen.getByText(/Fovea's own machine is never reached/)).toBeInTheDocument();
    await user.click(lan);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ imageProxyAllowLan: true });
    expect(await screen.findByRole('switch', { name: 'Allow images from the local network' })).toBeChecked();
  });

  it('keeps the scene details switches in their own tab', async () => {
    mockApi({ 'GET /api/options/state': { body: optionsState() } });
    renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    expect(await screen.findByRole('switch', { name: 'Show the internal scene id' })).toBeInTheDocument();
    expect(screen.queryByTestId('advanced-actor-settings')).not.toBeInTheDocument();
  });

  it('saves the scrapers’ proxy and User-Agent from the Cookies/Headers tab, refusing a proxy that is not a URL', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'GET /api/options/collector-config-list': { body: [] },
      'PUT /api/options/interface/advanced': ({ body }) => ({
        body: { ...DEFAULT_OPTIONS.advanced, ...(body as object) },
      }),
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Cookies/Headers' }));
    const panel = screen.getByTestId('scraper-connection');
    const save = within(panel).getByRole('button', { name: 'Save connection settings' });
    expect(save).toBeDisabled();
    await user.type(within(panel).getByLabelText('Proxy'), 'proxy.lan:3128');
    expect(within(panel).getByText('Enter a proxy URL such as http://proxy.lan:3128')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(within(panel).getByLabelText('Proxy'));
    await user.type(within(panel).getByLabelText('Proxy'), ' http://proxy.lan:3128 ');
    await user.type(within(panel).getByLabelText('Browser identity (User-Agent)'), 'Mozilla/5.0 Test');
    await user.click(save);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      scraperProxy: 'http://proxy.lan:3128',
      scraperUserAgent: 'Mozilla/5.0 Test',
    });
  });
});
