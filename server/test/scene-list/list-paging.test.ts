import { SCENE_PAGE_SIZE, Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listIds, listScenes } from './scene-list-client';

/* Paging of POST /api/scene/list and the content of the scenes it answers. */

const TOTAL = 90;
let app: FoveaApp;
/** Every scene id in the default order (release date, newest first). */
let releaseOrder: number[];
let rich: number;
let plain: number;

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  const releases: { id: number; date: string }[] = [];
  for (let i = 0; i < TOTAL; i++) {
    // Distinct release dates in an order unrelated to the insert order.
    const day = new Date(Date.UTC(2020, 0, 1) + ((i * 37) % TOTAL) * 3 * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    releases.push({ id: await make.scene({ release_date: date }), date });
  }
  releaseOrder = [...releases].sort((a, b) => b.date.localeCompare(a.date)).map((r) => r.id);
  plain = releases[0]?.id ?? 0;

  // One scene with every relation.
  rich = releases[1]?.id ?? 0;
  const volume = await make.volume({ path: '/mnt/vr' });
  await make.file({
    volume_id: volume,
    scene_id: rich,
    filename: 'rich_8K.mp4',
    size: 5000,
    video_width: 7680,
    projection: '180_sbs',
  });
  await make.file({
    volume_id: volume,
    scene_id: rich,
    filename: 'rich.funscript',
    type: 'script',
    size: 20,
  });
  await make.tagScene(rich, 'blonde', 'outdoor');
  await make.cast(rich, await make.actor('Jane Roe'));
  await make.cast(rich, await make.actor('Mia Moe'));
  await make.cuepoint(rich, null, { name: 'standing-blowjob', time_start: 12 });
  await make.cuepoint(rich, 1, { name: 'sitting-cowgirl', time_start: 60, time_end: 90 });
  await make.history(rich, 300);
  await make.history(rich, 45);
  await app.sceneStatus.refreshScenes([rich]);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('paging', () => {
  it(`answers ${SCENE_PAGE_SIZE} scenes when no limit is given, with the total in results`, async () => {
    const answer = await listScenes(app, {});
    expect(answer.scenes.map((s) => s.id)).toEqual(releaseOrder.slice(0, SCENE_PAGE_SIZE));
    expect(answer.results).toBe(TOTAL);
  });

  it('answers the rest from the next offset', async () => {
    const answer = await listScenes(app, { offset: SCENE_PAGE_SIZE });
    expect(answer.scenes.map((s) => s.id)).toEqual(releaseOrder.slice(SCENE_PAGE_SIZE));
    expect(answer.scenes).toHaveLength(TOTAL - SCENE_PAGE_SIZE);
    expect(answer.results).toBe(TOTAL);
  });

  it('takes offset and limit anywhere in the order', async () => {
    expect(await listIds(app, { offset: 85, limit: 3 })).toEqual(releaseOrder.slice(85, 88));
    expect(await listIds(app, { offset: 0, limit: 1 })).toEqual(releaseOrder.slice(0, 1));
    expect(await listIds(app, { offset: 89, limit: 10 })).toEqual(releaseOrder.slice(89));
    expect(await listIds(app, { limit: 1000 })).toEqual(releaseOrder);
  });

  it('answers no scenes past the end, but still the total', async () => {
    const answer = await listScenes(app, { offset: 500, limit: 10 });
    expect(answer.scenes).toEqual([]);
    expect(answer.results).toBe(TOTAL);
    expect(answer.count_any).toBe(TOTAL);
  });

  it('counts results and every count independently of offset and limit', async () => {
    const first = await listScenes(app, { offset: 0, limit: 5 });
    for (const page of [
      { offset: 40, limit: 5 },
      { offset: 89, limit: 1 },
      { offset: 300, limit: 80 },
    ]) {
      const answer = await listScenes(app, page);
      expect(answer.results).toBe(first.results);
      expect({ ...answer, scenes: [] }).toEqual({ ...first, scenes: [] });
    }
  });

  it('pages that together give the whole order once, without gaps or repeats', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < TOTAL; offset += 7) {
      seen.push(...(await listIds(app, { offset, limit: 7 })));
    }
    expect(seen).toEqual(releaseOrder);
  });
});

describe('scenes in the list', () => {
  it('carry their tags, cast, files, cuepoints and history', async () => {
    const answer = await listScenes(app, { limit: 1000 });
    const scene = answer.scenes.find((s) => s.id === rich);
    if (!scene) throw new Error('the scene with relations is not listed');
    expect(scene.tags.map((t) => t.name).sort()).toEqual(['blonde', 'outdoor']);
    expect(scene.cast.map((a) => a.name).sort()).toEqual(['Jane Roe', 'Mia Moe']);
    expect(scene.file.map((f) => [f.filename, f.type, f.size, f.scene_id]).sort()).toEqual([
      ['rich.funscript', 'script', 20, rich],
      ['rich_8K.mp4', 'video', 5000, rich],
    ]);
    expect(scene.file.find((f) => f.type === 'video')).toMatchObject({
      path: '/videos',
      video_width: 7680,
      projection: '180_sbs',
    });
    const cuepoints = [...scene.cuepoints].sort((a, b) => a.time_start - b.time_start);
    expect(cuepoints.map((c) => [c.name, c.time_start, c.track ?? null])).toEqual([
      ['standing-blowjob', 12, null],
      ['sitting-cowgirl', 60, 1],
    ]);
    expect(cuepoints[1]?.time_end).toBe(90);
    expect(scene.history.map((h) => h.duration).sort((a, b) => a - b)).toEqual([45, 300]);
    expect(scene.history.every((h) => h.scene_id === rich)).toBe(true);
    expect(scene).toMatchObject({
      is_available: true,
      is_accessible: true,
      is_scripted: true,
      total_file_size: 5020,
      total_watch_time: 345,
    });
  });

  it('carry empty arrays, not null, for a scene without relations', async () => {
    const answer = await listScenes(app, { limit: 1000 });
    const scene = answer.scenes.find((s) => s.id === plain);
    expect(scene).toMatchObject({ tags: [], cast: [], file: [], cuepoints: [], history: [] });
  });

  it('are the same objects GET /api/scene/{id} answers', async () => {
    const listed = (await listScenes(app, { limit: 1000 })).scenes.find((s) => s.id === rich);
    const response = await app.http.inject({ method: 'GET', url: `/api/scene/${rich}` });
    expect(response.statusCode).toBe(200);
    const single = Scene.parse(response.json());
    const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
    const normalise = (scene: Scene) => ({
      ...scene,
      tags: byId(scene.tags),
      cast: byId(scene.cast),
      file: byId(scene.file),
      cuepoints: byId(scene.cuepoints),
      history: byId(scene.history),
    });
    if (!listed) throw new Error('not listed');
    expect(normalise(listed)).toEqual(normalise(single));
  });
});
