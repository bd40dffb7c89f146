import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { libraryFactory } from '../factories/library.factory';
import { funscriptText, makeClip } from '../fixtures/media-fixtures';
import { putioFile, startFakePutio, type FakePutio } from '../helpers/putio-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { filesOf, rescan, rescanLogs, sceneRow, volumeRow } from './rescan-helpers';

let app: FoveaApp;
let fake: FakePutio;
let parent: string;
let folder: string;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  fake = await startFakePutio();
  app = await createTestApp({ putioUrl: fake.url });
  app.events.subscribe((event) => events.push(event));
  parent = makeTempDir('fovea-disk-');
  folder = join(parent, 'videos');
  mkdirSync(folder);
  await makeClip(join(folder, 'kept_180_LR.mp4'), {
    width: 256,
    height: 128,
    fps: '30',
    seconds: 1,
    codec: 'h264',
  });
  await makeClip(join(folder, 'other.mp4'), { width: 160, height: 90, fps: '25', seconds: 1, codec: 'h264' });
  writeFileSync(
    join(folder, 'kept_180_LR.funscript'),
    funscriptText([
      { at: 0, pos: 0 },
      { at: 900, pos: 100 },
    ]),
  );
}, 60_000);

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(parent);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('a folder that is missing or unmounted', () => {
  let volumeId: number;
  let sceneId: number;
  let matched: { id: number; filename: string; scene_id: number | null }[];

  const snapshot = async () =>
    (await filesOf(app, volumeId))
      .map((file) => ({ id: file.id, filename: file.filename, scene_id: file.scene_id }))
      .sort((a, b) => a.filename.localeCompare(b.filename));

  it('is scanned and matched while it is there', async () => {
    const make = libraryFactory(app.database.db);
    volumeId = await make.volume({ path: folder });
    sceneId = await make.scene({ filenames_arr: JSON.stringify(['kept_180_LR.mp4']) });
    await rescan(app, volumeId);
    matched = await snapshot();
    expect(matched.map((file) => [file.filename, file.scene_id])).toEqual([
      ['kept_180_LR.funscript', sceneId],
      ['kept_180_LR.mp4', sceneId],
      ['other.mp4', null],
    ]);
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 1, is_accessible: 1, is_scripted: 1 });
  });

  it('keeps every row and match when the folder is gone; the scene is no longer accessible', async () => {
    renameSync(folder, `${folder}-away`);
    await rescan(app, volumeId);
    expect(await snapshot()).toEqual(matched);
    expect((await volumeRow(app, volumeId)).is_available).toBe(0);
    // Available = has a video file; accessible = a video file on a mounted volume.
    expect(await sceneRow(app, sceneId)).toMatchObject({
      is_available: 1,
      is_accessible: 0,
      video_file_count: 1,
    });
    await vi.waitFor(() =>
      expect(rescanLogs(events)).toContainEqual({
        level: 'warning',
        message: `${folder} is not mounted (it does not exist); its 3 files are kept`,
      }),
    );
  });

  it('keeps them too when an empty mount point is left in its place', async () => {
    mkdirSync(folder);
    await rescan(app, volumeId);
    expect(await snapshot()).toEqual(matched);
    expect((await volumeRow(app, volumeId)).is_available).toBe(0);
    expect((await sceneRow(app, sceneId)).is_accessible).toBe(0);
    await vi.waitFor(() =>
      expect(rescanLogs(events).map((line) => line.message)).toContain(
        `${folder} is not mounted (it is empty); its 3 files are kept`,
      ),
    );
  });

  it('keeps them when the mount point holds only what systems leave there (lost+found, .DS_Store, @eaDir)', async () => {
    mkdirSync(join(folder, 'lost+found'));
    mkdirSync(join(folder, '@eaDir'));
    writeFileSync(join(folder, '.DS_Store'), 'x');
    await rescan(app, volumeId);
    expect(await snapshot()).toEqual(matched);
    expect((await volumeRow(app, volumeId)).is_available).toBe(0);
    await vi.waitFor(() =>
      expect(rescanLogs(events).map((line) => line.message)).toContain(
        `${folder} is not mounted (it holds only system folders and files); its 3 files are kept`,
      ),
    );
  });

  it('is accessible again, with the same rows and matches, once the folder is back', async () => {
    rmSync(folder, { recursive: true });
    renameSync(`${folder}-away`, folder);
    await rescan(app, volumeId);
    expect(await snapshot()).toEqual(matched);
    expect((await volumeRow(app, volumeId)).is_available).toBe(1);
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 1, is_accessible: 1 });
  });
});

describe('a put.io account', () => {
  let volumeId: number;

  beforeAll(async () => {
    fake.accounts.set('token-1', {
      username: 'alice',
      files: [
        putioFile({ id: 501, name: 'Scene_MKX200.mp4', size: 7000, opensubtitles_hash: 'abc123' }),
        putioFile({ id: 502, name: 'plain.mkv', size: 8000 }),
        putioFile({ id: 503, name: 'readme.txt', file_type: 'TEXT' }),
      ],
    });
    const row = await app.database.db
      .insertInto('volumes')
      .values({ type: 'putio', path: 'Put.io (alice)', metadata: 'token-1', is_available: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    volumeId = row.id;
  });

  it('records the listed videos with the put.io id as path, without probing', async () => {
    await rescan(app, volumeId);
    const rows = await filesOf(app, volumeId);
    expect(rows.map((file) => [file.path, file.filename, file.size, file.oshash, file.projection])).toEqual([
      ['501', 'Scene_MKX200.mp4', 7000, 'abc123', 'mkx200'],
      ['502', 'plain.mkv', 8000, '', '180_sbs'],
    ]);
    expect(rows[0]).toMatchObject({
      type: 'video',
      created_time: '2024-03-01T10:00:00.000Z',
      updated_time: '2024-03-02T11:00:00.000Z',
      video_width: 0,
    });
    expect(fake.requests.at(-1)?.url).toContain('parent_id=-1');
    expect((await volumeRow(app, volumeId)).last_scan).not.toBeNull();
  });

  it('keeps every row and marks the account unavailable when put.io does not answer', async () => {
    const before = await filesOf(app, volumeId);
    fake.failWith = 500;
    try {
      await rescan(app, volumeId);
    } finally {
      fake.failWith = null;
    }
    expect(await filesOf(app, volumeId)).toEqual(before);
    expect((await volumeRow(app, volumeId)).is_available).toBe(0);
  });

  it('removes the rows of files no longer listed', async () => {
    const account = fake.accounts.get('token-1');
    if (account) account.files = account.files.filter((file) => file.id !== 502);
    await rescan(app, volumeId);
    expect((await filesOf(app, volumeId)).map((file) => file.path)).toEqual(['501']);
    expect((await volumeRow(app, volumeId)).is_available).toBe(1);
  });
});
