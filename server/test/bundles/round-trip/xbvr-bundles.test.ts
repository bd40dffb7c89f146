import { DataTransferReports, type DataTransferReport } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { createTestApp } from '../../helpers/test-app';
import { handMadeBundle, v1Bundle } from '../restore-read/hand-made-bundle';
import { libraryTables } from './library-tables';

async function lastRestore(app: FoveaApp): Promise<DataTransferReport | null> {
  await app.queue.idle();
  return DataTransferReports.parse((await app.http.inject('/api/task/data/reports')).json()).restore;
}

/** The wire form of XBVR's own UI: the options with the bundle re-serialised into `uploadData`. */
async function restoreWire(app: FoveaApp, bundle: unknown) {
  const response = await app.http.inject({
    method: 'POST',
    url: '/api/task/bundle/restore',
    payload: { inclConfig: true, overwrite: true, uploadData: JSON.stringify(bundle), bundleUrl: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return lastRestore(app);
}

describe("restoring XBVR's own bundles", () => {
  let app: FoveaApp;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes a v2.1 bundle as XBVR writes it, sent the way XBVR sends it', async () => {
    const bundle = structuredClone(handMadeBundle);
    // XBVR names sites; this one by the name Fovea gives the built-in site. (A v1 scene is keyed by its `_id`.)
    bundle.sites = bundle.sites.map((site) => ({ ...site, name: 'NaughtyAmerica VR' }));
    const report = await restoreWire(app, bundle);
    expect(report, JSON.stringify(report)).toMatchObject({ status: 'ok', rejectedTotal: 0 });
    const db = app.database.db;
    const scene = await db
      .selectFrom('scenes')
      .selectAll()
      .where('scene_id', '=', 'naughtyamericavr-101')
      .executeTakeFirstOrThrow();
    expect(scene).toMatchObject({
      title: 'Café "Ünïcode" ✓ 🎬',
      star_rating: 4.5,
      favourite: 1,
      is_watched: 1,
      release_date: '2020-05-01',
      trailer_type: 'heresphere',
      human_script: 1,
      is_available: 1,
      total_watch_time: 1800,
      cuepoint_count: 2,
      hsp_cuepoint_count: 1,
    });
    const tables = await libraryTables(db);
    expect(tables.scene_cast).toEqual([
      { scene_id: 'naughtyamericavr-101', name: 'Ann Roe' },
      { scene_id: 'naughtyamericavr-101', name: 'Jane Doe' },
    ]);
    expect(tables.scene_tags).toEqual([{ scene_id: 'naughtyamericavr-101', name: 'blonde' }]);
    expect(tables.files).toEqual([
      expect.objectContaining({
        volume: '/videos',
        path: '/videos/nam',
        filename: 'nam-101.mp4',
        scene_id: 'naughtyamericavr-101',
        size: 4_000_000_000,
        projection: '180_sbs',
        video_codec_name: 'hevc',
        updated_time: null,
      }),
    ]);
    expect(tables.histories).toEqual([
      {
        scene_id: 'naughtyamericavr-101',
        time_start: '2023-02-01T20:00:00.000Z',
        time_end: '2023-02-01T20:30:00.000Z',
        duration: 1800,
      },
    ]);
    expect(tables.tag_group_tags).toEqual([{ name: 'Hair', tag: 'blonde' }]);
    expect(tables.external_reference_links).toEqual([
      expect.objectContaining({
        internal_table: 'scenes',
        internal_name_id: 'naughtyamericavr-101',
        match_type: 99999,
      }),
    ]);
    expect(tables.scene_edits).toHaveLength(2);
    expect(tables.actor_edits).toEqual([
      expect.objectContaining({ actor_name: 'Jane Doe', changed_column: 'height', new_value: '170' }),
    ]);
    const site = await db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 'naughtyamericavr')
      .executeTakeFirstOrThrow();
    expect(site.is_enabled).toBe(1);
    expect(app.options.get().web.tagSort).toBe('by-tag-count');
    const bare = await db
      .selectFrom('scenes')
      .selectAll()
      .where('scene_id', '=', 'custom-1')
      .executeTakeFirstOrThrow();
    expect(bare).toMatchObject({ title: 'Bare scene', star_rating: 3, favourite: 1 });
  });

  it('takes a v1 bundle of scraped scenes as a raw upload', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/task/bundle/restore',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(JSON.stringify(v1Bundle)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = await lastRestore(app);
    expect(report, JSON.stringify(report)).toMatchObject({ status: 'ok' });
    const scene = await app.database.db
      .selectFrom('scenes')
      .selectAll()
      .where('scene_id', '=', 'vrb-1')
      .executeTakeFirstOrThrow();
    expect(scene).toMatchObject({ title: 'First', duration: 40, scene_url: 'https://vrbangers.com/1' });
    const cast = await sql<{
      name: string;
    }>`SELECT a.name FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id
      WHERE sc.scene_id = ${scene.id}`.execute(app.database.db);
    expect(cast.rows).toEqual([{ name: 'Jane Doe' }]);
  });

  it('refuses invalid JSON and a wrong version inside uploadData, and changes nothing', async () => {
    const before = await libraryTables(app.database.db);
    const invalid = await app.http.inject({
      method: 'POST',
      url: '/api/task/bundle/restore',
      payload: { uploadData: '{"bundleVersion":"2.1","scenes":[{"scene_id":', bundleUrl: '' },
    });
    expect(invalid.statusCode).toBe(200);
    expect(await lastRestore(app)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/Nothing was changed\.$/),
    });
    const wrong = await restoreWire(app, { bundleVersion: '2.0', scenes: [] });
    expect(wrong).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('unsupported bundle version "2.0"'),
    });
    expect(await libraryTables(app.database.db)).toEqual(before);
  });
});
