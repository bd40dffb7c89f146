import { describe, expect, it } from 'vitest';
import { laterReport } from '../../../src/features/options/sections/data-transfer-live';
import {
  backupQuery,
  isBundleUrl,
  restoreQuery,
} from '../../../src/features/options/sections/data-transfer-options';
import { defaultBundleValues } from '../../../src/features/options/sections/data-transfer-options';
import {
  canMoveIn,
  defaultXbvrValues,
  xbvrImportBody,
  xbvrProblem,
  xbvrSettingsKey,
} from '../../../src/features/options/sections/data-transfer-xbvr';
import { transferReport } from './data-import-export-fixtures';

describe('data transfer helpers', () => {
  it('keeps the later report: later job, else later start, else the finished one', () => {
    const running = transferReport({ kind: 'restore', jobId: 4, status: 'running' });
    const done = { ...running, status: 'ok' as const };
    expect(laterReport(null, running)).toBe(running);
    expect(laterReport(running, undefined)).toBe(running);
    expect(laterReport(running, done)).toBe(done);
    expect(laterReport(done, running)).toBe(done);
    const older = transferReport({ kind: 'restore', jobId: 3, startedAt: '2026-02-01T00:00:00Z' });
    expect(laterReport(done, older)).toBe(done);
    const noJob = transferReport({ kind: 'restore', jobId: null, startedAt: '2026-03-01T00:00:00Z' });
    expect(laterReport(done, noJob)).toBe(noJob);
  });

  it('sends booleans as "true"/"false" in the queries, and checks bundle URLs as the server does', () => {
    const values = { ...defaultBundleValues(), inclHistory: false, playlistId: 12 };
    expect(restoreQuery(values)).toMatchObject({
      inclHistory: 'false',
      inclScenes: 'true',
      overwrite: 'true',
    });
    expect(restoreQuery(values)).not.toHaveProperty('playlistId');
    expect(backupQuery(values)).toMatchObject({ inclHistory: 'false', inclConfig: 'false', playlistId: 12 });
    expect(backupQuery(values)).not.toHaveProperty('overwrite');
    expect(isBundleUrl(' https://example.com/b.json ')).toBe(true);
    expect(isBundleUrl('ftp://example.com/b.json')).toBe(false);
    expect(isBundleUrl('example.com/b.json')).toBe(false);
  });

  it('builds the move-in request with trimmed mappings, and offers the move-in only after its own dry run', () => {
    const values = {
      ...defaultXbvrValues(),
      path: ' /srv/xbvr/main.db ',
      mappings: [
        { from: ' /videos ', to: ' /mnt/vr ' },
        { from: '', to: '' },
      ],
    };
    expect(xbvrProblem(defaultXbvrValues())).toBe('pathRequired');
    expect(xbvrProblem({ ...values, mappings: [{ from: '', to: '/x' }] })).toBe('mappingFrom');
    expect(xbvrImportBody(values, false)).toEqual({
      source: { kind: 'sqlite', path: '/srv/xbvr/main.db' },
      pathMappings: [{ from: '/videos', to: '/mnt/vr' }],
      dryRun: false,
      overwrite: true,
    });
    const dryRun = { jobId: 5, settingsKey: xbvrSettingsKey(values) };
    const ok = transferReport({ kind: 'xbvr-dry-run', jobId: 5 });
    expect(canMoveIn(values, dryRun, ok)).toBe(true);
    // An empty row more changes nothing that is sent; another path does.
    expect(canMoveIn({ ...values, mappings: [...values.mappings, { from: '', to: '' }] }, dryRun, ok)).toBe(
      true,
    );
    expect(canMoveIn({ ...values, path: '/other.db' }, dryRun, ok)).toBe(false);
    expect(canMoveIn(values, dryRun, { ...ok, status: 'failed' })).toBe(false);
    expect(canMoveIn(values, dryRun, { ...ok, jobId: 6 })).toBe(false);
    expect(canMoveIn(values, null, ok)).toBe(false);
  });
});
