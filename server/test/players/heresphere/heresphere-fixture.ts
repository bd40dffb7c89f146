import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HeresphereOptions, Options } from '@fovea/contract';
import type { FoveaApp } from '../../../src/app';
import { groupsFactory } from '../../factories/groups.factory';
import { libraryFactory } from '../../factories/library.factory';
import { makeTempDir } from '../../helpers/temp-dir';

export const HEADER = 'heresphere-json-version';

/** Every HereSphere permission off (the defaults) or as given. */
export async function setHeresphere(app: FoveaApp, patch: Partial<HeresphereOptions>): Promise<void> {
  await app.options.update((options) => ({
    ...options,
    interfaces: {
      ...options.interfaces,
      heresphere: { ...options.interfaces.heresphere, ...patch },
    },
  }));
}

export async function setOptions(app: FoveaApp, change: (options: Options) => Options): Promise<void> {
  await app.options.update(change);
}

export const ALL_WRITES: Partial<HeresphereOptions> = {
  allow_file_deletes: true,
  allow_rating_updates: true,
  allow_favorite_updates: true,
  allow_hsp_data: true,
  allow_tag_updates: true,
  allow_cuepoint_updates: true,
  allow_watchlist_updates: true,
};

export interface SeededScene {
  id: number;
  sceneId: string;
  folder: string;
  videoIds: number[];
  fileIds: number[];
}

/**
 * A scene as a headset sees it: two videos (180° SBS 5760x2880 named to sort first, and a flat one) in a real
 * folder, a funscript, German subtitles and an HSP file, two cast members (one in an aka group), a tag in a
 * tag group, two simple cuepoints; available, so the seeded "Recent" saved search lists it.
 */
export async function seedScene(app: FoveaApp, values: { title?: string; favourite?: number } = {}) {
  const db = app.database.db;
  const f = libraryFactory(db);
  const groups = groupsFactory(db);
  const root = makeTempDir('fovea-heresphere-');
  const folder = join(root, 'videos');
  mkdirSync(folder, { recursive: true });
  const volume = await f.volume({ path: root });
  const id = await f.scene({
    title: values.title ?? 'Scene: One',
    site: 'SiteX',
    synopsis: 'About one',
    cover_url: 'https://cdn.example/one.jpg',
    release_date: '2024-05-01',
    star_rating: 4,
    favourite: values.favourite ?? 1,
    duration: 12,
  });
  const row = await db.selectFrom('scenes').select('scene_id').where('id', '=', id).executeTakeFirstOrThrow();
  const file = (filename: string, extra: Parameters<typeof f.file>[0]) => {
    writeFileSync(join(folder, filename), 'x');
    return f.file({ ...extra, path: folder, filename });
  };
  const sbs = await file('a-one.mp4', {
    volume_id: volume,
    scene_id: id,
    projection: '180_sbs',
    video_width: 5760,
    video_height: 2880,
    video_avgfps_val: 59.94,
    duration: 600,
    size: 9_100_000_000,
  });
  const flat = await file('b-one.mp4', {
    volume_id: volume,
    scene_id: id,
    projection: 'flat',
    video_width: 1920,
    video_height: 1080,
    duration: 600,
    size: 820_400_000,
  });
  const script = await file('a-one.funscript', { volume_id: volume, scene_id: id, type: 'script' });
  const subtitle = await file('a-one.de.srt', { volume_id: volume, scene_id: id, type: 'subtitles' });
  const existing = async (name: string) =>
    (await db.selectFrom('actors').select('id').where('name', '=', name).executeTakeFirst())?.id;
  const firstTime = (await existing('Jane Doe')) === undefined;
  const jane = (await existing('Jane Doe')) ?? (await f.actor('Jane Doe', { cup_size: 'D' }));
  const ann = (await existing('Ann')) ?? (await f.actor('Ann'));
  await f.cast(id, jane);
  await f.cast(id, ann);
  await f.tagScene(id, 'blonde');
  if (firstTime) {
    await groups.aka('Jane Doe,Janey', [jane, await f.actor('Janey')]);
    await groups.tagGroup('Hair', [await f.tag('blonde')]);
  }
  await f.cuepoint(id, null, { name: 'standing-blowjob', time_start: 10 });
  await f.cuepoint(id, null, { name: 'cowgirl-Jane Doe', time_start: 100 });
  await app.sceneStatus.refreshScenes([id]);
  return {
    id,
    sceneId: row.scene_id,
    folder,
    videoIds: [sbs, flat],
    fileIds: [sbs, flat, script, subtitle],
  } satisfies SeededScene;
}
