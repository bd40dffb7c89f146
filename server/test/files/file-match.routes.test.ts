import { Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { postJson } from '../helpers/inject-json';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let volume: number;

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
const sceneRow = (id: number) =>
  db()
    .selectFrom('scenes')
    .select(['filenames_arr', 'is_available', 'video_file_count', 'script_file_count', 'total_file_size'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const fileScene = async (id: number) =>
  (await db().selectFrom('files').select('scene_id').where('id', '=', id).executeTakeFirstOrThrow()).scene_id;
const journal = (sceneId: string) =>
  db()
    .selectFrom('scene_edits')
    .select(['action_type', 'changed_column', 'new_value'])
    .where('scene_id', '=', sceneId)
    .orderBy('id')
    .execute();

describe('POST /api/files/match and /api/files/unmatch', () => {
  it('matches, lists the name once, journals, refreshes the status; unmatch reverses it', async () => {
    const scene = await make.scene({ scene_id: 'round-1', filenames_arr: '["other.mp4"]' });
    const file = await make.file({ volume_id: volume, filename: 'Round & "trip".mp4', size: 5000 });
    await app.sceneStatus.refreshScenes([scene]);
    expect(await sceneRow(scene)).toMatchObject({ is_available: 0, video_file_count: 0 });

    const matched = await postJson(app, '/api/files/match', { file_id: file, scene_id: 'round-1' });
    expect(matched).toEqual({ code: 200, body: null });
    expect(await fileScene(file)).toBe(scene);
    const listed = '["other.mp4","Round & \\"trip\\".mp4"]';
    expect(await sceneRow(scene)).toEqual({
      filenames_arr: listed,
      is_available: 1,
      video_file_count: 1,
      script_file_count: 0,
      total_file_size: 5000,
    });
    expect(await journal('round-1')).toEqual([
      { action_type: 'match', changed_column: 'filenames_arr', new_value: listed },
    ]);

    // Matching again does not list the name twice.
    await postJson(app, '/api/files/match', { file_id: file, scene_id: 'round-1' });
    expect((await sceneRow(scene)).filenames_arr).toBe(listed);

    const unmatched = await postJson(app, '/api/files/unmatch', { file_id: file });
    expect(unmatched.code).toBe(200);
    expect(Scene.parse(unmatched.body)).toMatchObject({
      id: scene,
      scene_id: 'round-1',
      filenames_arr: '["other.mp4"]',
      is_available: false,
      file: [],
      total_file_size: 0,
    });
    expect(await fileScene(file)).toBeNull();
    expect(await sceneRow(scene)).toMatchObject({ is_available: 0, video_file_count: 0 });
    expect((await journal('round-1')).at(-1)).toEqual({
      action_type: 'unmatch',
      changed_column: 'filenames_arr',
      new_value: '["other.mp4"]',
    });
  });

  it('moving a matched file refreshes the old scene too', async () => {
    const from = await make.scene({ scene_id: 'move-from' });
    const to = await make.scene({ scene_id: 'move-to' });
    const file = await make.file({ volume_id: volume, scene_id: from, filename: 'moved.mp4' });
    const script = await make.file({
      volume_id: volume,
      scene_id: from,
      type: 'script',
      filename: 'moved.funscript',
    });
    await app.sceneStatus.refreshScenes([from, to]);
    expect(await sceneRow(from)).toMatchObject({
      is_available: 1,
      video_file_count: 1,
      script_file_count: 1,
    });

    await postJson(app, '/api/files/match', { file_id: file, scene_id: 'move-to' });
    await postJson(app, '/api/files/match', { file_id: script, scene_id: 'move-to' });
    expect(await sceneRow(from)).toMatchObject({
      is_available: 0,
      video_file_count: 0,
      script_file_count: 0,
    });
    expect(await sceneRow(to)).toMatchObject({
      is_available: 1,
      video_file_count: 1,
      script_file_count: 1,
      filenames_arr: '["moved.mp4","moved.funscript"]',
    });
  });

  it('unmatching a file without a scene answers the zero scene', async () => {
    const file = await make.file({ volume_id: volume });
    const response = await postJson(app, '/api/files/unmatch', { file_id: file });
    expect(response.code).toBe(200);
    expect(Scene.parse(response.body)).toMatchObject({
      id: 0,
      scene_id: '',
      title: '',
      tags: [],
      cast: [],
      file: [],
      cuepoints: [],
      history: [],
      is_available: false,
    });
  });

  it('answers 404 for an unknown file or scene and changes nothing', async () => {
    const scene = await make.scene({ scene_id: 'kept-404' });
    const file = await make.file({ volume_id: volume, filename: 'kept.mp4' });
    const noFile = await postJson(app, '/api/files/match', { file_id: 765432, scene_id: 'kept-404' });
    expect(noFile).toEqual({ code: 404, body: { error: 'Not Found', message: 'There is no file 765432' } });
    const noScene = await postJson(app, '/api/files/match', { file_id: file, scene_id: 'missing-404' });
    expect(noScene).toEqual({
      code: 404,
      body: { error: 'Not Found', message: 'There is no scene missing-404' },
    });
    expect((await postJson(app, '/api/files/unmatch', { file_id: 765432 })).code).toBe(404);
    expect(await fileScene(file)).toBeNull();
    expect((await sceneRow(scene)).filenames_arr).toBe('[]');
    expect(await journal('kept-404')).toEqual([]);
  });

  it.each([
    ['/api/files/match', { file_id: 'one', scene_id: 'x-1' }, 'file_id'],
    ['/api/files/match', { file_id: 1, scene_id: '' }, 'scene_id'],
    ['/api/files/match', { file_id: 1 }, 'scene_id'],
    ['/api/files/match', { file_id: -1, scene_id: 'x-1' }, 'file_id'],
    ['/api/files/unmatch', {}, 'file_id'],
    ['/api/files/unmatch', { file_id: 1.5 }, 'file_id'],
  ])('%s %j is a 400 naming %s', async (url, body, key) => {
    const response = await postJson(app, url, body);
    expect(response.code).toBe(400);
    expect((response.body as { issues: { path: unknown[] }[] }).issues[0]?.path).toEqual(['body', key]);
  });
});

describe('POST /api/scene/create with a file', () => {
  it('matches the unmatched files of exactly that name in the same call', async () => {
    const other = await make.volume();
    const first = await make.file({ volume_id: volume, filename: 'New Custom.mp4', size: 10 });
    const second = await make.file({ volume_id: other, filename: 'New Custom.mp4', size: 20 });
    const elsewhere = await make.scene();
    const taken = await make.file({
      volume_id: other,
      path: '/b',
      filename: 'New Custom.mp4',
      scene_id: elsewhere,
    });
    const otherCase = await make.file({ volume_id: volume, filename: 'new custom.mp4' });

    const response = await postJson(app, '/api/scene/create', {
      title: 'New Custom',
      filename: 'New Custom.mp4',
    });
    expect(response.code).toBe(200);
    const scene = Scene.parse(response.body);
    expect(scene).toMatchObject({
      filenames_arr: '["New Custom.mp4"]',
      is_available: true,
      total_file_size: 30,
    });
    expect(scene.file.map((file) => file.id).sort()).toEqual([first, second].sort());
    expect(await fileScene(taken)).toBe(elsewhere);
    expect(await fileScene(otherCase)).toBeNull();
    expect((await journal(scene.scene_id)).map((row) => row.action_type)).toEqual(['match']);
  });

  it('with file_id matches exactly that file and lists its name', async () => {
    const chosen = await make.file({ volume_id: volume, filename: 'Chosen.mp4' });
    const twin = await make.file({ volume_id: volume, path: '/twin', filename: 'Chosen.mp4' });
    const response = await postJson(app, '/api/scene/create', {
      title: 'Chosen',
      id: 'chosen-1',
      file_id: chosen,
    });
    const scene = Scene.parse(response.body);
    expect(scene).toMatchObject({
      scene_id: 'chosen-1',
      filenames_arr: '["Chosen.mp4"]',
      is_available: true,
    });
    expect(scene.file.map((file) => file.id)).toEqual([chosen]);
    expect(await fileScene(twin)).toBeNull();
  });

  it('creates a scene without files when no file has the name', async () => {
    const response = await postJson(app, '/api/scene/create', {
      title: 'Lonely',
      filename: 'nobody-has-this.mp4',
    });
    expect(Scene.parse(response.body)).toMatchObject({ file: [], is_available: false });
  });

  it('answers 404 for an unknown file_id, 400 for a bad one, and creates nothing', async () => {
    const count = async () => (await db().selectFrom('scenes').select('id').execute()).length;
    const before = await count();
    const missing = await postJson(app, '/api/scene/create', {
      title: 'No file',
      id: 'no-file-1',
      file_id: 999_999,
    });
    expect(missing).toEqual({ code: 404, body: { error: 'Not Found', message: 'There is no file 999999' } });
    const bad = await postJson(app, '/api/scene/create', { title: 'Bad file', file_id: 'x' });
    expect(bad.code).toBe(400);
    expect(await count()).toBe(before);
  });
});
