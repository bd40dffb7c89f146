import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { readZip } from '../helpers/zip-reader';

let app: FoveaApp;
let dir: string;
let f: ReturnType<typeof libraryFactory>;
let volumeId: number;

/** Scenes and script files of the export, by role. */
const ids = {
  colon: 0,
  colonSelected: 0,
  colonNewer: 0,
  newest: 0,
  newestOld: 0,
  newestNew: 0,
  missing: 0,
  putio: 0,
  bare: 0,
  unmatched: 0,
};

async function script(
  sceneId: number | null,
  name: string,
  body: string | Buffer,
  extra = {},
): Promise<number> {
  writeFileSync(join(dir, name), body);
  return f.file({
    volume_id: volumeId,
    scene_id: sceneId,
    type: 'script',
    path: dir,
    filename: name,
    ...extra,
  });
}

async function exportedFlags(): Promise<Record<number, number>> {
  const rows = await app.database.db.selectFrom('files').select(['id', 'is_exported']).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.is_exported]));
}

async function download(kind: 'export-all' | 'export-new') {
  const response = await app.http.inject({ method: 'GET', url: `/api/task/funscript/${kind}` });
  return { response, entries: response.statusCode === 200 ? readZip(response.rawPayload) : [] };
}

beforeAll(async () => {
  app = await createTestApp();
  dir = makeTempDir('fovea-scripts-');
  f = libraryFactory(app.database.db);
  volumeId = await f.volume({ path: dir });
  const putioVolume = await app.database.db
    .insertInto('volumes')
    .values({ type: 'putio', path: 'put.io', is_available: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();

  // scene_id order decides the zip order: b-..., a-... are given so that the database ids run the other way.
  ids.colon = await f.scene({ scene_id: 'b-colon', title: 'Part: 1? a/b\\c<d>e|f' });
  ids.colonSelected = await script(ids.colon, 'colon-selected.funscript', '{"actions":[1]}', {
    is_selected_script: 1,
    created_time: '2024-01-01T00:00:00.000Z',
  });
  ids.colonNewer = await script(ids.colon, 'colon-newer.funscript', '{"actions":[2]}', {
    created_time: '2024-06-01T00:00:00.000Z',
  });
  ids.newest = await f.scene({ scene_id: 'a-newest', title: 'Newest wins' });
  ids.newestOld = await script(ids.newest, 'newest-old.funscript', '{"actions":[3]}', {
    created_time: '2024-01-01T00:00:00.000Z',
  });
  ids.newestNew = await script(ids.newest, 'newest-new.funscript', '{"actions":[4]}', {
    created_time: '2024-03-01T00:00:00.000Z',
  });
  ids.missing = await f.scene({ scene_id: 'c-missing', title: 'Missing on disk' });
  await f.file({
    volume_id: volumeId,
    scene_id: ids.missing,
    type: 'script',
    path: dir,
    filename: 'gone.funscript',
  });
  ids.putio = await f.scene({ scene_id: 'd-putio', title: 'On put.io' });
  await f.file({
    volume_id: putioVolume.id,
    scene_id: ids.putio,
    type: 'script',
    path: '77',
    filename: 'p.funscript',
  });
  ids.bare = await f.scene({ scene_id: 'e-bare', title: 'Only a video' });
  await f.file({ volume_id: volumeId, scene_id: ids.bare, type: 'video' });
  ids.unmatched = await script(null, 'unmatched.funscript', '{"actions":[9]}');
});

afterAll(async () => {
  await app.close();
  removeTempDir(dir);
});

describe('funscript counts and options', () => {
  it('counts scripted scenes and those whose first script is not exported', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/options/funscripts/count' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 4, updated: 4 });
  });

  it('answers no HEAD for the zips, so nothing is marked without a download', async () => {
    const head = await app.http.inject({ method: 'HEAD', url: '/api/task/funscript/export-all' });
    expect(head.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Object.values(await exportedFlags()).every((flag) => flag === 0)).toBe(true);
  });

  it('saves scrapeFunscripts and shows it in the options state', async () => {
    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/options/funscripts',
      payload: { scrapeFunscripts: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ scrapeFunscripts: true });
    expect(app.options.get().funscripts.scrapeFunscripts).toBe(true);
    const state = await app.http.inject({ method: 'GET', url: '/api/options/state' });
    expect(state.json<{ config: { funscripts: unknown } }>().config.funscripts).toEqual({
      scrapeFunscripts: true,
    });
  });

  it.each([
    [{ scrapeFunscripts: 'yes' }, 'scrapeFunscripts'],
    [{}, 'scrapeFunscripts'],
    [{ scrapeFunscripts: false, extra: 1 }, 'extra'],
  ])('refuses the body %j with a 400 naming the field', async (payload, field) => {
    const response = await app.http.inject({ method: 'PUT', url: '/api/options/funscripts', payload });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
    expect(app.options.get().funscripts.scrapeFunscripts).toBe(true);
  });
});

describe('funscript zips', () => {
  it('export-all streams funscripts.zip: one deflated script per scene, named and ordered by the rules', async () => {
    const { response, entries } = await download('export-all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="funscripts.zip"');
    expect(entries.map((entry) => entry.name)).toEqual([
      `${ids.newest} - Newest wins.funscript`,
      `${ids.colon} - Part\uA789 1 abcdef.funscript`,
    ]);
    expect(entries.map((entry) => entry.method)).toEqual([8, 8]);
    expect(entries.map((entry) => entry.data.toString())).toEqual(['{"actions":[4]}', '{"actions":[1]}']);
  });

  it('marks the exported scripts once the zip is sent, and export-new then has nothing', async () => {
    await vi.waitFor(async () => {
      const flags = await exportedFlags();
      expect(flags[ids.newestNew]).toBe(1);
      expect(flags[ids.colonSelected]).toBe(1);
    });
    const flags = await exportedFlags();
    expect([flags[ids.newestOld], flags[ids.colonNewer], flags[ids.unmatched]]).toEqual([0, 0, 0]);
    const count = await app.http.inject({ method: 'GET', url: '/api/options/funscripts/count' });
    // The put.io and missing scripts could not be exported: they are still new.
    expect(count.json()).toEqual({ total: 4, updated: 2 });
    const { response, entries } = await download('export-new');
    expect(response.headers['content-disposition']).toBe('attachment; filename="funscripts-update.zip"');
    expect(entries).toEqual([]);
  });

  it('export-new takes a scene whose first script changed, and resets the scene\u2019s other scripts', async () => {
    const replacement = await script(ids.newest, 'newest-newer.funscript', '{"actions":[5]}', {
      created_time: '2024-09-01T00:00:00.000Z',
    });
    const count = await app.http.inject({ method: 'GET', url: '/api/options/funscripts/count' });
    expect(count.json()).toEqual({ total: 4, updated: 3 });
    const { entries } = await download('export-new');
    expect(entries.map((entry) => [entry.name, entry.data.toString()])).toEqual([
      [`${ids.newest} - Newest wins.funscript`, '{"actions":[5]}'],
    ]);
    await vi.waitFor(async () => expect((await exportedFlags())[replacement]).toBe(1));
    const flags = await exportedFlags();
    expect(flags[ids.newestNew]).toBe(0);
    expect(flags[ids.colonSelected]).toBe(1);
  });

  it('an interrupted download marks nothing; a complete one then does', async () => {
    const bigScenes = [] as number[];
    const bigFiles = [] as number[];
    // Random bytes do not compress: ~24 MB cannot sit in the loopback buffers, so the server is still writing.
    for (let n = 0; n < 3; n++) {
      const scene = await f.scene({ scene_id: `f-big-${n}`, title: `Big ${n}` });
      bigScenes.push(scene);
      bigFiles.push(await script(scene, `big-${n}.funscript`, randomBytes(8 * 1024 * 1024)));
    }
    const address = await app.http.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.http.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/task/funscript/export-new' }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.length);
        });
      });
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
      req.end();
    });
    expect(firstBytes).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const flags = await exportedFlags();
    expect(bigFiles.map((id) => flags[id])).toEqual([0, 0, 0]);
    const count = await app.http.inject({ method: 'GET', url: '/api/options/funscripts/count' });
    expect(count.json()).toEqual({ total: 7, updated: 5 });

    const { entries } = await download('export-new');
    expect(entries.map((entry) => entry.name)).toEqual(
      bigScenes.map((id, n) => `${id} - Big ${n}.funscript`),
    );
    expect(entries.map((entry) => entry.data.length)).toEqual([1, 2, 3].map(() => 8 * 1024 * 1024));
    await vi.waitFor(async () => {
      const after = await exportedFlags();
      expect(bigFiles.map((id) => after[id])).toEqual([1, 1, 1]);
    });
  });
});
