import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { FileMatchRepository } from '../../src/repositories/file-match.repository';
import { SceneReadRepository } from '../../src/repositories/scene-read.repository';
import { FileMatchService, filenameVariants } from '../../src/services/file-match.service';
import { SceneReader } from '../../src/services/scene-reader.service';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let refs: ReturnType<typeof extrefFactory>;
let matcher: FileMatchService;
/** The same matcher with batches of 100 files. */
let small: FileMatchService;
let volume: number;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  make = libraryFactory(db);
  refs = extrefFactory(db);
  const deps = {
    repo: new FileMatchRepository(db),
    status: app.sceneStatus,
    reader: new SceneReader(new SceneReadRepository(db), new DataVersionRepository(db)),
    options: app.options,
    logger: app.logger.logger,
  };
  matcher = new FileMatchService(deps);
  small = new FileMatchService({ ...deps, batchSize: 100 });
  volume = await make.volume();
});

afterEach(async () => {
  await app.options.update((options) => ({
    ...options,
    storage: { ...options.storage, video_ext: [] },
    advanced: { ...options.advanced, useAltSrcInFileMatching: true },
  }));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;
const sceneOf = async (fileId: number) =>
  (await db().selectFrom('files').select('scene_id').where('id', '=', fileId).executeTakeFirstOrThrow())
    .scene_id;
const scenesOf = (fileIds: number[]) => Promise.all(fileIds.map(sceneOf));
const sceneRow = (id: number) =>
  db()
    .selectFrom('scenes')
    .select(['filenames_arr', 'is_available', 'is_scripted', 'video_file_count', 'script_file_count'])
    .select(['hsp_file_count', 'subtitles_file_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const listing = (...names: string[]) => ({ filenames_arr: JSON.stringify(names) });
const file = (filename: string, type: 'video' | 'script' | 'hsp' | 'subtitles' = 'video') =>
  make.file({ volume_id: volume, filename, type, path: `/videos/${Math.random()}` });

describe('filenameVariants', () => {
  it('gives companion files the name of each video extension', () => {
    expect(filenameVariants('a.b.funscript', ['.mp4', '.mkv'])).toEqual([
      'a.b.funscript',
      'a.b.mp4',
      'a.b.mkv',
    ]);
    expect(filenameVariants('Clip.SRT', ['.mp4'])).toEqual(['Clip.SRT', 'Clip.mp4']);
    expect(filenameVariants('clip.mp4', ['.mp4', '.mkv'])).toEqual(['clip.mp4']);
    expect(filenameVariants('.hsp', ['.mp4'])).toEqual(['.hsp']);
    expect(filenameVariants('no extension', ['.mp4'])).toEqual(['no extension']);
  });
});

describe('matchUnmatched: scenes listing the name', () => {
  it('matches a file to the one scene listing its exact name and refreshes its status', async () => {
    const scene = await make.scene(listing('Exact Name.mp4', 'Other.mp4'));
    const exact = await file('Exact Name.mp4');
    const otherCase = await file('exact name.mp4');
    const part = await file('Exact Name');
    const result = await matcher.matchUnmatched([exact, otherCase, part]);
    expect(result).toEqual({ matched: 1 });
    expect(await scenesOf([exact, otherCase, part])).toEqual([scene, null, null]);
    expect(await sceneRow(scene)).toMatchObject({ is_available: 1, video_file_count: 1 });
  });

  it('leaves a file unmatched when several scenes list its name (never a guess)', async () => {
    await make.scene(listing('Twice.mp4'));
    await make.scene(listing('x.mp4', 'Twice.mp4'));
    const twice = await file('Twice.mp4');
    expect(await matcher.matchUnmatched([twice])).toEqual({ matched: 0 });
    expect(await sceneOf(twice)).toBeNull();
  });

  it('takes &, quotes, %, _ and backslashes literally, and reads JSON escapes', async () => {
    const odd = 'Tom & Jerry\'s "Best" 100%_x\\y.mp4';
    const scene = await make.scene(listing(odd));
    const wild = await make.scene(listing('a%b_c.mp4'));
    const escaped = await make.scene({ filenames_arr: '["Bob \\u0026 Alice.mp4"]' });
    const files = [
      await file(odd),
      await file('aXbYc.mp4'),
      await file('a%b_c.mp4'),
      await file('Bob & Alice.mp4'),
    ];
    expect(await matcher.matchUnmatched(files)).toEqual({ matched: 3 });
    expect(await scenesOf(files)).toEqual([scene, null, wild, escaped]);
  });

  it('matches scripts, HereSphere files and subtitles through the video name', async () => {
    const scene = await make.scene(listing('Clip One.mp4'));
    const mkv = await make.scene(listing('Clip Two.mkv'));
    const files = [
      await file('Clip One.funscript', 'script'),
      await file('Clip One.cmscript', 'script'),
      await file('Clip One.hsp', 'hsp'),
      await file('Clip One.srt', 'subtitles'),
      await file('Clip One.ssa', 'subtitles'),
      await file('Clip One.ass', 'subtitles'),
      await file('Clip Two.funscript', 'script'),
      await file('Clip One.txt.funscript', 'script'),
    ];
    expect(await matcher.matchUnmatched(files)).toEqual({ matched: 7 });
    expect(await scenesOf(files)).toEqual([scene, scene, scene, scene, scene, scene, mkv, null]);
    expect(await sceneRow(scene)).toMatchObject({
      is_available: 0,
      is_scripted: 1,
      script_file_count: 2,
      hsp_file_count: 1,
      subtitles_file_count: 3,
      filenames_arr: '["Clip One.mp4"]',
    });
  });

  it('uses the configured video extensions', async () => {
    await app.options.update((options) => ({
      ...options,
      storage: { ...options.storage, video_ext: ['.mp4'] },
    }));
    await make.scene(listing('Clip Three.mkv'));
    const mp4 = await make.scene(listing('Clip Four.mp4'));
    const files = [await file('Clip Three.funscript', 'script'), await file('Clip Four.funscript', 'script')];
    expect(await matcher.matchUnmatched(files)).toEqual({ matched: 1 });
    expect(await scenesOf(files)).toEqual([null, mp4]);
  });

  it('leaves matched files alone and skips unknown ids', async () => {
    const owner = await make.scene();
    await make.scene(listing('Owned.mp4'));
    const owned = await make.file({ volume_id: volume, filename: 'Owned.mp4', scene_id: owner });
    expect(await matcher.matchUnmatched([owned, 987_654])).toEqual({ matched: 0 });
    expect(await sceneOf(owned)).toBe(owner);
  });

  it('matches given ids across batches', async () => {
    const scene = await make.scene(listing('by-ids.mp4'));
    const rows = Array.from({ length: 150 }, (_, i) => ({
      volume_id: volume,
      path: `/by-ids/${i}`,
      filename: 'by-ids.mp4',
      type: 'video' as const,
    }));
    const ids = (await db().insertInto('files').values(rows).returning('id').execute()).map((row) => row.id);
    expect(await small.matchUnmatched([...ids, ...ids])).toEqual({ matched: 150 });
    expect(new Set(await scenesOf(ids))).toEqual(new Set([scene]));
  });

  it('without ids matches every unmatched file, across batches', async () => {
    const scenes = [await make.scene(listing('bulk-a.mp4')), await make.scene(listing('bulk-b.mp4'))];
    const rows = Array.from({ length: 250 }, (_, i) => ({
      volume_id: volume,
      path: `/bulk/${i}`,
      filename: i % 2 === 0 ? 'bulk-a.mp4' : 'bulk-b.mp4',
      type: 'video' as const,
    }));
    await db().insertInto('files').values(rows).execute();
    const lone = await file('bulk-none.mp4');
    const result = await small.matchUnmatched();
    expect(result.matched).toBeGreaterThanOrEqual(250);
    const counts = await db()
      .selectFrom('files')
      .select(['scene_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('path', 'like', '/bulk/%')
      .groupBy('scene_id')
      .orderBy('scene_id')
      .execute();
    expect(counts).toEqual([
      { scene_id: scenes[0], n: 125 },
      { scene_id: scenes[1], n: 125 },
    ]);
    expect(await sceneOf(lone)).toBeNull();
    expect(await sceneRow(scenes[0] ?? 0)).toMatchObject({ is_available: 1, video_file_count: 125 });
    expect(await small.matchUnmatched()).toEqual({ matched: 0 });
  });
});

describe('matchUnmatched: alternate sources (advanced.useAltSrcInFileMatching)', () => {
  /** An alternate-scene reference whose scraped scene lists the names, linked to the scenes. */
  const alternate = async (names: unknown, linkedTo: number[], key = 'filenames_arr') => {
    const id = `alt-${Math.random()}`;
    const reference = await refs.alternateScene('povr-alt', id, {
      external_data: JSON.stringify({
        master_site_id: 'wankzvr',
        MatchAchieved: -1,
        query: '',
        scene: { title: 'Alt', cast: null, [key]: names },
      }),
    });
    for (const scene of linkedTo)
      await refs.link(reference, { internal_db_id: scene, internal_name_id: 'x' });
    return reference;
  };

  it('matches through the one linked reference and lists the name on its scene', async () => {
    const scene = await make.scene(listing('Already.mp4'));
    await alternate(JSON.stringify(['Alt Name.mp4']), [scene]);
    const video = await file('Alt Name.mp4');
    const script = await file('Alt Name.funscript', 'script');
    expect(await matcher.matchUnmatched([video, script])).toEqual({ matched: 2 });
    expect(await scenesOf([video, script])).toEqual([scene, scene]);
    expect(await sceneRow(scene)).toMatchObject({
      filenames_arr: '["Already.mp4","Alt Name.mp4","Alt Name.funscript"]',
      is_available: 1,
      is_scripted: 1,
    });
  });

  it('reads a JSON array and the scraped "filename" list too', async () => {
    const first = await make.scene();
    const second = await make.scene();
    await alternate(['As Array.mp4'], [first]);
    await alternate(['Scraped & Named.mp4'], [second], 'filename');
    const files = [await file('As Array.mp4'), await file('Scraped & Named.mp4')];
    expect(await matcher.matchUnmatched(files)).toEqual({ matched: 2 });
    expect(await scenesOf(files)).toEqual([first, second]);
  });

  it('does not match when the reference has several links, none, a deleted one, or another reference lists it', async () => {
    const [a, b] = [await make.scene(), await make.scene()];
    await alternate(JSON.stringify(['Two Links.mp4']), [a, b]);
    await alternate(JSON.stringify(['No Link.mp4']), []);
    await alternate(JSON.stringify(['Deleted Link.mp4']), [0]);
    await alternate(JSON.stringify(['Two Refs.mp4']), [a]);
    await alternate(JSON.stringify(['Two Refs.mp4']), [b]);
    const files = [
      await file('Two Links.mp4'),
      await file('No Link.mp4'),
      await file('Deleted Link.mp4'),
      await file('Two Refs.mp4'),
    ];
    expect(await matcher.matchUnmatched(files)).toEqual({ matched: 0 });
    expect(await scenesOf(files)).toEqual([null, null, null, null]);
    expect((await sceneRow(a)).filenames_arr).toBe('[]');
  });

  it('prefers a scene listing the name over a reference', async () => {
    const listed = await make.scene(listing('Both.mp4'));
    const linked = await make.scene();
    await alternate(JSON.stringify(['Both.mp4']), [linked]);
    const both = await file('Both.mp4');
    await matcher.matchUnmatched([both]);
    expect(await sceneOf(both)).toBe(listed);
    expect((await sceneRow(linked)).filenames_arr).toBe('[]');
  });

  it('does nothing with references when the option is off', async () => {
    await app.options.update((options) => ({
      ...options,
      advanced: { ...options.advanced, useAltSrcInFileMatching: false },
    }));
    const scene = await make.scene();
    await alternate(JSON.stringify(['Option Off.mp4']), [scene]);
    const off = await file('Option Off.mp4');
    expect(await matcher.matchUnmatched([off])).toEqual({ matched: 0 });
    expect(await sceneOf(off)).toBeNull();
  });
});
