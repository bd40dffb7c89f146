import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { JobAbortedError } from '../../../src/jobs/job-definition';
import { ALTERNATE_SOURCE_ERROR } from '../../../src/scrapers/store/scraped-scene-writer.service';
import { extrefFactory } from '../../factories/extref.factory';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { entry, linksOf, restore, sceneRow } from './apply-fixture';

/*
 * What a restore refuses and where it stops: unknown sites, files under no storage location and files of
 * scenes that are not there are rejected with their reasons; a batch that fails rolls back and stops the
 * restore with the batches before kept; a shutdown stops it between batches; v1 bundles go through the
 * scraped-scene writer.
 */

let app: FoveaApp;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  await extrefFactory(db()).site('failvr', { name: 'FailVR' });
  await libraryFactory(db()).volume({ path: '/stored' });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const scene = (id: string) =>
  entry('scenes', { scene_id: id, scraper_id: 'failvr', title: id, cast: [{ name: `${id} actor` }] });
const sceneIds = async (prefix: string) =>
  (
    await db()
      .selectFrom('scenes')
      .select('scene_id')
      .where('scene_id', 'like', `${prefix}%`)
      .orderBy('scene_id')
      .execute()
  ).map((row) => row.scene_id);

describe('rejections', () => {
  it('rejects unknown sites, files under no storage location and files of missing scenes, and takes the rest', async () => {
    const run = await restore(app, [
      entry('sites', { name: 'Nowhere VR', is_enabled: true }),
      entry('sites', { name: 'failvr-renamed', id: 'failvr', subscribed: true }),
      scene('rej-1'),
      entry('sceneFileLinks', {
        scene_id: 'rej-1',
        files: [
          { path: '/elsewhere/vr', filename: 'lost.mp4' },
          { path: '/stored/sub', filename: 'found.mp4' },
        ],
      }),
      entry('sceneFileLinks', {
        scene_id: 'rej-missing',
        files: [{ path: '/stored', filename: 'orphan.mp4' }],
      }),
    ]);
    expect(run.outcome).toEqual({ completed: true });
    expect(run.tally.rejected()).toEqual([
      { section: 'sites', key: 'Nowhere VR', reason: 'no such site' },
      {
        section: 'sceneFileLinks',
        key: '/elsewhere/vr/lost.mp4',
        reason: 'no storage location holds /elsewhere/vr',
      },
      { section: 'sceneFileLinks', key: '/stored/orphan.mp4', reason: 'no such scene rej-missing' },
    ]);
    expect(run.tally.get('sites')).toMatchObject({ read: 2, updated: 1, rejected: 1 });
    expect(run.tally.get('sceneFileLinks')).toMatchObject({ read: 3, added: 1, rejected: 2 });
    const site = await db()
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 'failvr')
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({ name: 'FailVR', subscribed: 1 });
    const files = await db().selectFrom('files').select('filename').execute();
    expect(files.map((file) => file.filename)).toEqual(['found.mp4']);
  });
});

describe('a batch that fails', () => {
  beforeAll(async () => {
    await sql`CREATE TRIGGER test_refuse_scene BEFORE INSERT ON scenes WHEN new.scene_id = 'stop-3'
      BEGIN SELECT RAISE(ABORT, 'scene stop-3 refused'); END`.execute(db());
  });

  afterAll(async () => {
    await sql`DROP TRIGGER test_refuse_scene`.execute(db());
  });

  it('rolls back, keeps the batches before, and says where it stopped', async () => {
    const run = await restore(
      app,
      [
        scene('stop-1'),
        scene('stop-2'),
        scene('stop-3'),
        scene('stop-4'),
        scene('stop-5'),
        entry('playlists', { name: 'After the stop', playlist_type: 'scene' }),
      ],
      {},
      { batchSize: 2 },
    );
    expect(run.outcome).toEqual({
      completed: false,
      error: 'scene stop-3 refused',
      stoppedAt: 'scenes, after 2 of 5 (batches before were kept)',
    });
    expect(await sceneIds('stop-')).toEqual(['stop-1', 'stop-2']);
    // The failed batch's actors went with it; the first batch's cast is counted.
    const actors = await db()
      .selectFrom('actors')
      .select(['name', 'count'])
      .where('name', 'like', 'stop-%')
      .orderBy('name')
      .execute();
    expect(actors).toEqual([
      { name: 'stop-1 actor', count: 1 },
      { name: 'stop-2 actor', count: 1 },
    ]);
    expect(await sceneRow(app, 'stop-2')).toMatchObject({ cast_count: 1 });
    const playlists = await db()
      .selectFrom('playlists')
      .select('id')
      .where('name', '=', 'After the stop')
      .execute();
    expect(playlists).toEqual([]);
    expect(run.tally.get('scenes')).toMatchObject({ added: 2 });
  });
});

describe('a shutdown', () => {
  it('stops before the next batch with a JobAbortedError', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(restore(app, [scene('abort-1')], {}, { signal: controller.signal })).rejects.toBeInstanceOf(
      JobAbortedError,
    );
    expect(await sceneIds('abort-')).toEqual([]);
  });
});

describe('a v1 bundle', () => {
  it('stores its scenes through the scraped-scene writer and rejects alternate-source scenes', async () => {
    const run = await restore(
      app,
      [],
      {},
      {
        version: '1',
        v1Scenes: [
          {
            _id: 'failvr-v1a',
            xbvr_site: 'failvr',
            scene_id: 'v1a',
            title: 'Old Bundle Scene',
            studio: 'Fail Studio',
            site: 'FailVR',
            covers: ['https://img.test/v1a.jpg'],
            gallery: ['https://img.test/v1a-1.jpg'],
            tags: ['Blonde', 'VR'],
            cast: ['Ann Example'],
            filename: ['failvr_v1a.mp4'],
            duration: 30,
            released: 'Jan 5, 2020',
            homepage_url: 'https://failvr.test/v1a',
          },
          { _id: 'failvr-alt', xbvr_site: 'failvr', title: 'Alt', master_site_id: 'othervr' },
          { _id: ' ', xbvr_site: 'failvr', homepage_url: 'https://failvr.test/blank' },
        ],
      },
    );
    expect(run.outcome).toEqual({ completed: true });
    expect(run.tally.get('scenes')).toMatchObject({ read: 3, added: 1, rejected: 2 });
    expect(run.tally.rejected()).toEqual([
      { section: 'scenes', key: 'failvr-alt', reason: ALTERNATE_SOURCE_ERROR },
      { section: 'scenes', key: 'https://failvr.test/blank', reason: 'a scene without an _id' },
    ]);
    expect(await sceneRow(app, 'failvr-v1a')).toMatchObject({
      title: 'Old Bundle Scene',
      scraper_id: 'failvr',
      studio: 'Fail Studio',
      cover_url: 'https://img.test/v1a.jpg',
      duration: 30,
      release_date: '2020-01-05',
      scene_url: 'https://failvr.test/v1a',
      filenames_arr: '["failvr_v1a.mp4"]',
    });
    // Tags go through the tag conversion ('vr' is dropped).
    expect(await linksOf(app, 'failvr-v1a')).toEqual({ cast: ['Ann Example'], tags: ['blonde'] });
    const again = await restore(
      app,
      [],
      { overwrite: false },
      {
        version: '1',
        v1Scenes: [{ _id: 'failvr-v1a', xbvr_site: 'failvr', title: 'Changed' }],
      },
    );
    expect(again.tally.get('scenes')).toMatchObject({ read: 1, skipped: 1 });
    expect(await sceneRow(app, 'failvr-v1a')).toMatchObject({ title: 'Old Bundle Scene' });
  });
});
