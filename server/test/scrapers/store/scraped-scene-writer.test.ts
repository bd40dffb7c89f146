import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { ALTERNATE_SOURCE_ERROR } from '../../../src/scrapers/store/scraped-scene-writer.service';
import { extrefFactory } from '../../factories/extref.factory';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { linkedNames, sceneRow, scraped, writerOf } from './writer-fixture';

/*
 * The scraped-scene writer on the real database: scenes created with their cast, tags, images and filenames,
 * updated on a second batch (or reported unchanged without a write), status, counts and search in the same
 * transaction, and a batch written whole or not at all.
 */

let app: FoveaApp;
let store: ReturnType<typeof writerOf>;
let now = new Date('2025-01-10T12:00:00.000Z');

beforeAll(async () => {
  app = await createTestApp();
  store = writerOf(app, () => now);
  await extrefFactory(app.database.db).site('testvr', { name: 'TestVR', subscribed: 1 });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;

describe('a new scene', () => {
  it('is created with every scraped field, its converted tags, its cast and its images', async () => {
    const result = await store.writer.writeBatch([
      scraped('1', { hasScriptDownload: true, humanScript: true }),
    ]);
    expect(result).toEqual({ created: ['testvr-1'], updated: [], unchanged: [] });
    const row = await sceneRow(app, 'testvr-1');
    expect(row).toMatchObject({
      title: 'Scene 1',
      studio: 'Test Studio',
      site: 'TestVR',
      scene_type: 'VR',
      scraper_id: 'testvr',
      scene_url: 'https://testvr.com/scene/1',
      members_url: 'https://members.testvr.com/scene/1',
      synopsis: 'About 1',
      cover_url: 'https://cdn.testvr.com/1/cover.jpg',
      duration: 42,
      release_date: '2024-03-05',
      trailer_type: 'url',
      trailer_source: 'https://cdn.testvr.com/1/trailer.mp4',
      script_published: '2025-01-10T12:00:00.000Z',
      human_script: 1,
      ai_script: 0,
      is_subscribed: 1,
      needs_update: 0,
      edits_applied: 0,
      cast_count: 1,
    });
    expect(JSON.parse(row?.images ?? '')).toEqual([
      { url: 'https://cdn.testvr.com/1/cover.jpg', type: 'cover', orientation: '' },
      { url: 'https://cdn.testvr.com/1/g1.jpg', type: 'gallery', orientation: '' },
      { url: 'https://cdn.testvr.com/1/g2.jpg', type: 'gallery', orientation: '' },
    ]);
    expect(JSON.parse(row?.filenames_arr ?? '')).toEqual(['testvr_1_8k.mp4']);
    expect(await linkedNames(app, 'testvr-1')).toEqual({
      cast: ['Jane Doe'],
      tags: ['blonde', 'doggystyle'],
    });
  });

  it('is in the search index, and its tags and actors are counted', async () => {
    const hits = await sql<{
      rowid: number;
    }>`SELECT rowid FROM scene_search WHERE scene_search MATCH 'Jane'`.execute(db());
    const row = await sceneRow(app, 'testvr-1');
    expect(hits.rows.map((hit) => hit.rowid)).toContain(row?.id);
    const tag = await db().selectFrom('tags').select('count').where('name', '=', 'blonde').executeTakeFirst();
    expect(tag?.count).toBe(1);
    const actor = await db()
      .selectFrom('actors')
      .select('count')
      .where('name', '=', 'Jane Doe')
      .executeTakeFirst();
    expect(actor?.count).toBe(1);
  });

  it('removes dots from cast names and reuses an existing actor named alike', async () => {
    await libraryFactory(db()).actor('Mia Smith');
    await store.writer.writeBatch([scraped('2', { cast: ['J. Doe', 'mia smith', ' Ann  Lee '] })]);
    expect((await linkedNames(app, 'testvr-2')).cast).toEqual(['Ann Lee', 'J Doe', 'Mia Smith']);
  });

  it('matches an unmatched file listed in filenames_arr once the matcher runs, and the scene becomes available', async () => {
    const make = libraryFactory(db());
    const volume = await make.volume({ path: '/videos/writer' });
    const file = await make.file({ volume_id: volume, filename: 'testvr_3_8k.mp4' });
    await store.writer.writeBatch([scraped('3')]);
    await store.fileMatch.matchUnmatched([file]);
    const matched = await db()
      .selectFrom('files')
      .select('scene_id')
      .where('id', '=', file)
      .executeTakeFirst();
    const row = await sceneRow(app, 'testvr-3');
    expect(matched?.scene_id).toBe(row?.id);
    expect(row?.is_available).toBe(1);
  });

  it('refreshes the status columns in the same write (a preview clip already on disk)', async () => {
    writeFileSync(join(app.paths.previews, 'testvr-5.mp4'), 'clip');
    await store.writer.writeBatch([scraped('5')]);
    expect((await sceneRow(app, 'testvr-5'))?.has_preview).toBe(1);
  });

  it('takes is_subscribed from its site (0 for a site not subscribed or unknown)', async () => {
    await store.writer.writeBatch([scraped('4', { scraperId: 'othervr', sceneId: 'othervr-4' })]);
    expect((await sceneRow(app, 'othervr-4'))?.is_subscribed).toBe(0);
  });
});

describe('a second batch', () => {
  it('reports unchanged scenes and writes nothing for them', async () => {
    await store.writer.writeBatch([scraped('10')]);
    const before = await sceneRow(app, 'testvr-10');
    now = new Date('2025-01-11T12:00:00.000Z');
    const result = await store.writer.writeBatch([scraped('10')]);
    expect(result).toEqual({ created: [], updated: [], unchanged: ['testvr-10'] });
    expect(await sceneRow(app, 'testvr-10')).toEqual(before);
  });

  it('updates the fields that changed and replaces the tags and cast', async () => {
    await store.writer.writeBatch([scraped('11')]);
    const result = await store.writer.writeBatch([
      scraped('11', { title: 'Retitled', duration: 50, tags: ['Blonde', 'Anal'], cast: ['Kim Lee'] }),
      scraped('12'),
    ]);
    expect(result).toEqual({ created: ['testvr-12'], updated: ['testvr-11'], unchanged: [] });
    expect(await sceneRow(app, 'testvr-11')).toMatchObject({
      title: 'Retitled',
      duration: 50,
      synopsis: 'About 11',
    });
    expect(await linkedNames(app, 'testvr-11')).toEqual({ cast: ['Kim Lee'], tags: ['anal sex', 'blonde'] });
    // The links of other scenes to the dropped actor and tag stay.
    expect(await linkedNames(app, 'testvr-12')).toEqual({
      cast: ['Jane Doe'],
      tags: ['blonde', 'doggystyle'],
    });
  });

  it('leaves aka-group and tag-group links alone', async () => {
    const make = libraryFactory(db());
    await store.writer.writeBatch([scraped('18')]);
    const id = (await sceneRow(app, 'testvr-18'))?.id ?? 0;
    await make.cast(id, await make.actor('aka:Jane Doe,JD'));
    await make.tagScene(id, 'tag group:Looks');
    await store.writer.writeBatch([scraped('18', { cast: ['Kim Lee'], tags: ['Outdoor'] })]);
    expect(await linkedNames(app, 'testvr-18')).toEqual({
      cast: ['Kim Lee', 'aka:Jane Doe,JD'],
      tags: ['outdoor', 'tag group:Looks'],
    });
  });

  it('writes a batch larger than one insert statement takes', async () => {
    const batch = Array.from({ length: 600 }, (_, i) =>
      scraped(`big-${i}`, { cast: [], tags: [], gallery: [] }),
    );
    const result = await store.writer.writeBatch(batch);
    expect(result.created).toHaveLength(600);
    expect((await sceneRow(app, 'testvr-big-599'))?.title).toBe('Scene big-599');
  });

  it('stores the last of two entries of one scene in a batch, once', async () => {
    const result = await store.writer.writeBatch([scraped('19'), scraped('19', { title: 'Second' })]);
    expect(result).toEqual({ created: ['testvr-19'], updated: [], unchanged: [] });
    expect((await sceneRow(app, 'testvr-19'))?.title).toBe('Second');
  });

  it('never clears a stored value with an empty scraped one', async () => {
    await store.writer.writeBatch([scraped('13')]);
    const result = await store.writer.writeBatch([
      scraped('13', { released: '', duration: 0, covers: [], gallery: [], synopsis: '', tags: [], cast: [] }),
    ]);
    expect(result.unchanged).toEqual(['testvr-13']);
    expect(await sceneRow(app, 'testvr-13')).toMatchObject({ release_date: '2024-03-05', duration: 42 });
    expect(await linkedNames(app, 'testvr-13')).toEqual({
      cast: ['Jane Doe'],
      tags: ['blonde', 'doggystyle'],
    });
  });

  it('resets needs_update without counting the scene as updated', async () => {
    await store.writer.writeBatch([scraped('14')]);
    await db().updateTable('scenes').set({ needs_update: 1 }).where('scene_id', '=', 'testvr-14').execute();
    const result = await store.writer.writeBatch([scraped('14')]);
    expect(result.unchanged).toEqual(['testvr-14']);
    expect((await sceneRow(app, 'testvr-14'))?.needs_update).toBe(0);
  });

  it('resets is_exported on the scripts of a retitled scene only', async () => {
    const make = libraryFactory(db());
    const volume = await make.volume();
    await store.writer.writeBatch([scraped('15'), scraped('16')]);
    const [a, b] = [(await sceneRow(app, 'testvr-15'))?.id, (await sceneRow(app, 'testvr-16'))?.id];
    const scriptA = await make.file({ volume_id: volume, scene_id: a, type: 'script', is_exported: 1 });
    const scriptB = await make.file({ volume_id: volume, scene_id: b, type: 'script', is_exported: 1 });
    await store.writer.writeBatch([
      scraped('15', { title: 'New title' }),
      scraped('16', { synopsis: 'New text' }),
    ]);
    const exported = await db()
      .selectFrom('files')
      .select(['id', 'is_exported'])
      .where('id', 'in', [scriptA, scriptB])
      .execute();
    expect(Object.fromEntries(exported.map((row) => [row.id, row.is_exported]))).toEqual({
      [scriptA]: 0,
      [scriptB]: 1,
    });
  });

  it('keeps script_published from the first time a script was seen', async () => {
    now = new Date('2025-02-01T00:00:00.000Z');
    await store.writer.writeBatch([scraped('17', { hasScriptDownload: true })]);
    now = new Date('2025-03-01T00:00:00.000Z');
    await store.writer.writeBatch([scraped('17', { hasScriptDownload: true, aiScript: true })]);
    expect(await sceneRow(app, 'testvr-17')).toMatchObject({
      script_published: '2025-02-01T00:00:00.000Z',
      ai_script: 1,
    });
  });
});

describe('a failing batch', () => {
  it('writes nothing when one scene fails inside the transaction', async () => {
    await sql`CREATE TEMP TRIGGER fail_boom BEFORE INSERT ON scenes WHEN new.title = 'Boom'
      BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(db());
    try {
      await expect(
        store.writer.writeBatch([
          scraped('20', { cast: ['Only In Failed Batch'] }),
          scraped('21', { title: 'Boom' }),
        ]),
      ).rejects.toThrow(/boom/);
    } finally {
      await sql`DROP TRIGGER temp.fail_boom`.execute(db());
    }
    expect(await sceneRow(app, 'testvr-20')).toBeUndefined();
    const actor = await db()
      .selectFrom('actors')
      .select('id')
      .where('name', '=', 'Only In Failed Batch')
      .executeTakeFirst();
    expect(actor).toBeUndefined();
  });

  it('refuses a batch holding an alternate-source scene, writing none of it', async () => {
    await expect(
      store.writer.writeBatch([scraped('22'), scraped('23', { masterSiteId: 'wankzvr' })]),
    ).rejects.toThrow(ALTERNATE_SOURCE_ERROR);
    expect(await sceneRow(app, 'testvr-22')).toBeUndefined();
  });
});

describe('known scenes', () => {
  it('lists the scene URLs of scenes not needing an update, and the alternate-scene reference URLs', async () => {
    await store.writer.writeBatch([scraped('30'), scraped('31')]);
    await db().updateTable('scenes').set({ needs_update: 1 }).where('scene_id', '=', 'testvr-31').execute();
    await extrefFactory(db()).alternateScene('povr-testvr', 'alt-1', {
      external_url: 'https://povr.com/alt-1',
    });
    const known = await store.writer.knownSceneUrls();
    expect(known.has('https://testvr.com/scene/30')).toBe(true);
    expect(known.has('https://testvr.com/scene/31')).toBe(false);
    expect(known.has('https://povr.com/alt-1')).toBe(true);
    expect(known.has('')).toBe(false);
    const due = await store.writer.scenesNeedingUpdate();
    expect(due).toContainEqual({
      sceneId: 'testvr-31',
      scraperId: 'testvr',
      sceneUrl: 'https://testvr.com/scene/31',
    });
    expect(due.map((scene) => scene.sceneId)).not.toContain('testvr-30');
  });
});
