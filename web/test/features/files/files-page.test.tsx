import type { FilePageRequest } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputDate, recentRange } from '../../../src/features/files/file-filters';
import FilesPage from '../../../src/features/files/FilesPage';
import { mockApi, optionsState, renderWithProviders, versionCheck } from '../../test-utils';
import { fileRow, filesPageHandler } from './file-fixtures';

function serve(files = [fileRow()], calls: FilePageRequest[] = []) {
  return mockApi({
    'GET /api/options/version-check': { body: versionCheck() },
    'GET /api/options/state': { body: optionsState() },
    'POST /api/files/page': filesPageHandler(files, calls),
  });
}

const lastCall = (calls: FilePageRequest[]) => calls[calls.length - 1];

describe('files screen', { timeout: 20_000 }, () => {
  it('lists unmatched files, newest first, with formatted values and dashes for zero', async () => {
    const calls: FilePageRequest[] = [];
    serve([fileRow({ id: 7, video_bitrate: 0, video_avgfps_val: 0 })], calls);
    renderWithProviders(<FilesPage />, { route: '/files' });
    const row = await screen.findByTestId('file-row');
    expect(lastCall(calls)).toMatchObject({
      state: 'unmatched',
      sort: 'created_time_desc',
      offset: 0,
      limit: 50,
    });
    expect(within(row).getByText('Some.Studio.Scene.Title.180_sbs.mp4')).toBeInTheDocument();
    expect(within(row).getByText('/library/videos')).toBeInTheDocument();
    const value = (column: string) => row.querySelector(`[data-column="${column}"]`)?.textContent;
    expect(value('size')).toBe('1.2 GB');
    expect(value('video_width')).toBe('5760');
    expect(value('duration')).toBe('00:30:30');
    expect(value('video_bitrate')).toBe('-');
    expect(value('video_avgfps_val')).toBe('-');
    expect(value('created_time')).toMatch(/^2025-03-01 \d\d:00:00$/);
    expect(screen.getByTestId('files-total')).toHaveTextContent('1 file');
    expect(within(row).getByRole('button', { name: 'Match to a scene' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Unmatch' })).not.toBeInTheDocument();
  });

  it('offers Unmatch for matched files and no Play for non-video files', async () => {
    serve([fileRow({ id: 1, scene_id: 4 }), fileRow({ id: 2, type: 'script', filename: 'a.funscript' })]);
    renderWithProviders(<FilesPage />, { route: '/files' });
    const rows = await screen.findAllByTestId('file-row');
    const [matched, script] = rows.map((row) => within(row));
    expect(matched?.getByRole('button', { name: 'Unmatch' })).toBeInTheDocument();
    expect(matched?.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(script?.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    expect(script?.getByRole('button', { name: 'Match to a scene' })).toBeInTheDocument();
  });

  it('says so when no file matches', async () => {
    serve([]);
    renderWithProviders(<FilesPage />, { route: '/files' });
    expect(await screen.findByText('No files matching your selection')).toBeInTheDocument();
  });

  it('reloads on the file name only from 4 characters, or when emptied', async () => {
    const calls: FilePageRequest[] = [];
    serve([fileRow()], calls);
    renderWithProviders(<FilesPage />, { route: '/files' });
    await screen.findByTestId('file-row');
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('textbox', { name: 'File name' });
    await user.type(input, 'abc');
    expect(calls.every((call) => call.filename === '')).toBe(true);
    await user.type(input, 'd');
    await waitFor(() => expect(lastCall(calls)?.filename).toBe('abcd'));
    await user.clear(input);
    await waitFor(() => expect(lastCall(calls)?.filename).toBe(''));
  });

  it('filters by state and by a quick date range', async () => {
    const calls: FilePageRequest[] = [];
    serve([fileRow()], calls);
    renderWithProviders(<FilesPage />, { route: '/files' });
    await screen.findByTestId('file-row');
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByText('Matched'));
    await waitFor(() => expect(lastCall(calls)?.state).toBe('matched'));

    await user.click(screen.getByRole('button', { name: 'Last 14 days' }));
    await waitFor(() => expect(lastCall(calls)?.createdDate).toHaveLength(2));
    const [from, to] = lastCall(calls)?.createdDate ?? [];
    const [wantFrom, wantTo] = recentRange(14);
    expect([inputDate(from), inputDate(to)]).toEqual([inputDate(wantFrom), inputDate(wantTo)]);
    expect(screen.getByRole('button', { name: 'Last 14 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Created from')).toHaveValue(inputDate(wantFrom));
  });

  it('filters by resolution, bitrate and framerate, and sorts by a column header', async () => {
    const calls: FilePageRequest[] = [];
    serve([fileRow()], calls);
    renderWithProviders(<FilesPage />, { route: '/files' });
    await screen.findByTestId('file-row');
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('checkbox', { name: '5K' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ultra (>35 Mbps)' }));
    await user.click(screen.getByRole('checkbox', { name: '60 fps' }));
    await waitFor(() =>
      expect(lastCall(calls)).toMatchObject({
        resolutions: ['5k'],
        bitrates: ['ultra'],
        framerates: ['60fps'],
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Sort by Size' }));
    await waitFor(() => expect(lastCall(calls)?.sort).toBe('size_asc'));
    await user.click(screen.getByRole('button', { name: 'Sort by Size' }));
    await waitFor(() => expect(lastCall(calls)?.sort).toBe('size_desc'));
    expect(screen.getByRole('button', { name: 'Sort by Size' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages through the server, with 25 or 50 a page, and goes back to page 1 on a filter change', async () => {
    const calls: FilePageRequest[] = [];
    // The server says 60 files; one row a page keeps the table light.
    mockApi({
      'POST /api/files/page': ({ body }) => {
        const request = body as FilePageRequest;
        calls.push(request);
        const id = request.offset + 1;
        return { body: { files: [fileRow({ id, filename: `clip-${id}.mp4` })], total: 60 } };
      },
    });
    renderWithProviders(<FilesPage />, { route: '/files' });
    expect(await screen.findByText('clip-1.mp4')).toBeInTheDocument();
    expect(screen.getByTestId('files-total')).toHaveTextContent('60 files');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('clip-51.mp4')).toBeInTheDocument();
    expect(lastCall(calls)).toMatchObject({ offset: 50, limit: 50 });
    expect(screen.queryByRole('button', { name: '3' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '25' }));
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ offset: 0, limit: 25 }));
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('clip-51.mp4')).toBeInTheDocument();

    await user.click(screen.getByText('All'));
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ state: 'all', offset: 0, limit: 25 }));
  });

  it('reloads when the server reports a storage change (a rescan finished)', async () => {
    const calls: FilePageRequest[] = [];
    serve([fileRow()], calls);
    const { store } = renderWithProviders(<FilesPage />, { route: '/files' });
    await screen.findByTestId('file-row');
    const before = calls.length;
    act(() => store.receive({ topic: 'state.change.optionsStorage', payload: {} }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('unmatches a file only after confirmation', async () => {
    const requests = mockApi({
      'POST /api/files/page': filesPageHandler([fileRow({ id: 5, scene_id: 3 })]),
      'POST /api/files/unmatch': { body: {} },
    });
    renderWithProviders(<FilesPage />, { route: '/files' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Unmatch' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(screen.getByText('Unmatch file')).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/api/files/unmatch'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.url.endsWith('/api/files/unmatch'))?.body).toEqual({ file_id: 5 });
  });
});
