import { SCENE_ATTRIBUTES, resolutionK } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { groupsFactory } from '../factories/groups.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { getFilters, listIds, NamedScenes } from './scene-list-client';

/* GET /api/scene/filters: the choices of the scene-list filters, and their narrowing by availability. */

let app: FoveaApp;
const scenes = new NamedScenes();
let mounted: number;
let unmounted: number;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  const groups = groupsFactory(db);
  mounted = await make.volume({ path: '/mnt/a', is_available: 1 });
  unmounted = await make.volume({ path: '/mnt/b', is_available: 0 });
  const ann = await make.actor('Ann');
  const bea = await make.actor('Bea');
  const cat = await make.actor('Cat');
  const dee = await make.actor('Dee');
  const eve = await make.actor('Eve');

  // A: available and accessible; an 8K side-by-side video and a script.
  const a = scenes.add('a', await make.scene({ site: 'Alpha', release_date: '2023-04-05' }));
  await make.file({
    volume_id: mounted,
    scene_id: a,
    size: 4000,
    projection: '180_sbs',
    video_width: 7680,
    video_avgfps_val: 59.94,
    video_codec_name: 'hevc',
  });
  await make.file({ volume_id: mounted, scene_id: a, size: 10, type: 'script', filename: 'a.funscript' });
  await make.cast(a, ann);
  await make.tagScene(a, 'blonde', 'outdoor');
  await make.cuepoint(a, null, { name: 'standing-blowjob' });
  await make.cuepoint(a, null, { name: 'sitting', time_start: 40 });
  // B: available, not accessible; a 3840-wide 360 top/bottom video, which is 8K too.
  const b = scenes.add('b', await make.scene({ site: 'Beta', release_date: '2022-11-01' }));
  await make.file({
    volume_id: unmounted,
    scene_id: b,
    size: 3000,
    projection: '360_tb',
    video_width: 3840,
    video_avgfps_val: 30,
    video_codec_name: 'h264',
  });
  await make.cast(b, cat);
  await make.tagScene(b, 'pov');
  await make.cuepoint(b, 1, { name: 'standing-blowjob', time_end: 20 });
  // C and D: not available.
  const c = scenes.add('c', await make.scene({ site: 'Gamma', release_date: '2024-01-01' }));
  await make.cast(c, bea);
  await make.tagScene(c, 'outdoor');
  scenes.add('d', await make.scene({ site: '', release_date: null }));
  // F and G: more classes, to see numeric ordering (2 < 8 < 10, 24 < 30 < 60 < 120).
  const f = scenes.add('f', await make.scene({ site: 'Delta', release_date: '2023-04-20' }));
  await make.file({
    volume_id: mounted,
    scene_id: f,
    size: 2000,
    projection: 'flat',
    video_width: 1920,
    video_avgfps_val: 23.976,
    video_codec_name: 'h264',
  });
  await make.tagScene(f, 'pov');
  const g = scenes.add('g', await make.scene({ site: 'Delta', release_date: '2021-02-02' }));
  await make.file({
    volume_id: mounted,
    scene_id: g,
    size: 8000,
    projection: '180_sbs',
    video_width: 10240,
    video_avgfps_val: 119.88,
    video_codec_name: 'hevc',
  });
  // Unmatched: its classes are no choice.
  await make.file({
    volume_id: mounted,
    size: 500,
    projection: 'flat',
    video_width: 5000,
    video_avgfps_val: 48,
    video_codec_name: 'av1',
  });

  // Groups: listed when a member is used by a scene.
  await groups.aka('Ann,Bea', [ann, bea]);
  await groups.aka('Dee,Eve', [dee, eve]);
  await groups.tagGroup('hair', [await make.tag('blonde'), await make.tag('brunette')]);
  await groups.tagGroup('nothing used', [await make.tag('unused')]);
  await groups.tagGroup('empty', []);

  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const DYNAMIC = [
  'Resolution 2K',
  'Resolution 8K',
  'Resolution 10K',
  'Frame Rate 24 fps',
  'Frame Rate 30 fps',
  'Frame Rate 60 fps',
  'Frame Rate 120 fps',
  'Codec h264',
  'Codec hevc',
];

describe('GET /api/scene/filters', () => {
  it('answers every choice of the library', async () => {
    const filters = await getFilters(app);
    expect(filters.cast).toEqual(['Ann', 'Bea', 'Cat', 'aka:Ann,Bea']);
    expect(filters.tags).toEqual(['blonde', 'outdoor', 'pov', 'tag group:hair']);
    expect(filters.sites).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(filters.release_month).toEqual(['2021-02', '2022-11', '2023-04', '2024-01']);
    expect(filters.cuepoints).toEqual(['sitting', 'standing-blowjob']);
    expect(filters.attributes).toEqual([...SCENE_ATTRIBUTES, ...DYNAMIC]);
  });

  it('answers every volume with its file counts and size', async () => {
    const { volumes } = await getFilters(app);
    expect(volumes).toEqual([
      expect.objectContaining({
        id: mounted,
        type: 'local',
        path: '/mnt/a',
        metadata: '',
        is_available: true,
        file_count: 5,
        unmatched_count: 1,
        total_size: 14_510,
      }),
      expect.objectContaining({
        id: unmounted,
        path: '/mnt/b',
        is_available: false,
        file_count: 1,
        unmatched_count: 0,
        total_size: 3000,
      }),
    ]);
  });

  it('builds the resolution choices with the formula of the filter', async () => {
    // A 7680-wide 180_sbs and a 3840-wide 360_tb video are both 8K, listed once.
    expect(resolutionK(7680, '180_sbs')).toBe(8);
    expect(resolutionK(3840, '360_tb')).toBe(8);
    const { attributes } = await getFilters(app);
    expect(attributes.filter((name) => name === 'Resolution 8K')).toHaveLength(1);
    expect(scenes.nameSet(await listIds(app, { attributes: ['Resolution 8K'] }))).toEqual(['a', 'b']);
  });

  it('lists only dynamic choices that the filter finds scenes for', async () => {
    const expected: Record<string, string[]> = {
      'Resolution 2K': ['f'],
      'Resolution 8K': ['a', 'b'],
      'Resolution 10K': ['g'],
      'Frame Rate 24 fps': ['f'],
      'Frame Rate 30 fps': ['b'],
      'Frame Rate 60 fps': ['a'],
      'Frame Rate 120 fps': ['g'],
      'Codec h264': ['b', 'f'],
      'Codec hevc': ['a', 'g'],
    };
    const { attributes } = await getFilters(app);
    for (const attribute of attributes.slice(SCENE_ATTRIBUTES.length)) {
      expect(scenes.nameSet(await listIds(app, { attributes: [attribute] })), attribute).toEqual(
        expected[attribute],
      );
    }
  });

  it('lists the sites and months of hidden scenes too, each once, in order', async () => {
    const make = libraryFactory(app.database.db);
    const added = [
      await make.scene({ site: 'Aardvark', release_date: '2030-12-31', is_hidden: 1 }),
      await make.scene({ site: 'Alpha', release_date: '2023-04-30', is_hidden: 1 }),
      await make.scene({ site: 'Zulu', release_date: '2000-01-01', is_hidden: 1 }),
      await make.scene({ site: 'Zulu', release_date: '2000-01-15' }),
    ];
    try {
      const filters = await getFilters(app);
      expect(filters.sites).toEqual(['Aardvark', 'Alpha', 'Beta', 'Delta', 'Gamma', 'Zulu']);
      expect(filters.release_month).toEqual([
        '2000-01',
        '2021-02',
        '2022-11',
        '2023-04',
        '2024-01',
        '2030-12',
      ]);
    } finally {
      await sql`DELETE FROM scenes WHERE id IN (SELECT value FROM json_each(${JSON.stringify(added)}))`.execute(
        app.database.db,
      );
    }
  });

  it('follows the library: a new class, site, tag, actor and cuepoint show up', async () => {
    const make = libraryFactory(app.database.db);
    const h = await make.scene({ site: 'Epsilon', release_date: '2019-09-09' });
    await make.file({
      volume_id: mounted,
      scene_id: h,
      projection: 'fisheye190',
      video_width: 5760,
      video_avgfps_val: 72,
      video_codec_name: 'vp9',
    });
    await make.cast(h, await make.actor('Zed'));
    await make.tagScene(h, 'brunette');
    await make.cuepoint(h, null, { name: 'kneeling' });
    try {
      const filters = await getFilters(app);
      expect(filters.attributes.slice(SCENE_ATTRIBUTES.length)).toEqual([
        'Resolution 2K',
        'Resolution 6K',
        'Resolution 8K',
        'Resolution 10K',
        'Frame Rate 24 fps',
        'Frame Rate 30 fps',
        'Frame Rate 60 fps',
        'Frame Rate 72 fps',
        'Frame Rate 120 fps',
        'Codec h264',
        'Codec hevc',
        'Codec vp9',
      ]);
      expect(filters.sites).toContain('Epsilon');
      expect(filters.tags).toEqual(['blonde', 'brunette', 'outdoor', 'pov', 'tag group:hair']);
      expect(filters.cast).toEqual(['Ann', 'Bea', 'Cat', 'Zed', 'aka:Ann,Bea']);
      expect(filters.cuepoints).toEqual(['kneeling', 'sitting', 'standing-blowjob']);
      expect(filters.release_month[0]).toBe('2019-09');
    } finally {
      // Its file stays, unmatched, and so gives no choice any more.
      await sql`DELETE FROM scenes WHERE id = ${h}`.execute(app.database.db);
    }
    expect((await getFilters(app)).attributes).toEqual([...SCENE_ATTRIBUTES, ...DYNAMIC]);
  });
});

describe('narrowing by availability', () => {
  it.each([
    [
      '?is_available=true',
      {
        cast: ['Ann', 'Cat', 'aka:Ann,Bea'],
        tags: ['blonde', 'outdoor', 'pov', 'tag group:hair'],
        sites: ['Alpha', 'Beta', 'Delta'],
        release_month: ['2021-02', '2022-11', '2023-04'],
      },
    ],
    [
      '?is_accessible=true',
      {
        cast: ['Ann', 'aka:Ann,Bea'],
        tags: ['blonde', 'outdoor', 'pov', 'tag group:hair'],
        sites: ['Alpha', 'Delta'],
        release_month: ['2021-02', '2023-04'],
      },
    ],
    [
      '?is_available=false',
      { cast: ['Bea', 'aka:Ann,Bea'], tags: ['outdoor'], sites: ['Gamma'], release_month: ['2024-01'] },
    ],
    [
      '?is_available=true&is_accessible=false',
      { cast: ['Cat'], tags: ['pov'], sites: ['Beta'], release_month: ['2022-11'] },
    ],
  ])('%s narrows cast, tags, sites and months, and nothing else', async (query, expected) => {
    const all = await getFilters(app);
    const narrowed = await getFilters(app, query);
    expect(narrowed).toEqual({
      ...all,
      ...expected,
    });
  });

  it('refuses a flag that is not a boolean', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/scene/filters?is_available=maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: { path: unknown[] }[] }>().issues[0]?.path).toEqual([
      'querystring',
      'is_available',
    ]);
  });
});
