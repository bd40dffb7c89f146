import { DEFAULT_OPTIONS } from '@fovea/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { SceneDetailsContext } from '../../../src/features/scene-details/scene-details-context';
import type { SceneDetailsApi } from '../../../src/features/scene-details/scene-details-context';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';

function setup(config: Parameters<typeof optionsState>[0] = {}) {
  const details: SceneDetailsApi = { open: vi.fn(), openEdit: vi.fn(), close: vi.fn(), currentId: null };
  const requests = mockApi({
    'GET /api/options/state': { body: optionsState(config) },
    'GET /api/scrapers/single-scene': { body: [] },
    'POST /api/task/scrape-javr': { body: null },
    'POST /api/task/scrape-tpdb': { body: null },
  });
  renderWithProviders(
    <SceneDetailsContext.Provider value={details}>
      <OptionsPage />
    </SceneDetailsContext.Provider>,
    { route: '/options?section=create-scene' },
  );
  const posts = () => requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body]);
  return { posts, user: userEvent.setup({ delay: null }) };
}

const importButton = (card: HTMLElement) =>
  Array.from(card.querySelectorAll('button')).find((button) => button.textContent === 'Import');

describe('Create/Import scene: JAV and TPDB imports', { timeout: 30_000 }, () => {
  it('imports JAV ids from r18.dev by default, or from the source chosen', async () => {
    const { posts, user } = setup();
    const card = await screen.findByTestId('create-scene-jav');
    const source = screen.getByRole('combobox', { name: 'Source' });
    await waitFor(() => expect(source).toHaveValue('r18.dev'));
    expect(importButton(card)).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Scene ids/ }), 'FOVR-123, FOVR-124');
    await user.click(importButton(card) as HTMLElement);
    expect(await screen.findByText('Import from r18.dev started')).toBeInTheDocument();

    await user.click(source);
    await user.click(await screen.findByRole('option', { name: 'JavLibrary' }));
    await user.type(screen.getByRole('textbox', { name: /Scene ids/ }), 'FOVR-9');
    await user.click(importButton(card) as HTMLElement);
    await waitFor(() =>
      expect(posts()).toEqual([
        ['/api/task/scrape-javr', { s: 'r18d', q: 'FOVR-123, FOVR-124' }],
        ['/api/task/scrape-javr', { s: 'javlibrary', q: 'FOVR-9' }],
      ]),
    );
  });

  it('starts from the saved source', async () => {
    setup({
      scraper_settings: { ...DEFAULT_OPTIONS.scraper_settings, javr: { javrScraper: 'javdatabase' } },
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('JavDatabase'));
  });

  it('needs a token and a theporndb.net scene URL before a TPDB import', async () => {
    const { posts, user } = setup();
    const card = await screen.findByTestId('create-scene-tpdb');
    const url = card.querySelector('input[type="url"]') as HTMLInputElement;
    await user.type(url, 'https://example.com/scenes/x');
    expect(await screen.findByText(/Enter a theporndb.net scene URL/)).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://theporndb.net/scenes/invented-garden');
    expect(importButton(card)).toBeDisabled();
    await user.type(screen.getByLabelText('API token'), ' tok-123 ');
    await waitFor(() => expect(importButton(card)).toBeEnabled());
    await user.click(importButton(card) as HTMLElement);
    expect(await screen.findByText('TPDB import started')).toBeInTheDocument();
    expect(posts()).toEqual([
      [
        '/api/task/scrape-tpdb',
        { apiToken: 'tok-123', sceneUrl: 'https://theporndb.net/scenes/invented-garden' },
      ],
    ]);
  });

  it('uses the token kept in the options without showing it', async () => {
    const { posts, user } = setup({ vendor: { tpdb: { apiToken: 'set' } } });
    const card = await screen.findByTestId('create-scene-tpdb');
    expect(await screen.findByTestId('tpdb-token-status')).toHaveTextContent(/set/i);
    await user.type(
      card.querySelector('input[type="url"]') as HTMLInputElement,
      'https://theporndb.net/jav/fovr-123',
    );
    await waitFor(() => expect(importButton(card)).toBeEnabled());
    await user.click(importButton(card) as HTMLElement);
    await waitFor(() =>
      expect(posts()).toEqual([
        ['/api/task/scrape-tpdb', { apiToken: 'set', sceneUrl: 'https://theporndb.net/jav/fovr-123' }],
      ]),
    );
  });
});
