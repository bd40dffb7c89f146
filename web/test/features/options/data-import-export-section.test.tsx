import type { DataTransferReport, DataTransferReports } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataImportExportSection } from '../../../src/features/options/sections/DataImportExportSection';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';
import { NO_REPORTS, counts, jobProgress, transferReport } from './data-import-export-fixtures';

function serve(
  routes: Record<string, MockResponse | MockHandler> = {},
  kept: DataTransferReports = NO_REPORTS,
) {
  const show = vi.spyOn(notifications, 'show');
  let reports = kept;
  const requests = mockApi({
    'GET /api/task/data/reports': () => ({ body: reports }),
    'GET /api/playlist': { body: [] },
    'POST /api/task/bundle/restore': { body: { jobId: 7 } },
    'GET /api/task/bundle/backup': {
      body: { status: 'Ready to Download from http://localhost/download/xbvr-content-bundle.json' },
    },
    ...routes,
  });
  const rendered = renderWithProviders(<DataImportExportSection />, { route: '/options?section=data' });
  const toasts = () => show.mock.calls.map(([options]) => [options.message, options.autoClose]);
  /** The server keeps a report (GET /api/task/data/reports) and pushes it on data.transfer. */
  const publish = (report: DataTransferReport) => {
    reports = { ...reports, [report.kind]: report };
    act(() => rendered.store.receive({ topic: 'data.transfer', payload: report }));
  };
  return { requests, toasts, publish, ...rendered, user: userEvent.setup({ delay: null }) };
}

/** The fetch calls made to a path, with what was sent (the raw body included). */
function fetchCalls(path: string) {
  const calls = vi.mocked(globalThis.fetch).mock.calls;
  return calls.flatMap(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.split('?')[0] === path ? [{ url, init }] : [];
  });
}

const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
/** A switch's state (found by its label: quicker than by role in a screen this size). */
const isChecked = (tab: HTMLElement, name: string) =>
  within(tab).getByLabelText<HTMLInputElement>(name, { selector: 'input' }).checked;
/** Types a value in one go (click, then paste): the field sees one change, as from typing, but fast. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Data import/export section', { timeout: 30_000 }, () => {
  it('starts with the import defaults: every include on except settings, overwrite on, source file', async () => {
    const { user } = serve();
    const importTab = await screen.findByTestId('bundle-import');
    for (const name of [
      'Scenes',
      'File links',
      'Cuepoints',
      'Watch history',
      'Scene edits',
      'Saved searches',
      'Tag groups',
      'Storage locations',
      'Sites',
      'External references',
      'All sites',
    ]) {
      expect(isChecked(importTab, name), name).toBe(true);
    }
    expect(isChecked(importTab, 'Only official sites')).toBe(false);
    expect(isChecked(importTab, 'Overwrite')).toBe(true);
    expect(within(importTab).getByRole('radio', { name: 'File' })).toBeChecked();
    expect(within(importTab).getByTestId('bundle-file-button')).toBeEnabled();

    await user.click(within(importTab).getByRole('tab', { name: 'Actor Data' }));
    for (const name of ['Actors', 'Aka groups', 'Actor edits'])
      expect(isChecked(importTab, name), name).toBe(true);
    await user.click(within(importTab).getByRole('tab', { name: 'Settings/Misc Data' }));
    expect(isChecked(importTab, 'Settings')).toBe(false);

    // The Export tab keeps switches of its own, with the same defaults and the passwords warning.
    await user.click(screen.getByRole('switch', { name: 'Settings' }));
    await user.click(screen.getByRole('tab', { name: 'Export' }));
    const exportTab = await screen.findByTestId('bundle-export');
    await user.click(within(exportTab).getByRole('tab', { name: 'Settings/Misc Data' }));
    expect(isChecked(exportTab, 'Settings')).toBe(false);
    expect(within(exportTab).getByTestId('bundle-settings-warning')).toHaveTextContent(
      "The settings hold the players' passwords (hashed) and access tokens",
    );
  });

  it('restores a chosen file at once, as the raw body, with the switches in the query', async () => {
    const { user, store, publish, toasts } = serve();
    const importTab = await screen.findByTestId('bundle-import');
    await user.click(screen.getByRole('switch', { name: 'Cuepoints' }));
    await user.click(within(importTab).getByRole('switch', { name: 'Overwrite' }));
    const input = importTab.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    const file = new File(['{"bundleVersion":"2.1"}'], 'backup.json', { type: 'application/json' });
    await user.upload(input, file);

    await waitFor(() => expect(fetchCalls('/api/task/bundle/restore')).toHaveLength(1));
    const [call] = fetchCalls('/api/task/bundle/restore');
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.body).toBe(file);
    expect(call?.init?.headers).toMatchObject({ 'Content-Type': 'application/octet-stream' });
    expect(queryOf(call?.url ?? '')).toMatchObject({
      inclScenes: 'true',
      inclCuepoints: 'false',
      inclConfig: 'false',
      inclActors: 'true',
      allSites: 'true',
      onlyIncludeOfficalSites: 'false',
      overwrite: 'false',
    });
    await waitFor(() => expect(toasts()).toContainEqual(['Restore started', 3000]));

    // While it runs: the job's progress and the Data line; at the end: the report.
    act(() => {
      store.receive({
        topic: 'job.progress',
        payload: jobProgress({ jobId: 7, name: 'bundle-restore', progress: 40, message: 'Restoring scenes' }),
      });
      store.receive({
        topic: 'service.log',
        payload: {
          level: 'info',
          message: 'Restored 4000 of 10000 scenes',
          data: { task: 'scrape' },
          timestamp: '2026-01-10T10:00:30Z',
        },
      });
    });
    const progress = screen.getByTestId('transfer-progress-import');
    expect(within(progress).getByTestId('transfer-progress-message')).toHaveTextContent(
      'Restoring scenes (40%)',
    );
    expect(within(progress).getByTestId('transfer-progress-data-line')).toHaveTextContent(
      'Restored 4000 of 10000 scenes',
    );

    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: jobProgress({ jobId: 7, name: 'bundle-restore', status: 'done', progress: 100 }),
      }),
    );
    publish(
      transferReport({
        kind: 'restore',
        jobId: 7,
        message: 'Restored 3 scenes; 1 file was rejected',
        sections: {
          scenes: counts({ read: 3, added: 2, updated: 1 }),
          sceneFileLinks: counts({ read: 2, added: 1, rejected: 1 }),
        },
        rejected: [
          { section: 'sceneFileLinks', key: '/elsewhere/a.mp4', reason: 'under no storage location' },
        ],
        rejectedTotal: 1,
      }),
    );
    expect(screen.queryByTestId('transfer-progress-import')).not.toBeInTheDocument();
    const report = screen.getByTestId('transfer-report-restore');
    expect(within(report).getByTestId('transfer-report-message')).toHaveTextContent(
      'Restored 3 scenes; 1 file was rejected',
    );
    expect(within(report).getByTestId('transfer-report-status')).toHaveTextContent('Done');
    expect(within(report).getByTestId('transfer-report-scenes-added')).toHaveTextContent('2');
    expect(within(report).getByTestId('transfer-report-scenes-updated')).toHaveTextContent('1');
    expect(within(report).getByTestId('transfer-report-sceneFileLinks-rejected')).toHaveTextContent('1');
    expect(within(report).getByTestId('transfer-report-rejections')).toHaveTextContent(
      'File links: /elsewhere/a.mp4 — under no storage location',
    );
  });

  it('checks the bundle URL and restores from it with the wire body', async () => {
    const { user, requests } = serve();
    const importTab = await screen.findByTestId('bundle-import');
    await user.click(within(importTab).getByRole('radio', { name: 'Bundle URL' }));
    const field = within(importTab).getByRole('textbox', { name: 'Bundle URL' });
    const start = within(importTab).getByRole('button', { name: 'Import' });
    expect(start).toBeDisabled();
    await fill(user, field, 'not a url');
    expect(within(importTab).getByText('Please enter a valid URL.')).toBeInTheDocument();
    expect(start).toBeDisabled();

    await user.clear(field);
    await fill(user, field, 'https://backups.example/xbvr-content-bundle.json');
    expect(within(importTab).queryByText('Please enter a valid URL.')).not.toBeInTheDocument();
    await user.click(start);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      bundleUrl: 'https://backups.example/xbvr-content-bundle.json',
      uploadData: '{}',
      inclScenes: true,
      inclConfig: false,
      overwrite: true,
      extRefSubset: '',
    });
  });

  it('shows the server error of a refused file, and of a restore that failed later, as 30 s error toasts', async () => {
    let answer: MockResponse = {
      status: 400,
      body: { error: 'Bad Request', message: 'the bundle file is not valid JSON' },
    };
    const { user, publish, toasts } = serve({ 'POST /api/task/bundle/restore': () => answer });
    const importTab = await screen.findByTestId('bundle-import');
    const input = importTab.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    await user.upload(input, new File(['{ not json'], 'broken.json'));
    await waitFor(() => expect(toasts()).toContainEqual(['Error: the bundle file is not valid JSON', 30000]));

    answer = { body: { jobId: 9 } };
    await user.upload(input, new File(['{"bundleVersion":"2.1","scenes":['], 'truncated.json'));
    await waitFor(() => expect(toasts()).toContainEqual(['Restore started', 3000]));
    // A report of another job says nothing; this job's failure is toasted once.
    publish(transferReport({ kind: 'restore', jobId: 8, status: 'failed', message: 'someone else' }));
    const failure = transferReport({
      kind: 'restore',
      jobId: 9,
      status: 'failed',
      message: 'the bundle ends too early (truncated at byte 34); nothing was changed',
    });
    publish(failure);
    publish({ ...failure });
    const errors = toasts().filter(([message]) => String(message).startsWith('Error:'));
    expect(errors).toEqual([
      ['Error: the bundle file is not valid JSON', 30000],
      ['Error: the bundle ends too early (truncated at byte 34); nothing was changed', 30000],
    ]);
    expect(screen.getByTestId('transfer-report-status')).toHaveTextContent('Failed');
  });

  it('exports with the chosen switches, then offers the finished file as a download link', async () => {
    const { user, publish, requests } = serve();
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    const exportTab = await screen.findByTestId('bundle-export');
    await user.click(within(exportTab).getByRole('tab', { name: 'Settings/Misc Data' }));
    await user.click(screen.getByRole('switch', { name: 'Settings' }));
    await user.click(within(exportTab).getByRole('button', { name: 'Export' }));

    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/task/bundle/backup'))).toHaveLength(1),
    );
    const backup = requests.find((r) => r.url.startsWith('/api/task/bundle/backup'));
    expect(queryOf(backup?.url ?? '')).toMatchObject({
      download: 'true',
      playlistId: '0',
      inclConfig: 'true',
      inclScenes: 'true',
      allSites: 'true',
    });
    expect(screen.queryByTestId('bundle-download-link')).not.toBeInTheDocument();

    publish(
      transferReport({
        kind: 'backup',
        jobId: 3,
        message: 'Exported 3000 scenes',
        sections: { scenes: counts({ read: 3000 }) },
        file: { url: '/download/xbvr-content-bundle.json', size: 1_234_567 },
      }),
    );
    const link = await screen.findByTestId('bundle-download-link');
    expect(link).toHaveAttribute('href', '/download/xbvr-content-bundle.json');
    expect(link).toHaveTextContent('Download xbvr-content-bundle.json (1.2 MB)');
  });

  it('shows the last reports the server kept when the screen opens', async () => {
    serve(
      {},
      {
        ...NO_REPORTS,
        backup: transferReport({
          kind: 'backup',
          file: { url: '/download/xbvr-content-bundle.json', size: 950 },
          message: 'Exported 2 scenes',
        }),
      },
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Export' }));
    expect(await screen.findByTestId('bundle-download-link')).toHaveTextContent('(950 B)');
  });
});
