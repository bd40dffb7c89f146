import {
  CuepointVocabulary,
  DEFAULT_CUEPOINT_ACTIONS,
  DEFAULT_CUEPOINT_POSITIONS,
  Scene,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
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
const row = (id: number) =>
  db().selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const cuepoints = (id: number) =>
  db()
    .selectFrom('scene_cuepoints')
    .select(['track', 'name', 'time_start', 'time_end', 'rating'])
    .where('scene_id', '=', id)
    .orderBy('id')
    .execute();
const addCuepoint = (id: number, payload: object) =>
  app.http.inject({ method: 'POST', url: `/api/scene/${id}/cuepoint`, payload });

describe('POST /api/scene/{id}/cuepoint', () => {
  it('adds a simple cuepoint, refreshes the counts and answers the scene', async () => {
    const id = await make.scene();
    const response = await addCuepoint(id, {
      track: null,
      name: 'standing-blowjob',
      time_start: 61.5,
      time_end: null,
    });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.cuepoints).toEqual([
      { id: expect.any(Number), name: 'standing-blowjob', time_start: 61.5, rating: 0, is_hsp: '' },
    ]);
    expect(await cuepoints(id)).toEqual([
      { track: null, name: 'standing-blowjob', time_start: 61.5, time_end: null, rating: 0 },
    ]);
    expect(await row(id)).toMatchObject({ cuepoint_count: 1, hsp_cuepoint_count: 0 });
  });

  it('adds a HereSphere cuepoint with track, end and rating', async () => {
    const id = await make.scene();
    const response = await addCuepoint(id, {
      track: 2,
      name: 'doggy',
      time_start: 10,
      time_end: 25,
      rating: 4,
    });
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json()).cuepoints[0]).toMatchObject({ track: 2, time_end: 25, rating: 4 });
    expect(await row(id)).toMatchObject({ cuepoint_count: 1, hsp_cuepoint_count: 1 });
  });

  it('stores a 0 end of a simple cuepoint as none', async () => {
    const id = await make.scene();
    await addCuepoint(id, { track: null, name: 'sitting', time_start: 5, time_end: 0 });
    expect((await cuepoints(id))[0]?.time_end).toBeNull();
  });

  it.each([
    [{ track: null, name: 'x', time_start: 10, time_end: 20 }, 'End Time is only valid for HSP Cuepoints'],
    [{ name: 'x', time_start: 10, time_end: 20 }, 'End Time is only valid for HSP Cuepoints'],
    [{ track: 1, name: 'x', time_start: 10, time_end: null }, 'Specify a End Time'],
    [{ track: 1, name: 'x', time_start: 10 }, 'Specify a End Time'],
    [{ track: 1, name: 'x', time_start: 10, time_end: 0 }, 'Specify a End Time'],
    [{ track: 1, name: 'x', time_start: 30, time_end: 20 }, 'End time must be after start time'],
    [{ track: 1, name: 'x', time_start: 20, time_end: 20 }, 'End time must be after start time'],
    [{ name: '  ', time_start: 10 }, 'a name is required'],
    [{ time_start: 10 }, 'a name is required'],
  ])('refuses %j with 400 "%s" and adds nothing', async (payload, message) => {
    const id = await make.scene();
    const response = await addCuepoint(id, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; issues: { message: string }[] };
    expect(body.message).toContain(message);
    expect(body.issues.map((issue) => issue.message)).toContain(message);
    expect(await cuepoints(id)).toEqual([]);
    expect((await row(id)).cuepoint_count).toBe(0);
  });

  it.each([
    [{ name: 'x', time_start: 18_001 }, ['body', 'time_start']],
    [{ name: 'x', time_start: -1 }, ['body', 'time_start']],
    [{ name: 'x', time_start: 1, rating: 6 }, ['body', 'rating']],
    [{ track: -1, name: 'x', time_start: 1, time_end: 2 }, ['body', 'track']],
  ])('refuses %j with 400 at %j', async (payload, path) => {
    const id = await make.scene();
    const response = await addCuepoint(id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: unknown }) => issue.path)).toContainEqual(path);
    expect(await cuepoints(id)).toEqual([]);
  });

  it('refuses times past the end of the longest video file', async () => {
    const id = await make.scene();
    await make.file({ volume_id: volume, scene_id: id, duration: 599.4 });
    await make.file({ volume_id: volume, scene_id: id, duration: 120 });
    await make.file({ volume_id: volume, scene_id: id, type: 'script', duration: 5000 });
    const late = await addCuepoint(id, { name: 'x', time_start: 601 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The start time is past the end of the video (0:10:00)');
    const lateEnd = await addCuepoint(id, { track: 1, name: 'x', time_start: 500, time_end: 700 });
    expect(lateEnd.statusCode).toBe(400);
    expect(lateEnd.json().message).toBe('The end time is past the end of the video (0:10:00)');
    expect(await cuepoints(id)).toEqual([]);
    expect((await addCuepoint(id, { name: 'x', time_start: 600 })).statusCode).toBe(200);
  });

  it('measures a multipart scene by the sum of its parts, and a scene without durations not at all', async () => {
    const multi = await make.scene({ is_multipart: 1 });
    await make.file({ volume_id: volume, scene_id: multi, duration: 600 });
    await make.file({ volume_id: volume, scene_id: multi, duration: 600 });
    expect((await addCuepoint(multi, { name: 'x', time_start: 1100 })).statusCode).toBe(200);
    const unknown = await make.scene();
    await make.file({ volume_id: volume, scene_id: unknown, duration: 0 });
    expect((await addCuepoint(unknown, { name: 'x', time_start: 17_000 })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown scene', async () => {
    const response = await addCuepoint(555555, { name: 'x', time_start: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no scene 555555');
  });
});

describe('DELETE /api/scene/{id}/cuepoint/{cuepointId}', () => {
  it('deletes the cuepoint, refreshes the counts and answers the scene', async () => {
    const id = await make.scene();
    const first = await make.cuepoint(id, null, { name: 'first' });
    await make.cuepoint(id, 1, { name: 'second', time_end: 30 });
    await app.sceneStatus.refreshScenes([id]);
    expect((await row(id)).cuepoint_count).toBe(2);
    const response = await app.http.inject({ method: 'DELETE', url: `/api/scene/${id}/cuepoint/${first}` });
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json()).cuepoints.map((c) => c.name)).toEqual(['second']);
    expect(await row(id)).toMatchObject({ cuepoint_count: 1, hsp_cuepoint_count: 1 });
  });

  it("answers 404 for another scene's cuepoint and leaves it", async () => {
    const id = await make.scene();
    const other = await make.scene();
    const theirs = await make.cuepoint(other);
    const response = await app.http.inject({ method: 'DELETE', url: `/api/scene/${id}/cuepoint/${theirs}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Scene ${id} has no cuepoint ${theirs}`);
    expect(await cuepoints(other)).toHaveLength(1);
  });

  it('answers 404 for an unknown scene and 400 for a non-numeric cuepoint id', async () => {
    const missing = await app.http.inject({ method: 'DELETE', url: '/api/scene/444444/cuepoint/1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no scene 444444');
    const bad = await app.http.inject({ method: 'DELETE', url: '/api/scene/1/cuepoint/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['params', 'cuepointId']);
  });
});

describe('POST /api/scene/selectscript/{id}', () => {
  const selected = (id: number) =>
    db()
      .selectFrom('files')
      .select(['id', 'is_selected_script'])
      .where('scene_id', '=', id)
      .where('type', '=', 'script')
      .orderBy('id')
      .execute();

  it('selects exactly that script file of the scene', async () => {
    const id = await make.scene();
    const a = await make.file({ volume_id: volume, scene_id: id, type: 'script', is_selected_script: 1 });
    const b = await make.file({ volume_id: volume, scene_id: id, type: 'script' });
    const other = await make.scene();
    const theirs = await make.file({
      volume_id: volume,
      scene_id: other,
      type: 'script',
      is_selected_script: 1,
    });

    const response = await app.http.inject({
      method: 'POST',
      url: `/api/scene/selectscript/${id}`,
      payload: { file_id: b },
    });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.file.filter((f) => f.is_selected_script).map((f) => f.id)).toEqual([b]);
    expect(await selected(id)).toEqual([
      { id: a, is_selected_script: 0 },
      { id: b, is_selected_script: 1 },
    ]);
    expect(await selected(other)).toEqual([{ id: theirs, is_selected_script: 1 }]);
  });

  it('answers 400 for a video file, 404 for a file of another scene, an unknown file or scene', async () => {
    const id = await make.scene();
    const script = await make.file({
      volume_id: volume,
      scene_id: id,
      type: 'script',
      is_selected_script: 1,
    });
    const video = await make.file({ volume_id: volume, scene_id: id });
    const foreign = await make.file({ volume_id: volume, scene_id: await make.scene(), type: 'script' });
    const select = (sceneId: number, fileId: unknown) =>
      app.http.inject({
        method: 'POST',
        url: `/api/scene/selectscript/${sceneId}`,
        payload: { file_id: fileId },
      });

    const notScript = await select(id, video);
    expect(notScript.statusCode).toBe(400);
    expect(notScript.json().message).toBe(`File ${video} is a video file, not a script`);
    const notOurs = await select(id, foreign);
    expect(notOurs.statusCode).toBe(404);
    expect(notOurs.json().message).toBe(`The scene has no file ${foreign}`);
    expect((await select(id, 999_999)).statusCode).toBe(404);
    expect((await select(333_333, script)).json().message).toBe('There is no scene 333333');
    expect((await select(id, 'x')).statusCode).toBe(400);
    expect(await selected(id)).toEqual([{ id: script, is_selected_script: 1 }]);
  });
});

describe('GET /api/options/cuepoints', () => {
  it('answers the seeded positions and actions', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/options/cuepoints' });
    expect(response.statusCode).toBe(200);
    expect(CuepointVocabulary.parse(response.json())).toEqual({
      positions: [...DEFAULT_CUEPOINT_POSITIONS],
      actions: [...DEFAULT_CUEPOINT_ACTIONS],
    });
  });

  it('answers what the kv row holds, and the built-in lists when it is unreadable', async () => {
    await db()
      .updateTable('kv')
      .set({ value: JSON.stringify({ positions: ['lotus'], actions: ['kiss'] }) })
      .where('key', '=', 'cuepoints')
      .execute();
    expect((await app.http.inject({ method: 'GET', url: '/api/options/cuepoints' })).json()).toEqual({
      positions: ['lotus'],
      actions: ['kiss'],
    });
    await db().updateTable('kv').set({ value: '{broken' }).where('key', '=', 'cuepoints').execute();
    expect((await app.http.inject({ method: 'GET', url: '/api/options/cuepoints' })).json()).toEqual({
      positions: [...DEFAULT_CUEPOINT_POSITIONS],
      actions: [...DEFAULT_CUEPOINT_ACTIONS],
    });
  });
});
