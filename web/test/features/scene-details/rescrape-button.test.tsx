import type { Site } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { canRescrape } from '../../../src/features/scene-details/RescrapeButton';
import { renderWithProviders } from '../../test-utils';
import { Opener, detailsScene, detailsServer } from './details-fixtures';

vi.mock('../../../src/features/scene-cuepoints/CuepointsTab', () => ({ default: () => null }));
vi.mock('../../../src/features/player/ScenePlayer', () => ({ default: () => null }));
vi.mock('../../../src/features/scene-edit/SceneEditDialog', () => ({ default: () => null }));

const site = (id: string): Site => ({
  id,
  name: id,
  avatar_url: '',
  is_builtin: true,
  is_enabled: true,
  last_update: '0001-01-01T00:00:00Z',
  subscribed: false,
  has_scraper: true,
  limit_scraping: false,
  master_site_id: '',
  matching_params: '{}',
  scrape_stash: false,
  scene_count: 1,
});

async function openScene() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Opener sceneId={42} />);
  await user.click(screen.getByRole('button', { name: 'open scene' }));
  await screen.findByTestId('scene-details');
  return user;
}

describe('Rescrape in scene details', { timeout: 20_000 }, () => {
  it('is offered for a scene with a page whose site exists', () => {
    const scene = { scene_url: 'https://studio.example/scene/42', scraper_id: 'studio' };
    expect(canRescrape(scene, ['other', 'studio'])).toBe(true);
    expect(canRescrape(scene, ['other'])).toBe(false);
    expect(canRescrape({ ...scene, scraper_id: '' }, ['studio', ''])).toBe(false);
    expect(canRescrape({ ...scene, scene_url: '' }, ['studio'])).toBe(false);
  });

  it('scrapes the scene page again and shows the answered scene', async () => {
    const show = vi.spyOn(notifications, 'show');
    const scene = detailsScene({ scraper_id: 'studio', title: 'Old title' });
    const { requests } = detailsServer({
      scenes: [scene],
      extra: {
        'GET /api/options/sites': { body: [site('other'), site('studio')] },
        'POST /api/task/singlescrape': {
          body: { status: 'OK', scene: { ...scene, title: 'New title' }, warnings: ['duration'] },
        },
      },
    });
    const user = await openScene();
    expect(await screen.findByRole('heading', { name: /Old title/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Rescrape' }));
    expect(await screen.findByRole('heading', { name: /New title/ })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      [
        '/api/task/singlescrape',
        { site: 'studio', sceneurl: 'https://studio.example/scene/42', additionalinfo: [] },
      ],
    ]);
    await waitFor(() =>
      expect(show.mock.calls.map(([options]) => [options.message, options.autoClose])).toEqual([
        ['Please specify a Duration if required', 10000],
        ['The scene was scraped again', 3000],
      ]),
    );
  });

  it('says why a rescrape failed', async () => {
    const scene = detailsScene({ scraper_id: 'studio' });
    detailsServer({
      scenes: [scene],
      extra: {
        'GET /api/options/sites': { body: [site('studio')] },
        'POST /api/task/singlescrape': {
          status: 502,
          body: { error: 'Bad Gateway', message: 'HTTP 403 from studio' },
        },
      },
    });
    const user = await openScene();
    await user.click(await screen.findByRole('button', { name: 'Rescrape' }));
    expect(await screen.findByText('Error: HTTP 403 from studio')).toBeInTheDocument();
  });

  it("is not offered when the scene's site is gone", async () => {
    const { requests } = detailsServer({
      scenes: [detailsScene({ scraper_id: 'studio' })],
      extra: { 'GET /api/options/sites': { body: [site('other')] } },
    });
    await openScene();
    await waitFor(() => expect(requests.some((r) => r.url === '/api/options/sites')).toBe(true));
    expect(screen.getByRole('button', { name: 'Search StashDB' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rescrape' })).not.toBeInTheDocument();
  });
});
