import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { javRescrapeSource } from '../../../src/features/scene-details/jav-rescrape';
import { renderWithProviders } from '../../test-utils';
import { Opener, detailsScene, detailsServer, detailsTag } from './details-fixtures';

vi.mock('../../../src/features/scene-cuepoints/CuepointsTab', () => ({ default: () => null }));
vi.mock('../../../src/features/player/ScenePlayer', () => ({ default: () => null }));
vi.mock('../../../src/features/scene-edit/SceneEditDialog', () => ({ default: () => null }));

const jav = (...tags: string[]) => ({
  scraper_id: '',
  scene_id: 'FOVR-123',
  scene_url: 'https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=fovr00123/',
  tags: tags.map((name) => ({ name })),
});

describe('Rescrape of JAV scenes', { timeout: 20_000 }, () => {
  it('re-runs the source that imported the scene, r18.dev when none is named', () => {
    expect(javRescrapeSource(jav('javr', 'javlibrary'))).toBe('javlibrary');
    expect(javRescrapeSource(jav('javr', 'jav.land'))).toBe('javland');
    expect(javRescrapeSource(jav('javr', 'r18.dev'))).toBe('r18d');
    expect(javRescrapeSource(jav())).toBe('r18d');
    expect(javRescrapeSource({ ...jav('javr'), scraper_id: 'studio' })).toBeNull();
    expect(javRescrapeSource({ ...jav(), scene_url: 'https://studio.example/1' })).toBeNull();
    expect(javRescrapeSource({ ...jav('javr'), scene_id: 'a b' })).toBeNull();
  });

  it('imports the scene again from its source and shows it once the job has ended', async () => {
    const scene = detailsScene({
      ...jav(),
      title: 'FOVR-123',
      tags: [detailsTag(1, 'javr'), detailsTag(2, 'javdatabase')],
    });
    const server = detailsServer({
      scenes: [scene],
      extra: { 'POST /api/task/scrape-javr': { body: null } },
    });
    const user = userEvent.setup({ delay: null });
    const { store } = renderWithProviders(<Opener sceneId={42} />);
    await user.click(screen.getByRole('button', { name: 'open scene' }));
    expect(await screen.findByRole('heading', { name: /FOVR-123/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Rescrape' }));
    expect(await screen.findByText('The scene is being imported again from JavDatabase')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      ['/api/task/scrape-javr', { s: 'javdatabase', q: 'FOVR-123' }],
    ]);

    server.set({ ...scene, title: 'Rainy Afternoon Tea' });
    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: {
          jobId: 7,
          name: 'scrape-javr',
          task: 'scrape',
          status: 'done',
          current: 1,
          total: 1,
          progress: 100,
          message: 'JavDatabase: scene FOVR-123 updated',
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: /Rainy Afternoon Tea/ })).toBeInTheDocument(),
    );
  });
});
