import { Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { FileMatchRepository } from '../../src/repositories/file-match.repository';
import { SceneReadRepository } from '../../src/repositories/scene-read.repository';
import { SceneWriteRepository } from '../../src/repositories/scene-write.repository';
import {
  generatedSceneId,
  SceneCreateService,
  slugifySceneId,
} from '../../src/services/scene-create.service';
import { SceneReader } from '../../src/services/scene-reader.service';
import { SceneService } from '../../src/services/scene.service';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;
const post = (url: string, payload: unknown) =>
  app.http.inject({ method: 'POST', url, payload: payload as object });
const sceneCount = async () => (await db().selectFrom('scenes').select('id').execute()).length;
const today = () => new Date().toISOString().slice(0, 10);

describe('slugifySceneId and generatedSceneId', () => {
  it.each([
    ['my-scene', 'my-scene'],
    ['VRKM-821', 'VRKM-821'],
    ['  Crème brûlée: Part 2!  ', 'Creme-brulee-Part-2'],
    ['a__b..c', 'a-b-c'],
    ['--x--', 'x'],
    ['日本', ''],
  ])('slugifies %j as %j', (text, slug) => {
    expect(slugifySceneId(text)).toBe(slug);
  });

  it('names a generated id after the UTC time to the second', () => {
    expect(generatedSceneId(new Date('2024-03-05T06:07:08.999Z'))).toBe('Custom-20240305060708');
  });
});

describe('POST /api/scene/create', () => {
  it('creates a custom scene with the reference defaults, no fake page or cover, and answers it', async () => {
    const response = await post('/api/scene/create', { title: ' My scene ', id: 'my custom scene' });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene).toMatchObject({
      scene_id: 'my-custom-scene',
      title: 'My scene',
      studio: 'Custom',
      site: 'CustomVR',
      scene_url: '',
      cover_url: '',
      release_date_text: today(),
      filenames_arr: '[]',
      tags: [],
      cast: [],
      file: [],
      is_available: false,
    });
    expect(scene.id).toBeGreaterThan(0);
    const found = await app.http.inject({ method: 'GET', url: '/api/scene/my-custom-scene' });
    expect(found.json()).toMatchObject({ id: scene.id });
  });

  it('adds the file name to filenames_arr', async () => {
    const response = await post('/api/scene/create', {
      title: 'From a file',
      id: '',
      filename: 'clip_8K.mp4',
    });
    expect(response.json().filenames_arr).toBe('["clip_8K.mp4"]');
  });

  it('puts "Custom-" in front of an id without "-" so it can be looked up', async () => {
    const response = await post('/api/scene/create', { title: 'One word', id: 'oneword' });
    expect(response.json().scene_id).toBe('Custom-oneword');
    expect((await app.http.inject({ method: 'GET', url: '/api/scene/Custom-oneword' })).statusCode).toBe(200);
  });

  it('generates Custom-<yyyymmddhhmmss> for a blank id, unique and stable', async () => {
    const first = Scene.parse((await post('/api/scene/create', { title: 'Blank 1', id: '' })).json());
    const second = Scene.parse((await post('/api/scene/create', { title: 'Blank 2', id: '   ' })).json());
    const third = Scene.parse((await post('/api/scene/create', { title: 'Blank 3' })).json());
    for (const scene of [first, second, third]) expect(scene.scene_id).toMatch(/^Custom-\d{14}(-\d+)?$/);
    expect(new Set([first.scene_id, second.scene_id, third.scene_id]).size).toBe(3);
    const again = await app.http.inject({ method: 'GET', url: `/api/scene/${first.id}` });
    expect(again.json()).toMatchObject({ scene_id: first.scene_id, scene_url: '' });
  });

  it('answers 409 for a taken id and creates nothing', async () => {
    await make.scene({ scene_id: 'taken-1' });
    const before = await sceneCount();
    const response = await post('/api/scene/create', { title: 'Dup', id: 'taken 1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Conflict',
      message: 'A scene with the id taken-1 already exists',
    });
    expect(await sceneCount()).toBe(before);
  });

  it.each([
    [{ id: 'x-1' }, 'a title is required'],
    [{ title: '   ', id: 'x-2' }, 'a title is required'],
    [{ title: 42, id: 'x-3' }, 'a title is required'],
  ])('refuses %j with 400 "%s" and creates nothing', async (payload, message) => {
    const before = await sceneCount();
    const response = await post('/api/scene/create', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([expect.objectContaining({ path: ['body', 'title'], message })]);
    expect(response.json().message).toContain(message);
    expect(await sceneCount()).toBe(before);
  });

  it('refuses an id with no letters or digits', async () => {
    const before = await sceneCount();
    const response = await post('/api/scene/create', { title: 'T', id: '!!!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The scene id needs at least one letter or digit');
    expect(await sceneCount()).toBe(before);
  });
});

describe('SceneCreateService with a fixed clock', () => {
  it('adds -2, -3 ... when the generated id is taken', async () => {
    const write = new SceneWriteRepository(db());
    const reader = new SceneReader(new SceneReadRepository(db()), new DataVersionRepository(db()));
    const scenes = new SceneService(reader, write);
    const at = new Date('2023-07-08T09:10:11Z');
    const creator = new SceneCreateService(new FileMatchRepository(db()), scenes, app.sceneStatus, () => at);
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await creator.create({ title: `Same second ${i}`, id: '' })).scene_id);
    expect(ids).toEqual(['Custom-20230708091011', 'Custom-20230708091011-2', 'Custom-20230708091011-3']);
    expect((await creator.create({ title: 'x', id: '' })).release_date_text).toBe('2023-07-08');
  });
});

describe('POST /api/scene/delete', () => {
  it('deletes the scene, unmatches its files, keeps the journal, recounts and answers the scene as it was', async () => {
    const volume = await make.volume();
    const id = await make.scene({ scene_id: 'gone-1', title: 'Going away' });
    const file = await make.file({ volume_id: volume, scene_id: id });
    await app.sceneStatus.refreshScenes([id]);
    const keep = await make.scene();
    await make.file({ volume_id: volume, scene_id: keep });
    await app.sceneStatus.refreshScenes([keep]);
    const jane = await make.actor('Deleted Cast', { count: 2, avail_count: 2 });
    await make.cast(id, jane);
    await make.cast(keep, jane);
    await make.tagScene(id, 'deleted tag');
    await make.tagScene(keep, 'deleted tag');
    await db().updateTable('tags').set({ count: 2 }).where('name', '=', 'deleted tag').execute();
    await make.cuepoint(id);
    await make.history(id, 30);
    await db()
      .insertInto('scene_edits')
      .values({ scene_id: 'gone-1', action_type: 'edit', changed_column: 'title', new_value: 'Going away' })
      .execute();

    const response = await post('/api/scene/delete', { scene_id: id });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene).toMatchObject({ id, scene_id: 'gone-1', title: 'Going away', is_available: true });
    expect(scene.cast.map((member) => member.name)).toEqual(['Deleted Cast']);

    expect(
      await db().selectFrom('scenes').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom('files').select('scene_id').where('id', '=', file).executeTakeFirstOrThrow(),
    ).toEqual({ scene_id: null });
    for (const table of ['scene_cuepoints', 'histories', 'scene_cast', 'scene_tags'] as const) {
      expect(await db().selectFrom(table).select('scene_id').where('scene_id', '=', id).execute()).toEqual(
        [],
      );
    }
    expect(
      await db()
        .selectFrom('scene_edits')
        .select('changed_column')
        .where('scene_id', '=', 'gone-1')
        .execute(),
    ).toEqual([{ changed_column: 'title' }]);
    expect(
      await db()
        .selectFrom('actors')
        .select(['count', 'avail_count'])
        .where('id', '=', jane)
        .executeTakeFirst(),
    ).toEqual({ count: 1, avail_count: 1 });
    expect(
      await db().selectFrom('tags').select('count').where('name', '=', 'deleted tag').executeTakeFirst(),
    ).toEqual({ count: 1 });
    expect((await app.http.inject({ method: 'GET', url: '/api/scene/gone-1' })).json()).toMatchObject({
      id: 0,
    });
  });

  it('answers 404 for an unknown scene and 400 for a string scene_id', async () => {
    const missing = await post('/api/scene/delete', { scene_id: 765432 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no scene 765432');
    const before = await sceneCount();
    const wrong = await post('/api/scene/delete', { scene_id: 'gone-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toEqual(['body', 'scene_id']);
    expect(await sceneCount()).toBe(before);
  });
});
