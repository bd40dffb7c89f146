import { Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { FileMatchRepository } from '../../src/repositories/file-match.repository';
import { SceneReadRepository } from '../../src/repositories/scene-read.repository';
import { companionStems } from '../../src/scanner/classify-file';
import { FileMatchService, filenameVariantTiers } from '../../src/services/file-match.service';
import { SceneReader } from '../../src/services/scene-reader.service';
import { libraryFactory } from '../factories/library.factory';
import { postJson } from '../helpers/inject-json';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Companion files (scripts, HereSphere files, subtitles named like a video, in its folder) follow their video
 * when it is matched by hand, unmatched or given a custom scene, in the same transaction as the video, with the
 * scene's counters; DeoVR and HereSphere then list the script at once, without a rescan.
 */

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let volume: number;
let folders = 0;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
  volume = await make.volume();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;
type FileType = 'video' | 'script' | 'hsp' | 'subtitles';

/** A folder of files, each given as its name and type; answers the ids by name. */
async function folder(
  entries: [string, FileType][],
  values: { path?: string; duration?: number } = {},
): Promise<Record<string, number>> {
  folders += 1;
  const path = values.path ?? `/library/folder-${folders}`;
  const ids: Record<string, number> = {};
  for (const [filename, type] of entries) {
    const duration = type === 'video' ? (values.duration ?? 0) : 0;
    ids[filename] = await make.file({ volume_id: volume, path, filename, type, duration });
  }
  return ids;
}

const scenesOf = async (ids: Record<string, number>) => {
  const rows = await db()
    .selectFrom('files')
    .select(['id', 'scene_id'])
    .where('id', 'in', Object.values(ids))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.scene_id]));
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, byId.get(id)]));
};

const counters = (id: number) =>
  db()
    .selectFrom('scenes')
    .select(['is_scripted', 'video_file_count', 'script_file_count', 'hsp_file_count'])
    .select('subtitles_file_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const HOST = '127.0.0.1:9999';
const deovrScripts = async (id: number) => {
  const response = await app.http.inject({ method: 'GET', url: `/deovr/${id}`, headers: { host: HOST } });
  expect(response.statusCode).toBe(200);
  return (response.json<{ fleshlight?: { title: string }[] }>().fleshlight ?? []).map((s) => s.title);
};
const heresphereScripts = async (id: number) => {
  const response = await app.http.inject({
    method: 'POST',
    url: `/heresphere/${id}`,
    headers: { host: HOST },
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ scripts: { name: string }[] }>().scripts.map((s) => s.name);
};

describe('the companion name rule', () => {
  it.each([
    ['clip.funscript', ['clip']],
    ['clip.FUNSCRIPT', ['clip']],
    ['clip.roll.funscript', ['clip.roll', 'clip']],
    ['clip.L0.cmscript', ['clip.L0', 'clip']],
    ['clip.b.funscript', ['clip.b']],
    ['clip.hsp', ['clip']],
    ['clip.en.hsp', ['clip.en']],
    ['clip.srt', ['clip']],
    ['clip.en.srt', ['clip.en', 'clip']],
    ['clip.pt-BR.ass', ['clip.pt-BR', 'clip']],
    ['clip.roll.srt', ['clip.roll']],
    ['.en.srt', ['.en']],
    ['clip.mp4', []],
    ['.srt', []],
  ])('%s goes with the videos named %j', (filename, stems) => {
    expect(companionStems(filename)).toEqual(stems);
  });

  it('gives the automatic matching the names in tiers, closest first', () => {
    expect(filenameVariantTiers('a.en.srt', ['.mp4', '.mkv'])).toEqual([
      ['a.en.srt', 'a.en.mp4', 'a.en.mkv'],
      ['a.mp4', 'a.mkv'],
    ]);
    expect(filenameVariantTiers('a.mp4', ['.mp4'])).toEqual([['a.mp4']]);
  });
});

describe('the automatic matching (after a scan) with the same rule', () => {
  it('matches language-coded subtitles and axis scripts, the closest listed name first', async () => {
    const matcher = new FileMatchService({
      repo: new FileMatchRepository(db()),
      status: app.sceneStatus,
      reader: new SceneReader(new SceneReadRepository(db()), new DataVersionRepository(db())),
      options: app.options,
      logger: app.logger.logger,
    });
    const english = await make.scene({ filenames_arr: '["river.en.mp4"]' });
    const plain = await make.scene({ filenames_arr: '["river.mp4"]' });
    const files = await folder([
      ['river.en.srt', 'subtitles'],
      ['river.fr.srt', 'subtitles'],
      ['river.twist.funscript', 'script'],
      ['river.b.funscript', 'script'],
    ]);
    expect(await matcher.matchUnmatched(Object.values(files))).toEqual({ matched: 3 });
    expect(await scenesOf(files)).toEqual({
      'river.en.srt': english,
      'river.fr.srt': plain,
      'river.twist.funscript': plain,
      'river.b.funscript': null,
    });
  });
});

describe('companion files follow a video matched by hand', () => {
  it('moves the scripts, HereSphere file and subtitles with the video, and back on unmatch', async () => {
    const scene = await make.scene({ scene_id: 'companions-1', title: 'Companions' });
    const files = await folder([
      ['Beach Day_180_LR.mp4', 'video'],
      ['Beach Day_180_LR.funscript', 'script'],
      ['Beach Day_180_LR.roll.funscript', 'script'],
      ['Beach Day_180_LR.hsp', 'hsp'],
      ['Beach Day_180_LR.srt', 'subtitles'],
      ['Beach Day_180_LR.de.srt', 'subtitles'],
      // Not named like the video (the stem is compared exactly, as the automatic matching does).
      ['beach day_180_lr.funscript', 'script'],
      ['Beach Day_180_LR_v2.funscript', 'script'],
    ]);
    const elsewhere = await folder([['Beach Day_180_LR.funscript', 'script']]);
    const video = files['Beach Day_180_LR.mp4'];

    expect(await postJson(app, '/api/files/match', { file_id: video, scene_id: 'companions-1' })).toEqual({
      code: 200,
      body: null,
    });
    expect(await scenesOf(files)).toEqual({
      'Beach Day_180_LR.mp4': scene,
      'Beach Day_180_LR.funscript': scene,
      'Beach Day_180_LR.roll.funscript': scene,
      'Beach Day_180_LR.hsp': scene,
      'Beach Day_180_LR.srt': scene,
      'Beach Day_180_LR.de.srt': scene,
      'beach day_180_lr.funscript': null,
      'Beach Day_180_LR_v2.funscript': null,
    });
    expect(await scenesOf(elsewhere)).toEqual({ 'Beach Day_180_LR.funscript': null });
    expect(await counters(scene)).toEqual({
      is_scripted: 1,
      video_file_count: 1,
      script_file_count: 2,
      hsp_file_count: 1,
      subtitles_file_count: 2,
    });
    expect((await deovrScripts(scene)).sort()).toEqual([
      'Beach Day_180_LR.funscript',
      'Beach Day_180_LR.roll.funscript',
    ]);
    expect(await heresphereScripts(scene)).toContain('Beach Day_180_LR.funscript');

    const unmatched = await postJson(app, '/api/files/unmatch', { file_id: video });
    expect(unmatched.code).toBe(200);
    expect(Scene.parse(unmatched.body)).toMatchObject({ id: scene, file: [], is_scripted: false });
    expect(Object.values(await scenesOf(files))).toEqual(Array(8).fill(null));
    expect(await counters(scene)).toEqual({
      is_scripted: 0,
      video_file_count: 0,
      script_file_count: 0,
      hsp_file_count: 0,
      subtitles_file_count: 0,
    });
    expect(await deovrScripts(scene)).toEqual([]);
  });

  it('moves companions from the old scene to the new one, and leaves one matched elsewhere by hand', async () => {
    const first = await make.scene({ scene_id: 'companions-2a' });
    const second = await make.scene({ scene_id: 'companions-2b' });
    const other = await make.scene({ scene_id: 'companions-2c' });
    const files = await folder([
      ['walk.mkv', 'video'],
      ['walk.funscript', 'script'],
      ['walk.en.srt', 'subtitles'],
    ]);
    await postJson(app, '/api/files/match', { file_id: files['walk.mkv'], scene_id: 'companions-2a' });
    // The owner puts the subtitles on another scene by hand: they stay there when the video moves on.
    await postJson(app, '/api/files/match', { file_id: files['walk.en.srt'], scene_id: 'companions-2c' });
    await postJson(app, '/api/files/match', { file_id: files['walk.mkv'], scene_id: 'companions-2b' });
    expect(await scenesOf(files)).toEqual({
      'walk.mkv': second,
      'walk.funscript': second,
      'walk.en.srt': other,
    });
    expect(await counters(first)).toMatchObject({
      is_scripted: 0,
      video_file_count: 0,
      script_file_count: 0,
    });
    expect(await counters(second)).toMatchObject({
      is_scripted: 1,
      video_file_count: 1,
      script_file_count: 1,
    });
    expect(await counters(other)).toMatchObject({ subtitles_file_count: 1, video_file_count: 0 });
  });

  it('gives a language-coded companion to the closest video of its folder', async () => {
    await make.scene({ scene_id: 'companions-3' });
    const files = await folder([
      ['tour.mp4', 'video'],
      ['tour.en.mp4', 'video'],
      ['tour.en.srt', 'subtitles'],
      ['tour.fr.srt', 'subtitles'],
    ]);
    await postJson(app, '/api/files/match', { file_id: files['tour.mp4'], scene_id: 'companions-3' });
    const scene = (await scenesOf(files))['tour.mp4'];
    expect(await scenesOf(files)).toEqual({
      'tour.mp4': scene,
      'tour.en.mp4': null,
      'tour.en.srt': null,
      'tour.fr.srt': scene,
    });
  });

  it('moves nothing else when the matched file is itself a script', async () => {
    await make.scene({ scene_id: 'companions-4' });
    const files = await folder([
      ['solo.mp4', 'video'],
      ['solo.funscript', 'script'],
      ['solo.srt', 'subtitles'],
    ]);
    await postJson(app, '/api/files/match', { file_id: files['solo.funscript'], scene_id: 'companions-4' });
    const scene = (await scenesOf(files))['solo.funscript'];
    expect(scene).not.toBeNull();
    expect(await scenesOf(files)).toEqual({ 'solo.mp4': null, 'solo.funscript': scene, 'solo.srt': null });
  });

  it('changes nothing when the scene is unknown', async () => {
    const files = await folder([
      ['lost.mp4', 'video'],
      ['lost.funscript', 'script'],
    ]);
    const response = await postJson(app, '/api/files/match', {
      file_id: files['lost.mp4'],
      scene_id: 'nope-9',
    });
    expect(response.code).toBe(404);
    expect(await scenesOf(files)).toEqual({ 'lost.mp4': null, 'lost.funscript': null });
  });
});

describe('a custom scene made from a file', () => {
  it('takes the file with its companions, the duration from the file, and no fake page or cover', async () => {
    const files = await folder(
      [
        ['Sunset_mkx200_4k.mp4', 'video'],
        ['Sunset_mkx200_4k.funscript', 'script'],
        ['Sunset_mkx200_4k.en.srt', 'subtitles'],
      ],
      { duration: 754.4 },
    );
    const response = await postJson(app, '/api/scene/create', {
      title: 'Sunset',
      id: '',
      filename: 'Sunset_mkx200_4k.mp4',
      file_id: files['Sunset_mkx200_4k.mp4'],
    });
    expect(response.code).toBe(200);
    const scene = Scene.parse(response.body);
    expect(scene).toMatchObject({
      title: 'Sunset',
      site: 'CustomVR',
      studio: 'Custom',
      duration: 13,
      scene_url: '',
      cover_url: '',
      filenames_arr: '["Sunset_mkx200_4k.mp4"]',
      is_scripted: true,
      is_available: true,
    });
    expect(scene.file.map((file) => file.filename).sort()).toEqual([
      'Sunset_mkx200_4k.en.srt',
      'Sunset_mkx200_4k.funscript',
      'Sunset_mkx200_4k.mp4',
    ]);
    expect(await deovrScripts(scene.id)).toEqual(['Sunset_mkx200_4k.funscript']);
  });

  it('as the reference UI does it (create by file name, then match): the companions follow', async () => {
    const files = await folder(
      [
        ['Garden.VR.mp4', 'video'],
        ['Garden.VR.funscript', 'script'],
        ['Garden.VR.hsp', 'hsp'],
      ],
      { duration: 89 },
    );
    const created = await postJson(app, '/api/scene/create', {
      title: 'Garden',
      id: 'garden scene',
      filename: 'Garden.VR.mp4',
    });
    expect(created.code).toBe(200);
    const scene = Scene.parse(created.body);
    expect(scene).toMatchObject({ scene_id: 'garden-scene', duration: 1, is_scripted: true });
    const matched = await postJson(app, '/api/files/match', {
      file_id: files['Garden.VR.mp4'],
      scene_id: 'garden-scene',
    });
    expect(matched.code).toBe(200);
    expect(Object.values(await scenesOf(files))).toEqual([scene.id, scene.id, scene.id]);
    expect(await counters(scene.id)).toMatchObject({ is_scripted: 1, hsp_file_count: 1 });
  });

  it('has duration 0 without a video file', async () => {
    const created = await postJson(app, '/api/scene/create', { title: 'Empty', id: '' });
    expect(Scene.parse(created.body)).toMatchObject({ duration: 0, scene_url: '', cover_url: '' });
  });
});
