import { DataTransferAccepted, DataTransferReports } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { CatalogueCountsRepository } from '../../../src/repositories/catalogue-counts.repository';
import { createTestApp } from '../../helpers/test-app';
import { seedExportLibrary } from '../export/export-library';
import { libraryTables } from './library-tables';

/** Every include switch on, settings too. */
const EVERYTHING = 'inclConfig=true&download=true';

async function restore(app: FoveaApp, bundle: Buffer, query = 'inclConfig=true') {
  const response = await app.http.inject({
    method: 'POST',
    url: `/api/task/bundle/restore?${query}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bundle,
  });
  expect(response.statusCode, response.body).toBe(200);
  const accepted = DataTransferAccepted.parse(response.json());
  await app.queue.idle();
  const reports = DataTransferReports.parse((await app.http.inject('/api/task/data/reports')).json());
  expect(reports.restore?.jobId).toBe(accepted.jobId);
  return reports.restore;
}

describe('a backup restores into a fresh install exactly (HTTP round trip)', () => {
  let source: FoveaApp;
  let target: FoveaApp;
  let bundle: Buffer;

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    const db = source.database.db;
    await seedExportLibrary(db);
    await db
      .insertInto('playlists')
      .values([
        {
          name: 'Mine',
          playlist_type: 'scene',
          ordering: 3,
          is_deo_enabled: 1,
          search_params: '{"sort":"title_asc","lists":["favourite"]}',
        },
        {
          name: 'Tall actors',
          playlist_type: 'actor',
          ordering: 4,
          is_deo_enabled: 0,
          search_params: '{"min_height":175}',
        },
      ])
      .execute();
    await source.options.update((options) => ({
      ...options,
      web: { ...options.web, tagSort: 'alphabetically' },
    }));
    await db
      .updateTable('kv')
      .set({ value: '{"headers":[{"key":"X-Test","value":"1"}],"cookies":[],"body":"","other":[]}' })
      .where('key', '=', 'collector:example-scraper')
      .execute();
    // The factories write rows directly: bring the derived columns up to date, as the app keeps them.
    await source.sceneStatus.refreshAll();
    const counts = new CatalogueCountsRepository(db);
    await counts.refreshTagCounts('all');
    await counts.refreshActorCounts('all');
  });

  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('writes the bundle and offers it at /download/xbvr-content-bundle.json', async () => {
    const backup = await source.http.inject(`/api/task/bundle/backup?${EVERYTHING}`);
    expect(backup.statusCode, backup.body).toBe(200);
    expect(backup.json()).toEqual({
      status: expect.stringMatching(
        /^Ready to Download from http:\/\/.+\/download\/xbvr-content-bundle\.json$/,
      ),
    });
    const download = await source.http.inject('/download/xbvr-content-bundle.json');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=xbvr-content-bundle.json');
    bundle = download.rawPayload;
    const parsed = JSON.parse(bundle.toString('utf8')) as { bundleVersion: string };
    expect(parsed.bundleVersion).toBe('2.1');
    const reports = DataTransferReports.parse((await source.http.inject('/api/task/data/reports')).json());
    expect(reports.backup).toMatchObject({
      status: 'ok',
      file: { url: '/download/xbvr-content-bundle.json' },
    });
    expect(reports.backup?.file?.size).toBe(bundle.length);
  });

  it('restores every table the bundle covers, row for row', async () => {
    const report = await restore(target, bundle);
    expect(report, JSON.stringify(report)).toMatchObject({ status: 'ok', rejectedTotal: 0 });
    const before = await libraryTables(source.database.db);
    const after = await libraryTables(target.database.db);
    // The library holds every kind of row, so a kind the restore dropped shows here.
    for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  });

  it('restoring the same bundle again adds nothing', async () => {
    const before = await libraryTables(target.database.db);
    const report = await restore(target, bundle);
    expect(report?.status).toBe('ok');
    for (const counts of Object.values(report?.sections ?? {})) expect(counts.added).toBe(0);
    expect(await libraryTables(target.database.db)).toEqual(before);
  });

  it('refuses what is not a bundle and changes nothing', async () => {
    const before = await libraryTables(target.database.db);
    const broken = await restore(target, bundle.subarray(0, Math.floor(bundle.length / 2)));
    expect(broken?.status).toBe('failed');
    expect(broken?.message).toMatch(/Nothing was changed\.$/);
    const wrongVersion = await restore(target, Buffer.from('{"bundleVersion":"3","scenes":[]}'));
    expect(wrongVersion?.message).toMatch(/version/);
    expect(await libraryTables(target.database.db)).toEqual(before);
  });

  it('answers 4xx for a request it cannot take', async () => {
    const noBody = await target.http.inject({ method: 'POST', url: '/api/task/bundle/restore' });
    expect(noBody.statusCode).toBe(400);
    const text = await target.http.inject({
      method: 'POST',
      url: '/api/task/bundle/restore',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    const badUrl = await target.http.inject({
      method: 'POST',
      url: '/api/task/bundle/restore',
      payload: { uploadData: '{}', bundleUrl: 'not a url' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ message: 'Please enter a valid URL.' });
    const noPlaylist = await target.http.inject('/api/task/bundle/backup?playlistId=999&download=true');
    expect(noPlaylist.statusCode).toBe(400);
  });
});
