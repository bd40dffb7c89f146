import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeovrOptions, Options } from '@fovea/contract';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';

export async function setDeovr(app: FoveaApp, patch: Partial<DeovrOptions>): Promise<void> {
  await app.options.update((options: Options) => ({
    ...options,
    interfaces: { ...options.interfaces, deovr: { ...options.interfaces.deovr, ...patch } },
  }));
}

/** Replaces the saved searches shown in players with the given ones (scene type unless said). */
export async function setDeoSections(
  app: FoveaApp,
  sections: { name: string; ordering: number; params: string; type?: 'scene' | 'actor' }[],
): Promise<void> {
  const db = app.database.db;
  await db.updateTable('playlists').set({ is_deo_enabled: 0 }).execute();
  for (const section of sections) {
    await db
      .insertInto('playlists')
      .values({
        name: section.name,
        ordering: section.ordering,
        is_deo_enabled: 1,
        playlist_type: section.type ?? 'scene',
        search_params: section.params,
      })
      .execute();
  }
}

export interface DeoLibrarySeed {
  one: number;
  oneSceneId: string;
  flat: number;
  hidden: number;
  missing: number;
  videoOne: number;
  spatialOne: number;
  scriptOne: number;
  hspOne: number;
  flatVideo: number;
  unmatched: number;
  actorId: number;
  tagId: number;
}

/**
 * "Scene: One" (favourite, 180° SBS hevc video + an fb360 spatial file, a funscript, an HSP file, one actor,
 * one tag, simple and HSP cuepoints, a preview clip), a flat scene with passthrough settings, a hidden scene,
 * a scene without files, an unmatched video and an unmatched video on an unavailable volume.
 */
export async function seedDeoLibrary(app: FoveaApp): Promise<DeoLibrarySeed> {
  const f = libraryFactory(app.database.db);
  const volume = await f.volume();
  const offline = await f.volume({ is_available: 0 });
  const one = await f.scene({
    title: 'Scene: One',
    site: 'SiteX',
    synopsis: 'About one',
    cover_url: 'https://cdn.example/one.jpg',
    release_date: '2024-05-01',
    star_rating: 4.5,
    favourite: 1,
    watchlist: 1,
    duration: 12,
  });
  const videoOne = await f.file({
    volume_id: volume,
    scene_id: one,
    filename: 'a-one.mp4',
    projection: '180_sbs',
    video_width: 5760,
    video_height: 2880,
    video_codec_name: 'hevc',
    duration: 600.4,
    size: 9_100_000_000,
  });
  const spatialOne = await f.file({
    volume_id: volume,
    scene_id: one,
    filename: 'a-one-fb360.mp4',
    projection: '180_sbs',
    video_width: 10,
    video_height: 10,
    size: 5000,
  });
  const scriptOne = await f.file({
    volume_id: volume,
    scene_id: one,
    type: 'script',
    filename: 'one.funscript',
  });
  await f.file({ volume_id: volume, scene_id: one, type: 'script', filename: 'one.csv' });
  const hspOne = await f.file({ volume_id: volume, scene_id: one, type: 'hsp', filename: 'a-one.hsp' });
  const actorId = await f.actor('Jane Doe');
  await f.cast(one, actorId);
  const tagId = await f.tag('pov');
  await f.tagScene(one, 'pov');
  await f.cuepoint(one, null, { name: 'kiss', time_start: 30.7 });
  await f.cuepoint(one, null, { name: 'intro', time_start: 2 });
  await f.cuepoint(one, 0, { name: 'hsp-only', time_start: 1, time_end: 5 });

  const flat = await f.scene({
    title: 'Flat',
    release_date: '2023-01-01',
    cover_url: '',
    chroma_key: '{"enabled":"true","hasAlpha":"true","h":40,"opacity":1,"s":2,"threshold":3,"v":4}',
  });
  const flatVideo = await f.file({
    volume_id: volume,
    scene_id: flat,
    filename: 'flat.mp4',
    projection: 'flat',
    video_width: 1920,
    video_height: 1080,
    duration: 90,
  });
  const hidden = await f.scene({ title: 'Hidden', is_hidden: 1 });
  await f.file({ volume_id: volume, scene_id: hidden, filename: 'hidden.mp4' });
  const missing = await f.scene({ title: 'Missing' });
  const unmatched = await f.file({
    volume_id: volume,
    filename: 'loose.mp4',
    projection: '360_tb',
    video_width: 4096,
    video_height: 4096,
    duration: 61.6,
    size: 2_500_000,
    created_time: '2024-02-03T04:05:06.000Z',
  });
  await f.file({ volume_id: offline, filename: 'offline.mp4' });

  const oneSceneId = (
    await app.database.db
      .selectFrom('scenes')
      .select('scene_id')
      .where('id', '=', one)
      .executeTakeFirstOrThrow()
  ).scene_id;
  writeFileSync(join(app.paths.previews, `${oneSceneId}.mp4`), 'clip');
  await app.sceneStatus.refreshScenes([one, flat, hidden, missing]);
  return {
    one,
    oneSceneId,
    flat,
    hidden,
    missing,
    videoOne,
    spatialOne,
    scriptOne,
    hspOne,
    flatVideo,
    unmatched,
    actorId,
    tagId,
  };
}

/** A scene filter (saved-search params) selecting every scene, in release order. */
export const ALL_SCENES = JSON.stringify({ dlState: 'any', lists: [], sort: 'release_desc' });
export const FAVOURITES = JSON.stringify({
  dlState: 'available',
  lists: ['favourite'],
  sort: 'release_desc',
});
