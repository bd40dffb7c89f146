import type { StorageResponse, StorageVolume } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import {
  formatBytes,
  formatScanTime,
  isNeverScanned,
  nextSort,
  sortVolumes,
} from '../../../src/features/options/sections/storage-table';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';

const NEVER = '0001-01-01T00:00:00Z';
const DEFAULT_EXT = ['.mp4', '.avi', '.wmv', '.mpeg4', '.mov', '.mkv'];

const volume = (overrides: Partial<StorageVolume> & Pick<StorageVolume, 'id' | 'path'>): StorageVolume => ({
  type: 'local',
  metadata: '',
  last_scan: NEVER,
  is_available: true,
  file_count: 0,
  unmatched_count: 0,
  total_size: 0,
  pending_gone_count: 0,
  ...overrides,
});

const storage = (overrides: Partial<StorageResponse> = {}): StorageResponse => ({
  volumes: [],
  match_ohash: false,
  video_ext: DEFAULT_EXT,
  forbidden_video_ext: ['.funscript', '.cmscript', '.hsp', '.srt', '.ssa', '.ass'],
  default_video_ext: DEFAULT_EXT,
  known_video_ext: [...DEFAULT_EXT, '.webm', '.m2ts', '.m4v'],
  ...overrides,
});

const VOLUMES = [
  volume({ id: 1, path: '/mnt/zeta', is_available: false, file_count: 7, last_scan: '2024-03-05T10:20:00Z' }),
  volume({ id: 2, path: '/mnt/beta', file_count: 12, unmatched_count: 3, total_size: 1_200_000_000_000 }),
  volume({ id: 3, path: '/mnt/alpha', file_count: 2, total_size: 512_000_000 }),
];

function renderStorage(routes: Record<string, MockResponse | MockHandler>) {
  const requests = mockApi({
    'GET /api/options/storage': { body: storage({ volumes: VOLUMES }) },
    ...routes,
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=storage' });
  return { requests, ...rendered, user: userEvent.setup({ delay: null }) };
}

const rowPaths = () =>
  within(screen.getByTestId('storage-table'))
    .getAllByTestId('storage-path')
    .map((cell) => cell.textContent);

describe('storage table helpers', () => {
  it("treats Go's zero date as never and formats other scan times as yyyy-MM-dd HH:mm", () => {
    expect(isNeverScanned(NEVER)).toBe(true);
    expect(formatScanTime(NEVER)).toBeNull();
    expect(isNeverScanned('2024-03-05T10:20:00Z')).toBe(false);
    expect(formatScanTime('2024-03-05T10:20:00Z')).toMatch(/^2024-03-0[45] \d{2}:\d{2}$/);
  });

  it('writes sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_200_000_000_000)).toBe('1.2 TB');
    expect(formatBytes(512_000_000)).toBe('512 MB');
    expect(formatBytes(2_000_000)).toBe('2 MB');
  });

  it('sorts by availability descending, then path, and flips a clicked column', () => {
    const sorted = sortVolumes(VOLUMES, { column: 'available', direction: 'desc' });
    expect(sorted.map((v) => v.path)).toEqual(['/mnt/alpha', '/mnt/beta', '/mnt/zeta']);
    const byScan = sortVolumes(VOLUMES, { column: 'lastScan', direction: 'desc' });
    expect(byScan[0]?.path).toBe('/mnt/zeta');
    expect(nextSort({ column: 'available', direction: 'desc' }, 'available').direction).toBe('asc');
    expect(nextSort({ column: 'available', direction: 'desc' }, 'path')).toEqual({
      column: 'path',
      direction: 'asc',
    });
  });
});

// Whole-page renders with many keystrokes: give a busy shared machine room (no assertion is about time).
describe('Storage section', { timeout: 20_000 }, () => {
  it('lists locations available first, with never, sizes and counts, and sorts by a clicked header', async () => {
    const { user } = renderStorage({});
    await screen.findByTestId('storage-table');
    expect(rowPaths()).toEqual(['/mnt/alpha', '/mnt/beta', '/mnt/zeta']);

    const beta = screen.getByTestId('storage-row-2');
    expect(within(beta).getByTestId('storage-available')).toHaveTextContent('Available');
    expect(within(beta).getByTestId('storage-last-scan')).toHaveTextContent('never');
    expect(within(beta).getByTestId('storage-size')).toHaveTextContent('1.2 TB');
    expect(within(beta).getByTestId('storage-files')).toHaveTextContent('12');
    expect(within(beta).getByTestId('storage-unmatched')).toHaveTextContent('3');
    const zeta = screen.getByTestId('storage-row-1');
    expect(within(zeta).getByTestId('storage-available')).toHaveTextContent('Unavailable');
    expect(within(zeta).getByTestId('storage-last-scan')).toHaveTextContent(/^2024-03-0[45] \d{2}:\d{2}$/);
    expect(screen.getByRole('columnheader', { name: /Available/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByTestId('storage-sort-path'));
    expect(rowPaths()).toEqual(['/mnt/alpha', '/mnt/beta', '/mnt/zeta']);
    expect(screen.getByRole('columnheader', { name: /Path/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByTestId('storage-sort-path'));
    expect(rowPaths()).toEqual(['/mnt/zeta', '/mnt/beta', '/mnt/alpha']);
    await user.click(screen.getByTestId('storage-sort-files'));
    expect(rowPaths()).toEqual(['/mnt/alpha', '/mnt/zeta', '/mnt/beta']);
    await user.click(screen.getByTestId('storage-sort-available'));
    expect(rowPaths()).toEqual(['/mnt/alpha', '/mnt/beta', '/mnt/zeta']);
  });

  it('shows an empty state without locations, and reloads on state.change.optionsStorage', async () => {
    let answer = storage();
    const { requests, store } = renderStorage({ 'GET /api/options/storage': () => ({ body: answer }) });
    expect(await screen.findByText('No storage yet')).toBeInTheDocument();
    answer = storage({ volumes: [volume({ id: 9, path: '/srv/new' })] });
    act(() => store.receive({ topic: 'state.change.optionsStorage', payload: {} }));
    expect(await screen.findByText('/srv/new')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/options/storage')).toHaveLength(2);
  });

  it('enables Add cloud storage only with a service and a token, and shows the server refusal', async () => {
    const { requests, user } = renderStorage({
      'POST /api/options/storage': {
        status: 400,
        body: { error: 'Bad Request', message: 'put.io refused the token' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add cloud storage' }));
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('OAuth token'), 'tok-123');
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'put.io' }));
    expect(add).toBeEnabled();
    await user.clear(screen.getByLabelText('OAuth token'));
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('OAuth token'), ' tok-456 ');
    await user.click(add);
    expect(await screen.findByText('put.io refused the token')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ type: 'putio', token: 'tok-456' });
  });

  it('adds a local folder, showing a 409 under the field first', async () => {
    let calls = 0;
    const { requests, user } = renderStorage({
      'POST /api/options/storage': () => {
        calls += 1;
        return calls === 1
          ? { status: 409, body: { error: 'Conflict', message: 'This folder is already a storage location' } }
          : { status: 200 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add local folder' }));
    const addFolder = screen.getByRole('button', { name: 'Add folder' });
    expect(addFolder).toBeDisabled();
    const field = screen.getByLabelText('Folder path');
    await user.type(field, '/mnt/beta{Enter}');
    expect(await screen.findByText('This folder is already a storage location')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    expect(screen.queryByText('This folder is already a storage location')).not.toBeInTheDocument();
    await user.type(field, '/mnt/gamma');
    await user.click(addFolder);
    expect(await screen.findByText('Folder added; it is being scanned')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Folder path')).not.toBeInTheDocument());
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posts).toEqual([
      { type: 'local', path: '/mnt/beta' },
      { type: 'local', path: '/mnt/gamma' },
    ]);
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/options/storage' && r.method === 'GET')).toHaveLength(2),
    );
  });

  it('edits the video extensions, refusing forbidden, malformed and repeated ones, then saves and rescans', async () => {
    const { requests, user } = renderStorage({
      'PUT /api/options/storage': ({ body }) => ({ body }),
      'GET /api/task/rescan': { status: 200 },
    });
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();
    const input = screen.getByRole('combobox', { name: 'Video extensions' });

    await user.type(input, '.SRT{Enter}');
    expect(
      screen.getByText(/\.srt cannot be a video extension: scripts, HSP and subtitle files/),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'a b{Enter}');
    expect(screen.getByText(/“a b” is not an extension/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'MP4{Enter}');
    expect(screen.getByText('.mp4 is already in the list')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'WebM{Enter}');
    expect(input).toHaveValue('');
    expect(screen.queryByText('.mp4 is already in the list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove .avi' }));
    await user.click(screen.getByRole('switch', { name: 'Match by OpenSubtitles hash' }));
    expect(screen.getByText(/Needs a StashDB API key/)).toBeInTheDocument();

    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(requests.some((r) => r.url === '/api/task/rescan')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      match_ohash: true,
      video_ext: ['.mp4', '.wmv', '.mpeg4', '.mov', '.mkv', '.webm'],
    });
    expect(await screen.findByText('Settings saved; rescanning with the new extensions')).toBeInTheDocument();
  });

  it('sends [] when the extensions are reset to the defaults', async () => {
    const { requests, user } = renderStorage({
      'GET /api/options/storage': { body: storage({ volumes: VOLUMES, video_ext: ['.mp4', '.m2ts'] }) },
      'PUT /api/options/storage': { body: { match_ohash: false, video_ext: [] } },
      'GET /api/task/rescan': { status: 200 },
    });
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    expect(screen.getByRole('button', { name: 'Remove .m2ts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getByRole('button', { name: 'Remove .mkv' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove .m2ts' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      match_ohash: false,
      video_ext: [],
    });
  });

  it('shows a save error from the server', async () => {
    const { user } = renderStorage({
      'PUT /api/options/storage': { status: 400, body: { error: 'Bad Request', message: 'cannot save' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('switch', { name: 'Match by OpenSubtitles hash' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: cannot save')).toBeInTheDocument();
  });

  it('rescans one folder or all, and waits while the rescan lock is held', async () => {
    const { requests, store, user } = renderStorage({
      'GET /api/task/rescan': { status: 200 },
      'GET /api/task/rescan/3': { status: 200 },
    });
    const all = await screen.findByTestId('storage-rescan-all');
    await user.click(screen.getByRole('button', { name: 'Rescan /mnt/alpha' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/task/rescan/3')).toBe(true));

    act(() => store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: true } }));
    expect(all).toBeDisabled();
    expect(all).toHaveAttribute('data-busy', 'true');
    expect(screen.getByRole('button', { name: 'Rescan /mnt/beta' })).toBeDisabled();
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: false } }));
    await waitFor(() => expect(all).toBeEnabled(), { timeout: 3000 });
    await user.click(all);
    await waitFor(() => expect(requests.some((r) => r.url === '/api/task/rescan')).toBe(true));
  });

  it('removes a location after a confirmation that says matches and disk files are kept', async () => {
    const { requests, user } = renderStorage({ 'DELETE /api/options/storage/2': { status: 200 } });
    await user.click(await screen.findByRole('button', { name: 'Remove /mnt/beta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove storage' });
    expect(dialog).toHaveTextContent('/mnt/beta leaves the library, with the rows of its 12 files.');
    expect(dialog).toHaveTextContent('Matches are kept by file name');
    expect(dialog).toHaveTextContent('Nothing on disk is deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove /mnt/beta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/options/storage/2');
    expect(await screen.findByText('Storage removed')).toBeInTheDocument();
  });

  it('refuses an extension that is not a known video container and suggests the known ones', async () => {
    const { user } = renderStorage({});
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    const input = screen.getByRole('combobox', { name: 'Video extensions' });
    await user.type(input, '.txt{Enter}');
    expect(
      screen.getByText(
        '.txt is not a video container Fovea knows; choose one from the list, such as .mp4, .mkv or .webm',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const offered = [...screen.getByTestId('storage-video-ext-suggestions').querySelectorAll('option')].map(
      (option) => option.value,
    );
    expect(offered).toEqual(['.webm', '.m2ts', '.m4v']);
    expect(input).toHaveAttribute('list', screen.getByTestId('storage-video-ext-suggestions').id);
    await user.clear(input);
    await user.type(input, 'M2TS{Enter}');
    expect(screen.getByRole('button', { name: 'Remove .m2ts' })).toBeInTheDocument();
  });

  it('warns of a folder with held-back gone files, and confirms or keeps them', async () => {
    const held = volume({ id: 2, path: '/mnt/beta', file_count: 30, pending_gone_count: 21 });
    const { requests, user } = renderStorage({
      'GET /api/options/storage': { body: storage({ volumes: [held, VOLUMES[2] as StorageVolume] }) },
      'POST /api/options/storage/2/confirm-gone': { body: { removed: 20, kept: 1 } },
      'POST /api/options/storage/2/keep-gone': { body: { removed: 0, kept: 21 } },
    });
    const alert = await screen.findByTestId('storage-gone-2');
    expect(alert).toHaveTextContent('Files gone from /mnt/beta');
    expect(alert).toHaveTextContent(
      '21 files seem to be gone (more than half of this folder). Confirm removal or keep them.',
    );
    expect(alert).toHaveTextContent('nothing on disk is deleted');
    expect(screen.queryByTestId('storage-gone-3')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('storage-row-2')).getByTestId('storage-gone-badge')).toHaveTextContent(
      '21 gone?',
    );

    await user.click(
      within(alert).getByRole('button', { name: 'Confirm removal (of the files gone from /mnt/beta)' }),
    );
    expect(await screen.findByText('Removed the rows of 20 gone files; Kept 1 file')).toBeInTheDocument();
    await user.click(
      within(alert).getByRole('button', { name: 'Keep them (the files gone from /mnt/beta)' }),
    );
    expect(await screen.findByText('Kept 21 files')).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, r.body])).toEqual([
      ['/api/options/storage/2/confirm-gone', {}],
      ['/api/options/storage/2/keep-gone', {}],
    ]);
  });
});
