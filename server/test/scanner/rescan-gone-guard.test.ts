import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, StorageGoneResponse, StorageResponse } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { HOLD_GONE_ABOVE, holdsGone } from '../../src/scanner/scan-volume';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { filesOf, rescan, rescanLogs, sceneRow } from './rescan-helpers';

let app: FoveaApp;
let parent: string;
const events: RealtimeEvent[] = [];

beforeAll(() => {
  parent = makeTempDir('fovea-gone-');
});

beforeAll(async () => {
  app = await createTestApp();
  app.events.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await app.close();
  removeTempDir(parent);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

/** A folder of `count` files: scene.mp4 (a fake video, recorded though ffprobe refuses it) and subtitles. */
function library(name: string, count: number): { dir: string; names: string[] } {
  const dir = join(parent, name);
  mkdirSync(dir);
  const names = [
    'scene.mp4',
    ...Array.from({ length: count - 1 }, (_, i) => `part-${String(i).padStart(2, '0')}.srt`),
  ];
  for (const file of names) writeFileSync(join(dir, file), `content of ${file}`);
  return { dir, names };
}

/** Moves files out of (or back into) a library folder, keeping their size and modification time. */
function move(from: string, to: string, names: readonly string[]): void {
  mkdirSync(to, { recursive: true });
  for (const name of names) renameSync(join(from, name), join(to, name));
}

async function storageVolume(id: number) {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/storage' });
  return StorageResponse.parse(response.json()).volumes.find((volume) => volume.id === id);
}

async function answer(id: number, what: 'confirm-gone' | 'keep-gone', payload: object = {}) {
  const response = await app.http.inject({
    method: 'POST',
    url: `/api/options/storage/${id}/${what}`,
    payload,
  });
  return { code: response.statusCode, body: response.json<unknown>() };
}

const held = async (volumeId: number) =>
  (await filesOf(app, volumeId)).filter((file) => file.missing_since !== null).map((file) => file.filename);

const storageEvents = () => events.filter((event) => event.topic === 'state.change.optionsStorage').length;

describe('holdsGone', () => {
  it('holds more than half of the rows, when that is more than 20', () => {
    expect(HOLD_GONE_ABOVE).toBe(20);
    expect(holdsGone(21, 30)).toBe(true);
    expect(holdsGone(20, 30)).toBe(false);
    expect(holdsGone(21, 42)).toBe(false);
    expect(holdsGone(22, 42)).toBe(true);
    expect(holdsGone(10, 30)).toBe(false);
    expect(holdsGone(20, 20)).toBe(false);
    expect(holdsGone(1000, 1000)).toBe(true);
  });
});

describe('a rescan that finds more than half of a folder gone', () => {
  const away = () => join(parent, 'away');
  let dir: string;
  let names: string[];
  let gone: string[];
  let volumeId: number;
  let sceneId: number;

  beforeAll(async () => {
    ({ dir, names } = library('big', 30));
    gone = names.slice(0, 21);
    const make = libraryFactory(app.database.db);
    volumeId = await make.volume({ path: dir });
    sceneId = await make.scene({ filenames_arr: JSON.stringify(['scene.mp4']) });
    await rescan(app, volumeId);
    expect(await filesOf(app, volumeId)).toHaveLength(30);
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 1, is_accessible: 1 });
  });

  it('keeps the rows, holds them back, warns over the websocket and shows the count in Storage', async () => {
    move(dir, away(), gone);
    const before = rescanLogs(events).length;
    await rescan(app, volumeId);
    expect(await filesOf(app, volumeId)).toHaveLength(30);
    expect((await held(volumeId)).sort()).toEqual([...gone].sort());
    expect((await storageVolume(volumeId))?.pending_gone_count).toBe(21);
    // Like a file on an offline drive: the scene keeps its file but cannot be played.
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 1, is_accessible: 0 });
    await vi.waitFor(() =>
      expect(rescanLogs(events).slice(before)).toContainEqual({
        level: 'warning',
        message:
          `${dir}: 21 files of 30 seem to be gone (more than half of this folder); they are kept until you ` +
          'confirm their removal in Options → Storage',
      }),
    );
    expect(
      rescanLogs(events)
        .slice(before)
        .map((line) => line.message),
    ).toContainEqual(
      expect.stringMatching(/^Rescan done: 0 new, 0 changed, 0 removed, 21 gone but kept until confirmed/),
    );
  });

  it('keeps holding them, since the first time, while they stay gone', async () => {
    const since = (await filesOf(app, volumeId)).map((file) => file.missing_since);
    await rescan(app, volumeId);
    expect((await filesOf(app, volumeId)).map((file) => file.missing_since)).toEqual(since);
  });

  it('releases them once the files are back', async () => {
    move(away(), dir, gone);
    await rescan(app, volumeId);
    expect(await filesOf(app, volumeId)).toHaveLength(30);
    expect(await held(volumeId)).toEqual([]);
    expect((await storageVolume(volumeId))?.pending_gone_count).toBe(0);
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 1, is_accessible: 1 });
  });

  it('releases a held row whose file is back while the others stay held', async () => {
    move(dir, away(), gone);
    await rescan(app, volumeId);
    move(away(), dir, ['part-00.srt']);
    move(dir, away(), ['part-25.srt']);
    await rescan(app, volumeId);
    const expected = [...gone.filter((name) => name !== 'part-00.srt'), 'part-25.srt'].sort();
    expect((await held(volumeId)).sort()).toEqual(expected);
    move(away(), dir, ['part-25.srt']);
    move(dir, away(), ['part-00.srt']);
    await rescan(app, volumeId);
    expect((await held(volumeId)).sort()).toEqual([...gone].sort());
  });

  it('keeps the rows when the owner says Keep, and holds them no more', async () => {
    const before = storageEvents();
    const kept = await answer(volumeId, 'keep-gone');
    expect(kept).toEqual({ code: 200, body: { removed: 0, kept: 21 } });
    expect(StorageGoneResponse.parse(kept.body)).toEqual({ removed: 0, kept: 21 });
    expect(storageEvents()).toBe(before + 1);
    expect(await filesOf(app, volumeId)).toHaveLength(30);
    expect(await held(volumeId)).toEqual([]);
    expect((await storageVolume(volumeId))?.pending_gone_count).toBe(0);
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 1, is_accessible: 1 });

    const again = await answer(volumeId, 'keep-gone');
    expect(again.code).toBe(409);
    expect(ApiError.parse(again.body).message).toBe(`No files of ${dir} are waiting for confirmation`);
  });

  it('refuses to confirm while the folder is not mounted, and removes nothing', async () => {
    await rescan(app, volumeId);
    expect(await held(volumeId)).toHaveLength(21);
    renameSync(dir, `${dir}-unmounted`);
    mkdirSync(dir);
    try {
      const refused = await answer(volumeId, 'confirm-gone');
      expect(refused.code).toBe(409);
      expect(ApiError.parse(refused.body).message).toBe(
        `${dir} is not mounted (it is empty): its files cannot be checked, so none is removed`,
      );
      expect(await filesOf(app, volumeId)).toHaveLength(30);
      expect(await held(volumeId)).toHaveLength(21);
    } finally {
      renameSync(dir, `${dir}-empty`);
      renameSync(`${dir}-unmounted`, dir);
    }
  });

  it('removes exactly the held rows whose file is still gone when the owner confirms', async () => {
    // One of them came back after the rescan: it stays, and is released.
    move(away(), dir, ['part-03.srt']);
    const before = storageEvents();
    const confirmed = await answer(volumeId, 'confirm-gone');
    expect(confirmed).toEqual({ code: 200, body: { removed: 20, kept: 1 } });
    expect(storageEvents()).toBe(before + 1);
    const left = (await filesOf(app, volumeId)).map((file) => file.filename).sort();
    expect(left).toEqual(names.filter((name) => !gone.includes(name) || name === 'part-03.srt').sort());
    expect(await held(volumeId)).toEqual([]);
    expect((await storageVolume(volumeId))?.pending_gone_count).toBe(0);
    // The scene lost its only video, as the usual removal of a gone file does.
    expect(await sceneRow(app, sceneId)).toMatchObject({ is_available: 0, is_accessible: 0 });
    // Nothing on disk was touched.
    expect(readdirSync(dir).sort()).toEqual(left);
    expect(existsSync(join(away(), 'scene.mp4'))).toBe(true);

    const again = await answer(volumeId, 'confirm-gone');
    expect(again.code).toBe(409);
  });

  it('answers 404 for an unknown location and 400 for a body that is not an empty object', async () => {
    expect((await answer(999_999, 'confirm-gone')).code).toBe(404);
    expect((await answer(999_999, 'keep-gone')).code).toBe(404);
    expect((await answer(volumeId, 'confirm-gone', { all: true })).code).toBe(400);
  });
});

describe('a rescan that finds a smaller share gone', () => {
  it('removes the rows at once, as before', async () => {
    const { dir, names } = library('small', 30);
    const volumeId = await libraryFactory(app.database.db).volume({ path: dir });
    await rescan(app, volumeId);
    const removed = names.slice(0, 10);
    move(dir, join(parent, 'small-away'), removed);
    await rescan(app, volumeId);
    const rows = await filesOf(app, volumeId);
    expect(rows.map((file) => file.filename).sort()).toEqual(names.slice(10).sort());
    expect(rows.every((file) => file.missing_since === null)).toBe(true);
    expect((await storageVolume(volumeId))?.pending_gone_count).toBe(0);
  });

  it('removes 20 of 30 at once too (held only above 20)', async () => {
    const { dir, names } = library('twenty', 30);
    const volumeId = await libraryFactory(app.database.db).volume({ path: dir });
    await rescan(app, volumeId);
    move(dir, join(parent, 'twenty-away'), names.slice(0, 20));
    await rescan(app, volumeId);
    expect(await filesOf(app, volumeId)).toHaveLength(10);
  });
});
