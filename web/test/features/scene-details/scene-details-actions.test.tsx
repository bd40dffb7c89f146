import type { Scene } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../src/api/query-keys';
import { renderWithProviders } from '../../test-utils';
import type { RecordedRequest } from '../../test-utils';
import { Opener, alternateSource, detailsFile, detailsScene, detailsServer } from './details-fixtures';

vi.mock('../../../src/features/scene-cuepoints/CuepointsTab', () => ({ default: () => null }));
vi.mock('../../../src/features/player/ScenePlayer', () => ({ default: () => null }));
vi.mock('../../../src/features/scene-edit/SceneEditDialog', () => ({ default: () => null }));

const user = () => userEvent.setup({ delay: null });
const title = (text: string) => screen.findByRole('heading', { name: new RegExp(text) });
const fileNames = () => screen.queryAllByTestId('scene-file-name').map((node) => node.textContent);
const calls = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url);

async function openScene(sceneId = 42) {
  const u = user();
  const { queryClient } = renderWithProviders(<Opener sceneId={sceneId} />);
  await u.click(screen.getByRole('button', { name: 'open scene' }));
  await screen.findByTestId('scene-details');
  return Object.assign(u, { queryClient });
}

const video = detailsFile({ id: 1, filename: 'Sunny.8K.180_sbs.mp4' });
const script = detailsFile({
  id: 2,
  type: 'script',
  filename: 'Sunny.funscript',
  size: 20_480,
  duration: 0,
  has_heatmap: true,
});
const otherScript = detailsFile({
  id: 3,
  type: 'script',
  filename: 'Sunny.alt.funscript',
  is_selected_script: true,
});
const withFiles = (files = [script, video, otherScript]) => detailsScene({ file: files });

describe('the Files tab', { timeout: 20_000 }, () => {
  it('lists the files, videos first, with their facts, script choice and heatmap', async () => {
    detailsServer({ scenes: [withFiles()] });
    await openScene();
    await title('Sunny day 42');
    expect(fileNames()).toEqual(['Sunny.8K.180_sbs.mp4', 'Sunny.funscript', 'Sunny.alt.funscript']);
    const [videoRow, scriptRow, otherRow] = screen.getAllByTestId('scene-file');
    expect(within(videoRow as HTMLElement).getByTestId('scene-file-facts')).toHaveTextContent(
      '1.2 GB (28 Mbps), 5760x2880 hevc, 180_sbs, 00:30:30, 2025-03-01',
    );
    expect(within(videoRow as HTMLElement).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(scriptRow as HTMLElement).getByTestId('scene-file-facts')).toHaveTextContent(
      '20.5 kB, 2025-03-01',
    );
    expect(
      within(scriptRow as HTMLElement).getByRole('radio', { name: 'Select this script for export' }),
    ).not.toBeChecked();
    expect(within(otherRow as HTMLElement).getByRole('radio')).toBeChecked();
    expect(
      within(scriptRow as HTMLElement).getByRole('img', { name: 'Heatmap of Sunny.funscript' }),
    ).toHaveAttribute('src', '/api/dms/heatmap/2');
    expect(within(otherRow as HTMLElement).queryByRole('img', { name: /Heatmap/ })).not.toBeInTheDocument();
  });

  it('selects the script to export and shows the scene the server answers', async () => {
    const selected = withFiles([
      video,
      { ...script, is_selected_script: true },
      { ...otherScript, is_selected_script: false },
    ]);
    const { requests } = detailsServer({
      scenes: [withFiles()],
      extra: { 'POST /api/scene/selectscript/42': { body: selected } },
    });
    const u = await openScene();
    await title('Sunny day 42');
    const [, scriptRow] = screen.getAllByTestId('scene-file');
    await u.click(within(scriptRow as HTMLElement).getByRole('radio'));
    await waitFor(() => expect(within(scriptRow as HTMLElement).getByRole('radio')).toBeChecked());
    expect(calls(requests, 'POST', '/api/scene/selectscript/42').map((r) => r.body)).toEqual([
      { file_id: 2 },
    ]);
  });

  it('unmatches a file after the "Unmatch file" confirmation; cancelling sends nothing', async () => {
    const { requests } = detailsServer({
      scenes: [withFiles()],
      extra: { 'POST /api/files/unmatch': { body: withFiles([video, otherScript]) } },
    });
    const u = await openScene();
    await title('Sunny day 42');
    const scriptRow = screen.getAllByTestId('scene-file')[1] as HTMLElement;
    await u.click(within(scriptRow).getByRole('button', { name: 'Unmatch file from scene' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unmatch file' });
    expect(dialog).toHaveTextContent('Sunny.funscript');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(requests, 'POST', '/api/files/unmatch')).toEqual([]);
    await u.click(within(scriptRow).getByRole('button', { name: 'Unmatch file from scene' }));
    dialog = await screen.findByRole('dialog', { name: 'Unmatch file' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fileNames()).toEqual(['Sunny.8K.180_sbs.mp4', 'Sunny.alt.funscript']));
    expect(screen.getByRole('tab', { name: 'Files (2)' })).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/files/unmatch').map((r) => r.body)).toEqual([{ file_id: 2 }]);
    expect(await screen.findByText('Sunny.funscript is no longer matched')).toBeInTheDocument();
  });

  it('removes a file from disk after the "Remove file" confirmation', async () => {
    const { requests } = detailsServer({
      scenes: [withFiles()],
      extra: { 'DELETE /api/files/file/1': { body: withFiles([script, otherScript]) } },
    });
    const u = await openScene();
    await title('Sunny day 42');
    const videoRow = screen.getAllByTestId('scene-file')[0] as HTMLElement;
    await u.click(within(videoRow).getByRole('button', { name: 'Delete file from disk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove file' });
    expect(dialog).toHaveTextContent('Sunny.8K.180_sbs.mp4');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fileNames()).toEqual(['Sunny.funscript', 'Sunny.alt.funscript']));
    expect(calls(requests, 'DELETE', '/api/files/file/1')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Files (2)' })).toBeInTheDocument();
  });

  it('says when no file is matched', async () => {
    detailsServer({ scenes: [detailsScene()] });
    await openScene();
    expect(await screen.findByText('No files are matched to this scene.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Files (0)' })).toBeInTheDocument();
  });
});

describe('alternate sources', { timeout: 20_000 }, () => {
  const stash = alternateSource({
    external_source: 'stashdb scene',
    external_id: 'st-1',
    external_data: '{"title":"Sunny day on StashDB"}',
    url: 'https://stashdb.org/scenes/st-1',
    site_icon: 'https://guidelines.stashdb.org/favicon.ico',
  });

  it('counts a failed lookup as no sources', async () => {
    detailsServer({ scenes: [detailsScene()], alternates: { 42: 'fail' } });
    const { queryClient } = await openScene();
    await title('Sunny day 42');
    await waitFor(() =>
      expect(queryClient.getQueryState(sceneKeys.alternateSources(42))?.status).toBe('success'),
    );
    expect(queryClient.getQueryData(sceneKeys.alternateSources(42))).toEqual([]);
    expect(screen.queryByTestId('alternate-sources')).not.toBeInTheDocument();
  });

  it('shows a StashDB link as a link to the StashDB scene, not as a view', async () => {
    detailsServer({ scenes: [detailsScene()], alternates: { 42: [stash] } });
    await openScene();
    await title('Sunny day 42');
    const badges = await screen.findByTestId('alternate-sources');
    expect(badges).not.toHaveTextContent('alternate source');
    const link = within(badges).getByRole('link', {
      name: 'Open the linked StashDB scene Sunny day on StashDB in a new window',
    });
    expect(link).toHaveAttribute('href', 'https://stashdb.org/scenes/st-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(badges).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the alternate-site scenes (StashDB apart) and opens one read-only; Esc goes back to the scene', async () => {
    const { requests } = detailsServer({
      scenes: [detailsScene()],
      alternates: { 42: [alternateSource(), stash] },
    });
    const u = await openScene();
    await title('Sunny day 42');
    const badges = await screen.findByTestId('alternate-sources');
    expect(badges).toHaveTextContent('1 alternate source');
    await u.click(
      within(badges).getByRole('button', { name: 'Show the alternate source Sunny day (alternate cut)' }),
    );
    await title('Sunny day \\(alternate cut\\)');
    expect(screen.getAllByText('Linked scene, not a Fovea scene').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('scene-details-flags')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Player' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Gallery', 'Description']);
    expect(screen.getByText('The alternate description.')).toBeInTheDocument();
    expect(screen.getByTestId('gallery-image')).toHaveAttribute(
      'src',
      '/img/700,fit/https://alt.example/cover.jpg',
    );
    await u.keyboard('f');
    await u.keyboard('g');
    expect(screen.queryByRole('tab', { name: 'Player' })).not.toBeInTheDocument();
    await u.keyboard('{Escape}');
    expect(await title('Sunny day 42')).toBeInTheDocument();
    expect(screen.getByTestId('scene-details')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/scene/toggle')).toBe(false);
    // The close button also goes back first.
    await u.click(within(screen.getByTestId('alternate-sources')).getByRole('button'));
    await title('alternate cut');
    await u.click(screen.getByRole('button', { name: 'Close' }));
    expect(await title('Sunny day 42')).toBeInTheDocument();
  });

  async function openAlternate(
    extra: Parameters<typeof detailsServer>[0]['extra'] = {},
    scenes: Scene[] = [],
  ) {
    const server = detailsServer({
      scenes: [detailsScene(), ...scenes],
      alternates: { 42: [alternateSource()] },
      extra,
    });
    const u = await openScene();
    await u.click(await screen.findByRole('button', { name: /Show the alternate source/ }));
    await title('alternate cut');
    return { u, requests: server.requests };
  }

  it('refresh removes the source after "Continue?" and says it is ready to rescan', async () => {
    const { u, requests } = await openAlternate({ 'DELETE /api/extref/delete_extref': { body: null } });
    await u.click(screen.getByRole('button', { name: /Remove the scene; the next scrape/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Continue?' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The scene was removed, ready to rescan')).toBeInTheDocument();
    expect(calls(requests, 'DELETE', '/api/extref/delete_extref').map((r) => r.body)).toEqual([
      { external_source: 'alternate scene altvr', external_id: 'altvr-9' },
    ]);
    expect(await title('Sunny day 42')).toBeInTheDocument();
  });

  it('unlink flags the link deleted (match type -1) after "Continue?"', async () => {
    const { u, requests } = await openAlternate({ 'POST /api/extref/edit_link': { body: {} } });
    await u.click(screen.getByRole('button', { name: /Unlink the scene/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Continue?' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The scene was unlinked and will not be relinked to any scene'),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/extref/edit_link').map((r) => r.body)).toEqual([
      {
        external_source: 'alternate scene altvr',
        external_id: 'altvr-9',
        internal_table: 'scenes',
        internal_db_id: 0,
        internal_name_id: 'deleted',
        match_type: -1,
      },
    ]);
  });

  it('relink searches with the source query, asks "Relink scene" and links the picked scene (99999)', async () => {
    const target = detailsScene({ id: 77, title: 'The right scene' });
    const { u, requests } = await openAlternate(
      {
        'GET /api/scene/search': { body: { results: 1, scenes: [target] } },
        'POST /api/extref/edit_link': { body: {} },
      },
      [target],
    );
    await u.click(screen.getByRole('button', { name: 'Search for a different scene' }));
    const search = await screen.findByTestId('relink-scene-dialog');
    expect(within(search).getByRole('textbox', { name: 'Search scenes' })).toHaveValue('sunny lake');
    await u.click(await within(search).findByRole('button', { name: 'Link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Relink scene' });
    expect(confirm).toHaveTextContent('The right scene');
    await u.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The scene was sucessfully relinked to a new Scene')).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/extref/edit_link').map((r) => r.body)).toEqual([
      {
        external_source: 'alternate scene altvr',
        external_id: 'altvr-9',
        internal_table: 'scenes',
        internal_db_id: 77,
        internal_name_id: 'studio-77',
        match_type: 99999,
      },
    ]);
    expect(requests.some((r) => r.url === '/api/scene/search?q=sunny+lake')).toBe(true);
    expect(await title('The right scene')).toBeInTheDocument();
  });
});
