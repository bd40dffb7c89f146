import type { DataTransferReport, DataTransferReports } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataImportExportSection } from '../../../src/features/options/sections/DataImportExportSection';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockHandler } from '../../test-utils';
import { NO_REPORTS, counts, jobProgress, transferReport } from './data-import-export-fixtures';

async function serve(moveIn?: MockHandler) {
  const show = vi.spyOn(notifications, 'show');
  let reports: DataTransferReports = NO_REPORTS;
  let nextJob = 20;
  const requests = mockApi({
    'GET /api/task/data/reports': () => ({ body: reports }),
    'GET /api/playlist': { body: [] },
    'POST /api/task/xbvr-import': moveIn ?? (() => ({ body: { jobId: nextJob++ } })),
  });
  const rendered = renderWithProviders(<DataImportExportSection />, { route: '/options?section=data' });
  const card = await screen.findByTestId('xbvr-move-in');
  const publish = (report: DataTransferReport) => {
    reports = { ...reports, [report.kind]: report };
    act(() => rendered.store.receive({ topic: 'data.transfer', payload: report }));
  };
  const toasts = () => show.mock.calls.map(([options]) => [options.message, options.autoClose]);
  const moveIns = () => requests.filter((r) => r.method === 'POST' && r.url === '/api/task/xbvr-import');
  return { ...rendered, card, publish, toasts, moveIns, user: userEvent.setup({ delay: null }) };
}

/** Types a value in one go (click, then paste): the field sees one change, as from typing, but fast. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Move in from XBVR', { timeout: 30_000 }, () => {
  it('counts with a dry run first, then imports the same settings after a confirmation', async () => {
    const { card, user, publish, moveIns, store } = await serve();
    const path = within(card).getByRole('textbox', { name: /Path of XBVR's database file/ });
    expect(path).toHaveAttribute('placeholder', '~/.config/xbvr/main.db');
    expect(card).toHaveTextContent('/root/.config/xbvr/main.db');
    const dryRun = within(card).getByRole('button', { name: 'Dry run' });
    const importButton = within(card).getByRole('button', { name: 'Import' });
    expect(dryRun).toBeDisabled();
    expect(importButton).toBeDisabled();

    await fill(user, path, '/srv/xbvr/main.db');
    await user.click(within(card).getByRole('button', { name: 'Add a mapping' }));
    await fill(user, within(card).getByRole('textbox', { name: 'XBVR path starts with' }), '/videos');
    await fill(user, within(card).getByRole('textbox', { name: 'Replace with' }), '/mnt/vr');
    await user.click(within(card).getByRole('button', { name: 'Add a mapping' }));
    // A row with no prefix to replace blocks the dry run; an empty one is left out.
    const [, secondTo] = within(card).getAllByRole('textbox', { name: 'Replace with' });
    if (secondTo === undefined) throw new Error('no second mapping row');
    await fill(user, secondTo, '/x');
    expect(card).toHaveTextContent('Every mapping needs the path it replaces.');
    expect(dryRun).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Remove mapping 2' }));
    expect(dryRun).toBeEnabled();

    await user.click(dryRun);
    await waitFor(() => expect(moveIns()).toHaveLength(1));
    expect(moveIns()[0]?.body).toEqual({
      source: { kind: 'sqlite', path: '/srv/xbvr/main.db' },
      pathMappings: [{ from: '/videos', to: '/mnt/vr' }],
      dryRun: true,
      overwrite: true,
    });
    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: jobProgress({ jobId: 20, name: 'xbvr-import', progress: 30, message: 'Reading scenes' }),
      }),
    );
    expect(within(card).getByTestId('transfer-progress-message')).toHaveTextContent('Reading scenes (30%)');
    expect(importButton).toBeDisabled();

    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: jobProgress({ jobId: 20, name: 'xbvr-import', status: 'done', progress: 100 }),
      }),
    );
    publish(
      transferReport({
        kind: 'xbvr-dry-run',
        jobId: 20,
        message: 'Would bring in 1200 scenes and 300 actors',
        sections: {
          scenes: counts({ read: 1200, added: 1200 }),
          actors: counts({ read: 300, added: 280, updated: 20 }),
        },
      }),
    );
    const report = within(card).getByTestId('transfer-report-xbvr-dry-run');
    expect(within(report).getByTestId('transfer-report-scenes-added')).toHaveTextContent('1,200');
    expect(within(report).getByTestId('transfer-report-actors-updated')).toHaveTextContent('20');
    expect(importButton).toBeEnabled();

    // Other settings than the dry run's: count again first.
    await user.click(within(card).getByRole('switch', { name: 'Overwrite existing data' }));
    expect(importButton).toBeDisabled();
    await user.click(within(card).getByRole('switch', { name: 'Overwrite existing data' }));
    expect(importButton).toBeEnabled();

    await user.click(importButton);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('will be replaced by XBVR');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(moveIns()).toHaveLength(2));
    expect(moveIns()[1]?.body).toMatchObject({ dryRun: false, overwrite: true });

    publish(
      transferReport({
        kind: 'xbvr-import',
        jobId: 21,
        message: 'Brought in 1200 scenes and 300 actors',
        sections: { scenes: counts({ read: 1200, added: 1200 }) },
      }),
    );
    expect(within(card).getByTestId('transfer-report-xbvr-import')).toHaveTextContent(
      'Brought in 1200 scenes and 300 actors',
    );
  });

  it('takes a MySQL URL, says what keeping existing data means, and toasts a failed dry run', async () => {
    const { card, user, publish, moveIns, toasts } = await serve();
    await user.click(within(card).getByRole('radio', { name: 'MySQL' }));
    const url = within(card).getByRole('textbox', { name: 'MySQL URL' });
    await fill(user, url, 'http://db');
    expect(card).toHaveTextContent('Enter a mysql:// URL');
    expect(within(card).getByRole('button', { name: 'Dry run' })).toBeDisabled();
    await user.clear(url);
    await fill(user, url, 'mysql://xbvr:secret@db:3306/xbvr');
    await user.click(within(card).getByRole('switch', { name: 'Overwrite existing data' }));
    await user.click(within(card).getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(moveIns()).toHaveLength(1));
    expect(moveIns()[0]?.body).toEqual({
      source: { kind: 'mysql', url: 'mysql://xbvr:secret@db:3306/xbvr' },
      pathMappings: [],
      dryRun: true,
      overwrite: false,
    });

    publish(
      transferReport({ kind: 'xbvr-dry-run', jobId: 20, status: 'failed', message: 'connection refused' }),
    );
    await waitFor(() => expect(toasts()).toContainEqual(['Error: connection refused', 30000]));
    expect(within(card).getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.click(within(card).getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(moveIns()).toHaveLength(2));
    publish(
      transferReport({ kind: 'xbvr-dry-run', jobId: 21, status: 'ok', message: 'Would bring in 5 scenes' }),
    );
    await user.click(within(card).getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'What is already in Fovea is kept; only what is missing is added.',
    );
  });

  it('shows a refused request as an error toast', async () => {
    const { card, user, toasts } = await serve(() => ({
      status: 400,
      body: { error: 'Bad Request', message: 'no XBVR database at /nowhere/main.db' },
    }));
    await fill(
      user,
      within(card).getByRole('textbox', { name: /Path of XBVR's database file/ }),
      '/nowhere/main.db',
    );
    await user.click(within(card).getByRole('button', { name: 'Dry run' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['Error: no XBVR database at /nowhere/main.db', 30000]),
    );
  });
});
