import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { hashPlayerPassword } from '../../../src/players/player-auth';
import { createTestApp } from '../../helpers/test-app';
import { VideoSchema } from '../schemas/heresphere.schemas';
import { ALL_WRITES, HEADER, seedScene, setHeresphere, setOptions } from './heresphere-fixture';

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NONE = Object.fromEntries(Object.keys(ALL_WRITES).map((key) => [key, false]));
beforeEach(() => setHeresphere(app, { ...NONE, retain_non_hsp_cuepoints: true }));

const post = (url: string, payload: object) =>
  app.http.inject({ method: 'POST', url, headers: { host: '192.168.1.24' }, payload });

const sceneRow = (id: number) =>
  app.database.db.selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tagNames = async (id: number) =>
  (
    await app.database.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select('tags.name')
      .where('scene_tags.scene_id', '=', id)
      .orderBy('tags.name')
      .execute()
  ).map((row) => row.name);
const cuepoints = (id: number) =>
  app.database.db
    .selectFrom('scene_cuepoints')
    .select(['track', 'name', 'time_start', 'time_end', 'rating'])
    .where('scene_id', '=', id)
    .orderBy('track')
    .orderBy('time_start')
    .execute();
const filesOf = (id: number) =>
  app.database.db.selectFrom('files').selectAll().where('scene_id', '=', id).orderBy('id').execute();

const EVERYTHING = {
  rating: 2.5,
  isFavorite: false,
  tags: [
    { name: 'Category:Redhead' },
    { name: 'Feature:Watchlist' },
    { name: 'Feature:Trailer List' },
    { name: 'Talk', start: 2000, end: 8000, track: 4 },
  ],
  hsp: Buffer.from('{"hsp":1}').toString('base64'),
  deleteFile: true,
};

describe('HereSphere write-back with every permission off', () => {
  it('changes nothing and offers no write flags', async () => {
    const scene = await seedScene(app);
    const before = await sceneRow(scene.id);
    const response = await post(`/heresphere/${scene.id}`, EVERYTHING);
    expect(response.statusCode).toBe(200);
    const video = VideoSchema.parse(response.json());
    expect([video.writeFavorite, video.writeRating, video.writeTags, video.writeHSP]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const after = await sceneRow(scene.id);
    expect(after).toMatchObject({
      star_rating: 4,
      favourite: 1,
      watchlist: 0,
      trailerlist: 0,
      updated_at: before.updated_at,
    });
    expect(await tagNames(scene.id)).toEqual(['blonde']);
    expect((await cuepoints(scene.id)).map((c) => c.name)).toEqual(['standing-blowjob', 'cowgirl-Jane Doe']);
    expect((await filesOf(scene.id)).map((file) => file.id)).toEqual(scene.fileIds);
    expect(existsSync(join(scene.folder, 'a-one.hsp'))).toBe(false);
  });
});

describe('HereSphere write-back, one permission at a time', () => {
  it('saves the rating (to half stars)', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_rating_updates: true });
    const video = VideoSchema.parse(
      (await post(`/heresphere/${scene.id}`, { ...EVERYTHING, rating: 3.3 })).json(),
    );
    expect(video.writeRating).toBe(true);
    expect(video.rating).toBe(3.5);
    expect((await sceneRow(scene.id)).star_rating).toBe(3.5);
    expect((await sceneRow(scene.id)).favourite).toBe(1);
  });

  it('saves the favourite flag', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_favorite_updates: true });
    const video = VideoSchema.parse((await post(`/heresphere/${scene.id}`, EVERYTHING)).json());
    expect(video.isFavorite).toBe(false);
    expect(await sceneRow(scene.id)).toMatchObject({ favourite: 0, star_rating: 4 });
  });

  it('replaces the tags with the Category: tags and journals it as a manual edit', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_tag_updates: true });
    const video = VideoSchema.parse((await post(`/heresphere/${scene.id}`, EVERYTHING)).json());
    expect(video.writeTags).toBe(true);
    expect(await tagNames(scene.id)).toEqual(['Redhead']);
    expect(video.tags.map((tag) => tag.name)).toContain('Category:Redhead');
    const journal = await app.database.db
      .selectFrom('scene_edits')
      .select(['changed_column', 'new_value', 'action_type'])
      .where('scene_id', '=', scene.sceneId)
      .orderBy('id')
      .execute();
    expect(journal).toEqual([
      { changed_column: 'tags', new_value: '+Redhead', action_type: 'edit' },
      { changed_column: 'tags', new_value: '-blonde', action_type: 'edit' },
    ]);
    expect((await sceneRow(scene.id)).edits_applied).toBe(1);
    const counts = await app.database.db
      .selectFrom('tags')
      .select(['name', 'count'])
      .where('name', 'in', ['Redhead', 'blonde'])
      .orderBy('name')
      .execute();
    const blondeScenes = await app.database.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select('scene_id')
      .where('tags.name', '=', 'blonde')
      .execute();
    expect(blondeScenes.map((row) => row.scene_id)).not.toContain(scene.id);
    expect(counts).toEqual([
      { name: 'Redhead', count: 1 },
      { name: 'blonde', count: blondeScenes.length },
    ]);
    // The same list again changes nothing more.
    await post(`/heresphere/${scene.id}`, EVERYTHING);
    expect(
      await app.database.db
        .selectFrom('scene_edits')
        .select('id')
        .where('scene_id', '=', scene.sceneId)
        .execute(),
    ).toHaveLength(2);
    expect((await sceneRow(scene.id)).watchlist).toBe(0);
  });

  it('sets and clears the watchlist and trailer-list flags from the Feature: tags', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_watchlist_updates: true });
    await post(`/heresphere/${scene.id}`, EVERYTHING);
    expect(await sceneRow(scene.id)).toMatchObject({ watchlist: 1, trailerlist: 1 });
    expect(await tagNames(scene.id)).toEqual(['blonde']);
    await post(`/heresphere/${scene.id}`, { tags: [{ name: 'Feature:Watchlist' }] });
    expect(await sceneRow(scene.id)).toMatchObject({ watchlist: 1, trailerlist: 0 });
  });

  it('replaces the HereSphere cuepoints and keeps the simple ones with retain_non_hsp_cuepoints', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_cuepoint_updates: true, retain_non_hsp_cuepoints: true });
    const video = VideoSchema.parse((await post(`/heresphere/${scene.id}`, EVERYTHING)).json());
    expect(await cuepoints(scene.id)).toEqual([
      { track: null, name: 'standing-blowjob', time_start: 10, time_end: null, rating: 0 },
      { track: null, name: 'cowgirl-Jane Doe', time_start: 100, time_end: null, rating: 0 },
      { track: 0, name: 'Talk', time_start: 2, time_end: 8, rating: 0 },
    ]);
    // The HereSphere set is what the player gets back from now on.
    expect(video.tags.filter((tag) => tag.start !== undefined)).toEqual([
      { name: 'Talk', start: 2000, end: 8000, track: 0, rating: 0 },
    ]);
    expect((await sceneRow(scene.id)).hsp_cuepoint_count).toBe(1);
  });

  it('drops the simple cuepoints without retain_non_hsp_cuepoints', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_cuepoint_updates: true, retain_non_hsp_cuepoints: false });
    await post(`/heresphere/${scene.id}`, EVERYTHING);
    expect(await cuepoints(scene.id)).toEqual([
      { track: 0, name: 'Talk', time_start: 2, time_end: 8, rating: 0 },
    ]);
  });

  it('saves HSP data beside the first video and registers it once', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_hsp_data: true });
    const response = await post(`/heresphere/${scene.id}`, EVERYTHING);
    const video = VideoSchema.parse(response.json());
    expect(video.writeHSP).toBe(true);
    const path = join(scene.folder, 'a-one.hsp');
    expect(readFileSync(path, 'utf8')).toBe('{"hsp":1}');
    const hsp = (await filesOf(scene.id)).filter((file) => file.type === 'hsp');
    expect(hsp).toHaveLength(1);
    expect(hsp[0]).toMatchObject({ filename: 'a-one.hsp', path: scene.folder, size: 9 });
    expect(video.hsp).toBe(`http://192.168.1.24/api/dms/file/${hsp[0]?.id}/a-one.hsp?dnt=true`);
    expect(video.tags.map((tag) => tag.name)).toContain('Feature:Has HSP file');
    await post(`/heresphere/${scene.id}`, { hsp: Buffer.from('second').toString('base64') });
    expect(readFileSync(path, 'utf8')).toBe('second');
    const again = (await filesOf(scene.id)).filter((file) => file.type === 'hsp');
    expect(again.map((file) => [file.id, file.size])).toEqual([[hsp[0]?.id, 6]]);
    expect((await sceneRow(scene.id)).hsp_file_count).toBe(1);
    const bad = await post(`/heresphere/${scene.id}`, { hsp: '%%%' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers[HEADER]).toBe('1');
  });

  it('deletes all files of the scene from disk with deleteFile', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_file_deletes: true });
    const video = VideoSchema.parse((await post(`/heresphere/${scene.id}`, EVERYTHING)).json());
    expect(video.media).toEqual([]);
    expect(await filesOf(scene.id)).toEqual([]);
    for (const name of ['a-one.mp4', 'b-one.mp4', 'a-one.funscript', 'a-one.de.srt']) {
      expect(existsSync(join(scene.folder, name))).toBe(false);
    }
    expect(await sceneRow(scene.id)).toMatchObject({ is_available: 0, star_rating: 4 });
  });

  it('deletes one file through /heresphere/file/{id}, only when allowed', async () => {
    const scene = await seedScene(app);
    const [, flat] = scene.videoIds as [number, number];
    await post(`/heresphere/file/${flat}`, { deleteFile: true });
    expect(existsSync(join(scene.folder, 'b-one.mp4'))).toBe(true);
    await setHeresphere(app, { allow_file_deletes: true });
    const response = await post(`/heresphere/file/${flat}`, { deleteFile: true });
    expect(response.statusCode).toBe(200);
    expect(existsSync(join(scene.folder, 'b-one.mp4'))).toBe(false);
    expect((await filesOf(scene.id)).map((file) => file.filename)).toEqual([
      'a-one.mp4',
      'a-one.funscript',
      'a-one.de.srt',
    ]);
  });
});

describe('HereSphere write-back with the login on', () => {
  it('applies the update from the same body that carries the credentials', async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_rating_updates: true });
    const password = await hashPlayerPassword('pw');
    await setOptions(app, (o) => ({
      ...o,
      interfaces: {
        ...o.interfaces,
        deovr: { ...o.interfaces.deovr, auth_enabled: true, username: 'me', password },
      },
    }));
    const denied = await post(`/heresphere/${scene.id}`, { rating: 1, username: 'me', password: 'bad' });
    expect(denied.json()).toMatchObject({ access: -1 });
    expect((await sceneRow(scene.id)).star_rating).toBe(4);
    const granted = await post(`/heresphere/${scene.id}`, { rating: 1, username: 'me', password: 'pw' });
    expect(VideoSchema.parse(granted.json()).rating).toBe(1);
    expect((await sceneRow(scene.id)).star_rating).toBe(1);
    await setOptions(app, (o) => ({
      ...o,
      interfaces: { ...o.interfaces, deovr: { ...o.interfaces.deovr, auth_enabled: false } },
    }));
  });
});

describe('HereSphere concurrent updates', () => {
  it("leaves one request's tags and cuepoints, never a mix", async () => {
    const scene = await seedScene(app);
    await setHeresphere(app, { allow_tag_updates: true, allow_cuepoint_updates: true });
    const first = {
      tags: [
        { name: 'Category:x1' },
        { name: 'Category:x2' },
        { name: 'A', start: 0, end: 1000, track: 0 },
        { name: 'B', start: 1000, end: 2000, track: 1 },
      ],
    };
    const second = { tags: [{ name: 'Category:y1' }, { name: 'C', start: 5000, end: 6000, track: 0 }] };
    const answers = await Promise.all([
      post(`/heresphere/${scene.id}`, first),
      post(`/heresphere/${scene.id}`, second),
      post(`/heresphere/${scene.id}`, first),
      post(`/heresphere/${scene.id}`, second),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const tags = await tagNames(scene.id);
    const names = (await cuepoints(scene.id)).filter((c) => c.track !== null).map((c) => c.name);
    const outcome = JSON.stringify([tags, names]);
    expect([
      JSON.stringify([
        ['x1', 'x2'],
        ['A', 'B'],
      ]),
      JSON.stringify([['y1'], ['C']]),
    ]).toContain(outcome);
  });
});
