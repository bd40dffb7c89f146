import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { startFakePutio, putioFile, type FakePutio } from '../helpers/putio-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let putio: FakePutio;
let root: string;
let volume: number;

beforeAll(async () => {
  putio = await startFakePutio();
  app = await createTestApp({ putioUrl: putio.url });
  make = libraryFactory(app.database.db);
  root = makeTempDir('fovea-volume-');
  volume = await make.volume({ path: root });
});

afterAll(async () => {
  await app.close();
  await putio.close();
  chmodSync(root, 0o755);
  removeTempDir(root);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;
const remove = (id: number | string) => app.http.inject({ method: 'DELETE', url: `/api/files/file/${id}` });
const rowExists = async (id: number) =>
  (await db().selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** A real file on disk in `folder` under the volume, with its row. */
const diskFile = async (name: string, values: { scene_id?: number; folder?: string } = {}) => {
  const folder = join(root, values.folder ?? 'clips');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), 'video bytes');
  const id = await make.file({
    volume_id: volume,
    path: folder,
    filename: name,
    scene_id: values.scene_id ?? null,
  });
  return { id, full: join(folder, name) };
};

describe('DELETE /api/files/file/{id} on a local volume', () => {
  it('removes the file, its row and heatmap, refreshes the scene and answers it', async () => {
    const scene = await make.scene({ scene_id: 'del-1' });
    const { id, full } = await diskFile('Delete Me & Co.mp4', { scene_id: scene });
    const heatmap = join(app.paths.heatmaps, `heatmap-${id}.png`);
    writeFileSync(heatmap, 'png');
    await app.sceneStatus.refreshScenes([scene]);

    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json())).toMatchObject({ id: scene, is_available: false, file: [] });
    expect(existsSync(full)).toBe(false);
    expect(existsSync(heatmap)).toBe(false);
    expect(await rowExists(id)).toBe(false);
    const status = await db()
      .selectFrom('scenes')
      .select(['is_available', 'video_file_count'])
      .where('id', '=', scene)
      .executeTakeFirstOrThrow();
    expect(status).toEqual({ is_available: 0, video_file_count: 0 });
  });

  it('answers the zero scene for an unmatched file', async () => {
    const { id, full } = await diskFile('unmatched.mp4');
    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json())).toMatchObject({ id: 0, scene_id: '', file: [] });
    expect(existsSync(full)).toBe(false);
  });

  it('counts a file already gone from disk as deleted', async () => {
    const id = await make.file({ volume_id: volume, path: join(root, 'gone'), filename: 'gone.mp4' });
    expect((await remove(id)).statusCode).toBe(200);
    expect(await rowExists(id)).toBe(false);
  });

  it('keeps the row and says why when the disk refuses (the name is a folder)', async () => {
    const folder = join(root, 'clips', 'folder.mp4');
    mkdirSync(folder, { recursive: true });
    const id = await make.file({ volume_id: volume, path: join(root, 'clips'), filename: 'folder.mp4' });
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Conflict',
      message: `Could not delete ${folder} from disk: it is a folder`,
    });
    expect(await rowExists(id)).toBe(true);
    expect(existsSync(folder)).toBe(true);
  });

  // chmod does not stop root; the folder-as-file case above covers a refused delete in that case.
  it.skipIf(process.getuid?.() === 0)('keeps the row when permission is denied', async () => {
    const { id, full } = await diskFile('locked.mp4', { folder: 'locked' });
    chmodSync(join(root, 'locked'), 0o555);
    try {
      const response = await remove(id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`Could not delete ${full} from disk: permission denied`);
      expect(await rowExists(id)).toBe(true);
      expect(existsSync(full)).toBe(true);
    } finally {
      chmodSync(join(root, 'locked'), 0o755);
    }
  });

  it('keeps the row when the volume folder is missing (unmounted)', async () => {
    const missing = join(root, 'not-mounted');
    const unmounted = await make.volume({ path: missing });
    const id = await make.file({ volume_id: unmounted, path: join(missing, 'x'), filename: 'far.mp4' });
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Could not delete ${join(missing, 'x', 'far.mp4')} from disk: the volume ${missing} is not available`,
    );
    expect(await rowExists(id)).toBe(true);
  });

  it('answers 404 for an unknown file and 400 for a bad id', async () => {
    const response = await remove(876_543);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'There is no file 876543' });
    expect((await remove('abc')).statusCode).toBe(400);
  });
});

describe('DELETE /api/files/file/{id} on a put.io volume', () => {
  let putioVolume: number;

  beforeAll(async () => {
    putio.accounts.set('token-1', { username: 'me', files: [putioFile({ id: 4242, name: 'cloud.mp4' })] });
    const row = await db()
      .insertInto('volumes')
      .values({ type: 'putio', path: 'Put.io (me)', metadata: 'token-1', is_available: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    putioVolume = row.id;
  });

  it('deletes the file through the API with the volume token, then the row', async () => {
    const scene = await make.scene();
    const id = await make.file({
      volume_id: putioVolume,
      path: '4242',
      filename: 'cloud.mp4',
      scene_id: scene,
    });
    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json())).toMatchObject({ id: scene, file: [] });
    expect(putio.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v2/files/delete',
      authorization: 'Bearer token-1',
      form: { file_ids: '4242' },
    });
    expect(putio.accounts.get('token-1')?.files).toEqual([]);
    expect(await rowExists(id)).toBe(false);
  });

  it('keeps the row and answers 502 when put.io fails', async () => {
    const id = await make.file({ volume_id: putioVolume, path: '4343', filename: 'stays.mp4' });
    putio.failWith = 500;
    try {
      const response = await remove(id);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        'Could not delete stays.mp4 (put.io file 4343) from put.io: put.io answered 500: Something went wrong',
      );
    } finally {
      putio.failWith = null;
    }
    expect(await rowExists(id)).toBe(true);
  });

  it('counts a file put.io no longer has (404) as deleted', async () => {
    const id = await make.file({ volume_id: putioVolume, path: '4444', filename: 'vanished.mp4' });
    putio.failWith = 404;
    try {
      expect((await remove(id)).statusCode).toBe(200);
    } finally {
      putio.failWith = null;
    }
    expect(await rowExists(id)).toBe(false);
  });
});
