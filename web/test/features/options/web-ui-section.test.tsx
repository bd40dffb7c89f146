import { DEFAULT_OPTIONS } from '@fovea/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { optionsKeys } from '../../../src/api/query-keys';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';

describe('Web UI section', () => {
  it('loads config.web, saves the edited values with PUT and updates the cache', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'PUT /api/options/interface/web': ({ body }) => ({
        body: { ...DEFAULT_OPTIONS.web, ...(body as object) },
      }),
    });
    const { queryClient } = renderWithProviders(<OptionsPage />, { route: '/options?section=web' });
    const user = userEvent.setup();

    const edit = await screen.findByRole('switch', { name: 'Edit button' });
    expect(screen.getAllByRole('switch')).toHaveLength(15);
    expect(edit).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Hidden button' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(edit);
    await user.click(screen.getByRole('switch', { name: 'Check for updates' }));
    await user.click(screen.getByRole('combobox', { name: 'Tag sort order' }));
    await user.click(await screen.findByRole('option', { name: 'Alphabetically' }));
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuenow', '40');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '50');

    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/options/interface/web');
    expect(put?.body).toEqual({
      tagSort: 'alphabetically',
      isAvailOpacity: 50,
      updateCheck: false,
      sceneHidden: true,
      sceneWatchlist: true,
      sceneFavourite: true,
      sceneWishlist: true,
      sceneTrailerlist: true,
      sceneWatched: false,
      sceneEdit: true,
      sceneDuration: false,
      sceneCuepoint: true,
      showHspFile: true,
      showSubtitlesFile: true,
      showScriptHeatmap: true,
      showAllHeatmaps: false,
      showOpenInNewWindow: true,
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const cached = queryClient.getQueryData<ReturnType<typeof optionsState>>(optionsKeys.state);
    expect(cached?.config.web.sceneEdit).toBe(true);
    expect(cached?.config.web.tagSort).toBe('alphabetically');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('shows the server error when saving fails', async () => {
    mockApi({
      'GET /api/options/state': { body: optionsState() },
      'PUT /api/options/interface/web': { status: 400, body: { error: 'Bad Request', message: 'bad value' } },
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=web' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Duration' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: bad value')).toBeInTheDocument();
  });
});

describe('Advanced section', () => {
  it('saves scene details and actor settings with PUT /api/options/interface/advanced', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'PUT /api/options/interface/advanced': ({ body }) => ({
        body: { ...DEFAULT_OPTIONS.advanced, ...(body as object) },
      }),
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Show the HereSphere API link' }));
    await user.click(screen.getByRole('tab', { name: 'Actor Settings' }));
    await user.click(screen.getByRole('switch', { name: 'Use imperial units when editing actors' }));
    await user.type(screen.getByLabelText('StashDB API key'), 'secret-key');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/options/interface/advanced');
    expect(put?.body).toEqual({
      showInternalSceneId: false,
      showHSPApiLink: true,
      showSceneSearchField: false,
      useImperialEntry: true,
      scrapeActorAfterScene: true,
      stashApiKey: 'secret-key',
      imageProxyAllowLan: false,
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('shows a retry when the options cannot be loaded', async () => {
    mockApi({});
    renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    expect(await screen.findByTestId('options-load-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
