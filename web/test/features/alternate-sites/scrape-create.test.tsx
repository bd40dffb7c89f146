import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { Opener, alternateSource, detailsScene, detailsServer } from '../scene-details/details-fixtures';

vi.mock('../../../src/features/scene-cuepoints/CuepointsTab', () => ({ default: () => null }));
vi.mock('../../../src/features/player/ScenePlayer', () => ({ default: () => null }));
vi.mock('../../../src/features/scene-edit/SceneEditDialog', () => ({ default: () => null }));

const title = (text: string) => screen.findByRole('heading', { name: new RegExp(text) });

describe('Scrape & Create Scene', { timeout: 20_000 }, () => {
  it('asks first, creates the scene from the alternate source and shows it', async () => {
    const created = detailsScene({ id: 88, scene_id: 'altvr-9', title: 'Sunny day, its own scene' });
    const { requests } = detailsServer({
      scenes: [detailsScene(), created],
      alternates: { 42: [alternateSource()] },
      extra: { 'POST /api/extref/alternate_source/scrape_create': { body: created } },
    });
    const u = userEvent.setup({ delay: null });
    renderWithProviders(<Opener sceneId={42} />);
    await u.click(screen.getByRole('button', { name: 'open scene' }));
    await u.click(await screen.findByRole('button', { name: /Show the alternate source/ }));
    await title('alternate cut');
    await u.click(screen.getByRole('button', { name: 'Scrape & Create Scene' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scrape & Create Scene' });
    expect(dialog).toHaveTextContent('https://alt.example/scene/9');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The scene was scraped and created')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      [
        '/api/extref/alternate_source/scrape_create',
        { external_source: 'alternate scene altvr', external_id: 'altvr-9' },
      ],
    ]);
    expect(await title('its own scene')).toBeInTheDocument();
  });

  it('is not offered for a source without a page', async () => {
    detailsServer({ scenes: [detailsScene()], alternates: { 42: [alternateSource({ url: '' })] } });
    const u = userEvent.setup({ delay: null });
    renderWithProviders(<Opener sceneId={42} />);
    await u.click(screen.getByRole('button', { name: 'open scene' }));
    await u.click(await screen.findByRole('button', { name: /Show the alternate source/ }));
    await title('alternate cut');
    expect(screen.getByRole('button', { name: /Remove the scene/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scrape & Create Scene' })).not.toBeInTheDocument();
  });
});
