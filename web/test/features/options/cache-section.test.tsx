import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { OptionsStateResponse } from '@fovea/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';

const MB = 1024 * 1024;

function stateWith(cacheSize: OptionsStateResponse['currentState']['cacheSize']): OptionsStateResponse {
  const state = optionsState();
  return { ...state, currentState: { ...state.currentState, cacheSize } };
}

describe('Cache section', () => {
  it('shows the images used of their limit, the previews and the search index', async () => {
    mockApi({
      'GET /api/options/state': {
        body: stateWith({
          images: 1_500_000_000,
          previews: 2_000_000,
          searchIndex: 30_000,
          imagesLimit: 2048 * MB,
        }),
      },
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=cache' });
    expect(await screen.findByTestId('cache-images')).toHaveTextContent('1.5 GB of 2.1 GB');
    expect(screen.getByTestId('cache-previews')).toHaveTextContent('2 MB');
    expect(screen.getByTestId('cache-search-index')).toHaveTextContent('30 KB');
    expect(screen.getByLabelText('Images cache limit (MB)')).toHaveValue('2,048');
  });

  it(
    'saves a new images limit with PUT /api/options/cache and reads the figures again',
    { timeout: 20_000 },
    async () => {
      let limitMb = 2048;
      const requests = mockApi({
        'GET /api/options/state': () => ({
          body: {
            ...stateWith({ images: 60 * MB, previews: 0, searchIndex: 0, imagesLimit: limitMb * MB }),
            config: { ...DEFAULT_OPTIONS, cache: { ...DEFAULT_OPTIONS.cache, imagesMaxMb: limitMb } },
          },
        }),
        'PUT /api/options/cache': ({ body }) => {
          limitMb = (body as { imagesMaxMb: number }).imagesMaxMb;
          return { body: { ...DEFAULT_OPTIONS.cache, ...(body as object) } };
        },
      });
      renderWithProviders(<OptionsPage />, { route: '/options?section=cache' });
      const user = userEvent.setup();
      const input = await screen.findByLabelText('Images cache limit (MB)');
      const save = screen.getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();

      await user.clear(input);
      await user.type(input, '20');
      expect(screen.getByText('A whole number from 50 to 1000000')).toBeInTheDocument();
      expect(save).toBeDisabled();

      await user.clear(input);
      await user.type(input, '100');
      await user.click(save);
      await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
      const put = requests.find((r) => r.method === 'PUT');
      expect(put?.url).toBe('/api/options/cache');
      expect(put?.body).toEqual({
        imagesMaxMb: 100,
        sizeRefreshHours: DEFAULT_OPTIONS.cache.sizeRefreshHours,
      });
      await waitFor(() => expect(screen.getByTestId('cache-images')).toHaveTextContent('62.9 MB of 105 MB'));
    },
  );
});
