import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  ApiError,
  DEFAULT_VIDEO_EXT,
  FORBIDDEN_VIDEO_EXT,
  StorageResponse,
  VIDEO_CONTAINER_EXT,
  ZERO_TIME,
} from '@fovea/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { VolumeRepository } from '../../src/repositories/volume.repository';
import { libraryFactory } from '../factories/library.factory';
import { captureStatements } from '../helpers/capture-statements';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let root: string;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  app = await createTestApp();
  root = makeTempDir('fovea-storage-');
  app.events.subscribe((event) => events.push(event));
});

// Adding a folder queues its rescan, which runs in the background and publishes its own change: each test
// starts once the queue is quiet.
beforeEach(async () => {
  await app.queue.idle();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
  removeTempDir(root);
});

/** A real folder under the test's temp root, holding `entries` files. */
function folder(name: string, entries = 1): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < entries; i++) writeFileSync(join(dir, `entry-${i}.txt`), 'x');
  return dir;
}

async function storage(): Promise<StorageResponse> {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/storage' });
  expect(response.statusCode).toBe(200);
  return StorageResponse.parse(response.json());
}

async function add(payload: object) {
  const response = await app.http.inject({ method: 'POST', url: '/api/options/storage', payload });
  return { code: response.statusCode, body: response.json<unknown>() };
}

async function remove(id: number) {
  return app.http.inject({ method: 'DELETE', url: `/api/options/storage/${id}` });
}

const volumeAt = async (path: string) => (await storage()).volumes.find((volume) => volume.path === path);

function sceneRow(id: number) {
  return app.database.db
    .selectFrom('scenes')
    .select(['is_available', 'is_accessible', 'video_file_count', 'total_file_size', 'filenames_arr'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const storageEvents = () =>
  events.filter((event: RealtimeEvent) => event.topic === 'state.change.optionsStorage');

describe('GET and PUT /api/options/storage', () => {
  it('answers the defaults on a new library', async () => {
    expect(await storage()).toEqual({
      volumes: [],
      match_ohash: false,
      video_ext: [...DEFAULT_VIDEO_EXT],
      forbidden_video_ext: [...FORBIDDEN_VIDEO_EXT],
      default_video_ext: [...DEFAULT_VIDEO_EXT],
      known_video_ext: [...VIDEO_CONTAINER_EXT],
    });
  });

  it('normalises the extensions, drops duplicates, and saves them', async () => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/options/storage',
      payload: {
        match_ohash: true,
        video_ext: ['MP4', '.mkv', 'mp4', ' webm '],
        forbidden_video_ext: ['.x'],
        default_video_ext: [],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ match_ohash: true, video_ext: ['.mp4', '.mkv', '.webm'] });
    expect(app.options.get().storage).toEqual({ match_ohash: true, video_ext: ['.mp4', '.mkv', '.webm'] });
    const current = await storage();
    expect(current.video_ext).toEqual(['.mp4', '.mkv', '.webm']);
    expect(current.forbidden_video_ext).toEqual([...FORBIDDEN_VIDEO_EXT]);
  });

  it('goes back to the defaults when no extension is given', async () => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/options/storage',
      payload: { match_ohash: false, video_ext: [] },
    });
    expect(response.json()).toEqual({ match_ohash: false, video_ext: [...DEFAULT_VIDEO_EXT] });
    expect(app.options.get().storage.video_ext).toEqual([]);
  });

  it('knows every default extension and the common containers as videos', () => {
    for (const ext of [
      ...DEFAULT_VIDEO_EXT,
      '.m4v',
      '.webm',
      '.m2ts',
      '.ts',
      '.flv',
      '.mpg',
      '.3gp',
      '.rmvb',
    ]) {
      expect(VIDEO_CONTAINER_EXT).toContain(ext);
    }
    for (const ext of [...FORBIDDEN_VIDEO_EXT, '.txt', '.key', '.db', '.json', '.conf', '.png']) {
      expect(VIDEO_CONTAINER_EXT).not.toContain(ext);
    }
  });

  it.each([
    [['.mp4', '.txt'], '.txt'],
    [['.MKV', 'pem', '.srt', 'pem'], '.pem, .srt'],
    [['.funscript'], '.funscript'],
    [['.sqlite'], '.sqlite'],
  ])('refuses %j naming %s, and saves nothing', async (video_ext, named) => {
    const before = structuredClone(app.options.get().storage);
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/options/storage',
      payload: { match_ohash: !before.match_ohash, video_ext },
    });
    expect(response.statusCode).toBe(400);
    const error = ApiError.parse(response.json());
    expect(error.message).toContain(`body.video_ext: not a video container: ${named} `);
    expect(error.issues?.[0]?.path).toEqual(['body', 'video_ext']);
    expect(app.options.get().storage).toEqual(before);
  });

  it('scans only video containers even when the saved options name other extensions', async () => {
    await app.options.update((options) => ({
      ...options,
      storage: { ...options.storage, video_ext: ['.txt', '.mkv', '.key', '.mkv'] },
    }));
    try {
      expect((await storage()).video_ext).toEqual(['.mkv']);
    } finally {
      await app.options.update((options) => ({ ...options, storage: { ...options.storage, video_ext: [] } }));
    }
  });

  it('refuses text that cannot be an extension', async () => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/options/storage',
      payload: { match_ohash: false, video_ext: ['.mp4', 'm p4'] },
    });
    expect(response.statusCode).toBe(400);
    expect(ApiError.parse(response.json()).issues?.[0]?.path).toEqual(['body', 'video_ext', 1]);
    expect(app.options.get().storage.video_ext).toEqual([]);
  });
});

describe('POST /api/options/storage (local folder)', () => {
  it('adds a folder, publishes the change and shows it with no files and no scan yet', async () => {
    const dir = folder('added');
    const before = storageEvents().length;
    expect(await add({ type: 'local', path: `${dir}/` })).toEqual({ code: 200, body: null });
    expect(storageEvents().length).toBeGreaterThan(before);
    expect(await volumeAt(dir)).toEqual({
      id: expect.any(Number),
      type: 'local',
      path: dir,
      metadata: '',
      last_scan: expect.any(String),
      is_available: true,
      file_count: 0,
      unmatched_count: 0,
      total_size: 0,
      pending_gone_count: 0,
    });
  });

  it('queues a rescan of the new folder', async () => {
    const dir = folder('queued');
    await add({ type: 'local', path: dir });
    const volume = await volumeAt(dir);
    const jobs = await app.database.db.selectFrom('jobs').select(['name', 'payload']).execute();
    expect(jobs).toContainEqual({ name: 'rescan', payload: JSON.stringify({ volumeId: volume?.id }) });
  });

  it('adds an empty folder as not available', async () => {
    const dir = folder('empty', 0);
    expect((await add({ type: 'local', path: dir })).code).toBe(200);
    expect((await volumeAt(dir))?.is_available).toBe(false);
  });

  it('refuses the same folder twice, also written differently', async () => {
    const dir = folder('twice');
    expect((await add({ type: 'local', path: dir })).code).toBe(200);
    for (const path of [dir, `${dir}/`, `${dir}/../twice`]) {
      const again = await add({ type: 'local', path });
      expect(again.code).toBe(409);
      expect(ApiError.parse(again.body).message).toBe(`The folder ${dir} is already a storage location`);
    }
    expect((await storage()).volumes.filter((volume) => volume.path === dir)).toHaveLength(1);
  });

  it.each([
    [
      'a relative path',
      () => ({ path: 'videos/vr', message: 'The folder videos/vr is not an absolute path' }),
    ],
    [
      'a missing folder',
      () => ({ path: join(root, 'missing'), message: `The folder ${join(root, 'missing')} does not exist` }),
    ],
    [
      'a file',
      () => {
        const path = join(folder('holder'), 'entry-0.txt');
        return { path, message: `${path} is not a folder` };
      },
    ],
    [
      'a path that cannot be resolved',
      () => {
        const path = join(root, 'loop');
        symlinkSync(path, path);
        return { path, message: `The folder ${path} cannot be read (ELOOP)` };
      },
    ],
  ])('refuses %s with the reason', async (_what, make) => {
    const { path, message } = make();
    const count = (await storage()).volumes.length;
    const before = storageEvents().length;
    const answer = await add({ type: 'local', path });
    expect(answer.code).toBe(400);
    expect(ApiError.parse(answer.body).message).toContain(message);
    expect((await storage()).volumes.length).toBe(count);
    await app.queue.idle();
    expect(storageEvents().length).toBe(before);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a folder it may not read', async () => {
    const dir = folder('locked');
    chmodSync(dir, 0o000);
    try {
      const answer = await add({ type: 'local', path: dir });
      expect(answer.code).toBe(400);
      expect(ApiError.parse(answer.body).message).toBe(
        `The folder ${dir} cannot be read; check its permissions`,
      );
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('refuses a body without a path or of an unknown type', async () => {
    expect((await add({ type: 'local', path: '  ' })).code).toBe(400);
    expect((await add({ type: 'dropbox', path: '/x' })).code).toBe(400);
  });
});

describe('POST /api/options/storage refuses folders that must not be scanned', () => {
  const rescanJobs = () =>
    app.database.db.selectFrom('jobs').select('id').where('name', '=', 'rescan').execute();

  /** Adds `path`, expects the refusal with `status` and a message holding `message`, and nothing changed. */
  async function refused(path: string, status: number, message: string) {
    const count = (await storage()).volumes.length;
    const before = storageEvents().length;
    const jobs = await rescanJobs();
    const answer = await add({ type: 'local', path });
    expect(answer.code).toBe(status);
    expect(ApiError.parse(answer.body).message).toContain(message);
    expect((await storage()).volumes.length).toBe(count);
    expect(await rescanJobs()).toEqual(jobs);
    await app.queue.idle();
    expect(storageEvents().length).toBe(before);
  }

  it("refuses Fovea's data folder, a folder inside it and one containing it", async () => {
    const data = app.config.dataDir;
    await refused(data, 400, `The folder ${data} is Fovea's data folder`);
    await refused(`${data}/`, 400, `The folder ${data} is Fovea's data folder`);
    await refused(
      join(data, 'images'),
      400,
      `The folder ${join(data, 'images')} is inside Fovea's data folder`,
    );
    await refused(dirname(data), 400, `The folder ${dirname(data)} contains Fovea's data folder (${data})`);
  });

  it("refuses a link to the data folder's previews", async () => {
    const link = join(root, 'link-to-previews');
    symlinkSync(join(app.config.dataDir, 'previews'), link);
    await refused(link, 400, `The folder ${link} is inside Fovea's data folder`);
  });

  it.skipIf(process.platform === 'win32')('refuses the system folders and their subfolders', async () => {
    await refused('/', 400, 'The folder / is a system folder; choose a folder that holds your videos');
    await refused('/etc', 400, 'The folder /etc is a system folder;');
    await refused('/usr/share', 400, 'The folder /usr/share is a system folder (inside /usr)');
    await refused('/proc/self', 400, 'The folder /proc/self is a system folder (inside /proc)');
  });

  it('refuses a folder inside a storage folder, one containing it, and links into it', async () => {
    const outer = folder('overlap/outer');
    const inner = folder('overlap/outer/inner');
    expect((await add({ type: 'local', path: outer })).code).toBe(200);
    await app.queue.idle();
    await refused(inner, 409, `The folder ${inner} is inside the storage folder ${outer}`);
    await refused(
      join(root, 'overlap'),
      409,
      `The folder ${join(root, 'overlap')} contains the storage folder ${outer}; storage folders may not overlap`,
    );
    const toInner = join(root, 'overlap-link-inner');
    symlinkSync(inner, toInner);
    await refused(toInner, 409, `The folder ${toInner} is inside the storage folder ${outer}`);
    const toOuter = join(root, 'overlap-link-outer');
    symlinkSync(outer, toOuter);
    await refused(toOuter, 409, `The folder ${toOuter} is already a storage location (${outer})`);
    expect(
      (await storage()).volumes.filter((volume) => volume.path.startsWith(join(root, 'overlap'))),
    ).toHaveLength(1);
  });

  it('refuses a folder containing a storage folder that is reached through a link', async () => {
    const real = folder('linked-real');
    const link = join(root, 'linked-as');
    symlinkSync(real, link);
    expect((await add({ type: 'local', path: link })).code).toBe(200);
    await app.queue.idle();
    await refused(real, 409, `The folder ${real} is already a storage location (${link})`);
    const holder = folder('linked-holder');
    const nested = join(holder, 'nested');
    symlinkSync(join(real), nested);
    await refused(nested, 409, `The folder ${nested} is already a storage location (${link})`);
  });

  it('still adds a folder next to a storage folder whose name starts the same', async () => {
    const first = folder('siblings/videos');
    const second = folder('siblings/videos-more');
    expect((await add({ type: 'local', path: first })).code).toBe(200);
    expect((await add({ type: 'local', path: second })).code).toBe(200);
  });
});

describe('volumes in the storage answer', () => {
  it('counts files, unmatched files and bytes per volume in one grouped query', async () => {
    const factory = libraryFactory(app.database.db);
    const full = await factory.volume({ path: folder('counted') });
    const none = await factory.volume({ path: folder('no-files') });
    const scene = await factory.scene();
    await factory.file({ volume_id: full, scene_id: scene, size: 100 });
    await factory.file({ volume_id: full, size: 250 });
    await factory.file({ volume_id: full, size: 4000, type: 'script' });
    let answer: StorageResponse | undefined;
    const statements = await captureStatements(app, async () => {
      answer = await storage();
    });
    const byId = new Map(answer?.volumes.map((volume) => [volume.id, volume]));
    expect(byId.get(full)).toMatchObject({ file_count: 3, unmatched_count: 2, total_size: 4350 });
    expect(byId.get(none)).toMatchObject({ file_count: 0, unmatched_count: 0, total_size: 0 });
    expect(statements.filter((statement) => /\bfrom files\b/i.test(statement.sql))).toHaveLength(1);
  });

  it('lists the most recently scanned first and never-scanned ones last', async () => {
    const factory = libraryFactory(app.database.db);
    const volumes = new VolumeRepository(app.database.db);
    const older = await factory.volume({ path: folder('scanned-older') });
    const newer = await factory.volume({ path: folder('scanned-newer') });
    await volumes.markScanned(older, '2024-01-01T00:00:00.000Z');
    await volumes.markScanned(newer, '2024-06-01T00:00:00.000Z');
    const list = (await storage()).volumes;
    const ids = list.map((volume) => volume.id);
    expect(ids.indexOf(newer)).toBe(ids.indexOf(older) - 1);
    expect(list.find((volume) => volume.id === newer)?.last_scan).toBe('2024-06-01T00:00:00.000Z');
    // Newest first (ISO times sort as text), the zero time of never-scanned ones last.
    const scans = list.map((volume) => (volume.last_scan === ZERO_TIME ? '' : volume.last_scan));
    expect(scans).toEqual([...scans].sort().reverse());
    expect(scans.at(-1)).toBe('');
  });

  it('marks a folder unavailable once emptied or removed, with the scene statuses in the same request', async () => {
    const factory = libraryFactory(app.database.db);
    const dir = folder('mounted');
    const volume = await factory.volume({ path: dir });
    const scene = await factory.scene();
    await factory.file({ volume_id: volume, scene_id: scene, size: 500 });
    await app.sceneStatus.refreshScenes([scene]);
    expect(await sceneRow(scene)).toMatchObject({ is_available: 1, is_accessible: 1 });

    rmSync(join(dir, 'entry-0.txt'));
    expect((await storage()).volumes.find((v) => v.id === volume)?.is_available).toBe(false);
    expect(await sceneRow(scene)).toMatchObject({ is_available: 1, is_accessible: 0 });

    writeFileSync(join(dir, 'back.mp4'), 'x');
    expect((await storage()).volumes.find((v) => v.id === volume)?.is_available).toBe(true);
    expect(await sceneRow(scene)).toMatchObject({ is_available: 1, is_accessible: 1 });

    rmSync(dir, { recursive: true });
    expect((await storage()).volumes.find((v) => v.id === volume)?.is_available).toBe(false);
    expect(await sceneRow(scene)).toMatchObject({ is_accessible: 0 });
  });
});

describe('DELETE /api/options/storage/{id}', () => {
  it('answers 404 for an unknown id', async () => {
    const response = await remove(999_999);
    expect(response.statusCode).toBe(404);
    expect(ApiError.parse(response.json()).message).toBe('No storage location with id 999999');
  });

  it('removes the volume and its files, refreshes the matched scenes and keeps their file names', async () => {
    const factory = libraryFactory(app.database.db);
    const kept = await factory.volume({ path: folder('kept') });
    const gone = await factory.volume({ path: folder('gone') });
    const scene = await factory.scene({ filenames_arr: JSON.stringify(['a.mp4', 'b.mp4']) });
    await factory.file({ volume_id: gone, scene_id: scene, filename: 'a.mp4', size: 700 });
    await factory.file({ volume_id: kept, scene_id: scene, filename: 'b.mp4', size: 300 });
    await factory.file({ volume_id: gone, filename: 'loose.mp4' });
    await app.sceneStatus.refreshScenes([scene]);
    expect(await sceneRow(scene)).toMatchObject({ video_file_count: 2, total_file_size: 1000 });

    const before = storageEvents().length;
    const response = await remove(gone);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    expect(storageEvents().length).toBe(before + 1);

    const left = await app.database.db
      .selectFrom('files')
      .select('volume_id')
      .where('volume_id', '=', gone)
      .execute();
    expect(left).toEqual([]);
    expect((await storage()).volumes.map((volume) => volume.id)).not.toContain(gone);
    expect(await sceneRow(scene)).toEqual({
      is_available: 1,
      is_accessible: 1,
      video_file_count: 1,
      total_file_size: 300,
      filenames_arr: JSON.stringify(['a.mp4', 'b.mp4']),
    });

    await remove(kept);
    expect(await sceneRow(scene)).toMatchObject({ is_available: 0, is_accessible: 0, video_file_count: 0 });
    expect((await remove(gone)).statusCode).toBe(404);
  });
});
