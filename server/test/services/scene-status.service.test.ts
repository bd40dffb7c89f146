import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { SceneStatusRepository } from '../../src/repositories/scene-status.repository';
import { SceneStatusService } from '../../src/services/scene-status.service';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
let opened: OpenedDatabase;
let service: SceneStatusService;
let make: ReturnType<typeof libraryFactory>;

beforeAll(async () => {
  dir = makeTempDir();
  opened = openDatabase(join(dir, 'fovea.db'));
  await migrateToLatest({ opened, backupDir: join(dir, 'backups') });
  mkdirSync(join(dir, 'previews'));
  service = new SceneStatusService(
    new SceneStatusRepository(opened.db),
    join(dir, 'previews'),
    pino({ level: 'silent' }),
  );
  make = libraryFactory(opened.db);
});

afterAll(async () => {
  await opened.close();
  removeTempDir(dir);
});

function scene(id: number) {
  return opened.db.selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('SceneStatusService', () => {
  it('derives every status column from files, history, cast, cuepoints and previews', async () => {
    const mounted = await make.volume();
    const unmounted = await make.volume({ is_available: 0 });
    const id = await make.scene({ scene_id: 'owned-1', wishlist: 1 });
    await make.file({
      volume_id: mounted,
      scene_id: id,
      size: 5000,
      created_time: '2024-03-01T00:00:00.000Z',
    });
    await make.file({
      volume_id: unmounted,
      scene_id: id,
      size: 7000,
      created_time: '2024-04-01T00:00:00.000Z',
    });
    await make.file({ volume_id: mounted, scene_id: id, type: 'script', size: 10 });
    await make.file({ volume_id: mounted, scene_id: id, type: 'subtitles', size: 1 });
    await make.cast(id, await make.actor('Jane Doe'));
    await make.cast(id, await make.actor('aka:Jane Doe,J Doe'));
    await make.cuepoint(id);
    await make.cuepoint(id, 0);
    await make.history(id, 90.4);
    await make.history(id, 30);
    writeFileSync(join(dir, 'previews', 'owned-1.mp4'), 'x');

    const report = await service.refreshScenes([id]);

    expect(report).toEqual({ checked: 1, changed: 1 });
    expect(await scene(id)).toMatchObject({
      is_available: 1,
      is_accessible: 1,
      is_scripted: 1,
      total_file_size: 12011,
      video_file_count: 2,
      script_file_count: 1,
      hsp_file_count: 0,
      subtitles_file_count: 1,
      added_date: '2024-04-01T00:00:00.000Z',
      total_watch_time: 120,
      cast_count: 1,
      cuepoint_count: 2,
      hsp_cuepoint_count: 1,
      has_preview: 1,
      wishlist: 0,
    });
  });

  it('is not accessible when its only video is missing or on an unmounted volume', async () => {
    const unmounted = await make.volume({ is_available: 0 });
    const mounted = await make.volume();
    const offline = await make.scene();
    await make.file({ volume_id: unmounted, scene_id: offline });
    const missing = await make.scene();
    await make.file({ volume_id: mounted, scene_id: missing, missing_since: '2024-05-01T00:00:00.000Z' });
    await service.refreshScenes([offline, missing]);
    expect(await scene(offline)).toMatchObject({ is_available: 1, is_accessible: 0 });
    expect(await scene(missing)).toMatchObject({ is_available: 1, is_accessible: 0 });
  });

  it('resets a scene whose files went away, and leaves unchanged scenes untouched', async () => {
    const volume = await make.volume();
    const id = await make.scene();
    const file = await make.file({ volume_id: volume, scene_id: id });
    await service.refreshScenes([id]);
    const stable = await scene(id);
    expect(await service.refreshScenes([id])).toEqual({ checked: 1, changed: 0 });
    expect((await scene(id)).updated_at).toBe(stable.updated_at);

    await opened.db.deleteFrom('files').where('id', '=', file).execute();
    await service.refreshScenes([id]);
    expect(await scene(id)).toMatchObject({
      is_available: 0,
      is_accessible: 0,
      total_file_size: 0,
      added_date: null,
    });
  });

  it('refreshes every scene in batches and reports progress', async () => {
    const volume = await make.volume();
    const ids: number[] = [];
    for (let i = 0; i < 1203; i++) ids.push(await make.scene());
    for (const id of ids.filter((_, i) => i % 2 === 0)) await make.file({ volume_id: volume, scene_id: id });
    const batches: number[] = [];
    let total = 0;
    const report = await service.refreshAll({
      onTotal: (n) => (total = n),
      onBatch: (checked) => batches.push(checked),
    });
    const counted = await opened.db
      .selectFrom('scenes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(counted.n));
    expect(report.checked).toBe(total);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(total);
    expect(batches.length).toBeGreaterThan(2);
    expect(await scene(ids[0] ?? 0)).toMatchObject({ is_available: 1 });
    expect(await scene(ids[1] ?? 0)).toMatchObject({ is_available: 0 });
  });
});
