import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import type { FoveaApp } from '../../src/app';
import type { FilesTable } from '../../src/db/schema';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { NamedScenes } from './scene-list-client';

/*
 * The library of list-attributes.test.ts, built in groups of one site each (files, flags, ratings, cues,
 * cast, origin, links): each group holds scenes that have, and scenes that lack, the attributes it tests.
 * Status columns come from the rows through sceneStatus.refreshScenes; the preview through a clip file.
 */

export interface AttributeLibrary {
  scenes: NamedScenes;
  /** The scene names of each group (site). */
  groups: Map<string, string[]>;
}

type SceneValues = Parameters<ReturnType<typeof libraryFactory>['scene']>[0];

export async function buildAttributeLibrary(app: FoveaApp): Promise<AttributeLibrary> {
  const scenes = new NamedScenes();
  const groups = new Map<string, string[]>();
  const db = app.database.db;
  const make = libraryFactory(db);
  const refs = extrefFactory(db);
  const scene = async (group: string, name: string, values: SceneValues = {}) => {
    groups.set(group, [...(groups.get(group) ?? []), name]);
    return scenes.add(name, await make.scene({ title: name, site: group, ...values }));
  };

  // ---- files: counts, projections, passthrough, availability, resolution, frame rate, codec ----
  const online = await make.volume({ is_available: 1 });
  const offline = await make.volume({ is_available: 0 });
  const video = (
    sceneId: number,
    projection: string,
    width: number,
    fps = 0,
    codec = '',
    values: Partial<Insertable<FilesTable>> = {},
  ) =>
    make.file({
      volume_id: online,
      scene_id: sceneId,
      projection,
      video_width: width,
      video_height: Math.round(width / 2),
      video_avgfps_val: fps,
      video_codec_name: codec,
      ...values,
    });
  const other = (sceneId: number, type: 'script' | 'hsp' | 'subtitles') =>
    make.file({
      volume_id: online,
      scene_id: sceneId,
      type,
      filename: `${type}-${sceneId}-${Math.random()}`,
    });

  await scene('files', 'f_none');
  const two = await scene('files', 'f_two');
  await video(two, 'flat', 1920, 30, 'h264');
  await video(two, 'flat', 1920, 30, 'h264');
  await video(await scene('files', 'f_sbs'), '180_sbs', 7680, 59.94, 'hevc');
  const mkx200 = await scene('files', 'f_mkx200');
  await video(mkx200, 'mkx200', 5760, 60, 'hevc');
  await other(mkx200, 'script');
  await other(mkx200, 'script');
  const tb = await scene('files', 'f_tb');
  await video(tb, '360_tb', 3840, 29.97, 'h264');
  await other(tb, 'script');
  await other(tb, 'hsp');
  await other(tb, 'subtitles');
  await video(await scene('files', 'f_mono'), '180_mono', 4096, 25, 'vp9');
  await video(await scene('files', 'f_rf52'), 'rf52', 4500, 50, 'hevc');
  await video(await scene('files', 'f_fisheye'), 'fisheye', 4000);
  await video(await scene('files', 'f_fish190'), 'fisheye190', 4499);
  await video(await scene('files', 'f_mkx220'), 'mkx220', 6000);
  await video(await scene('files', 'f_vrca'), 'vrca220', 6000);
  await video(await scene('files', 'f_360mono'), '360_mono', 3840);
  await video(await scene('files', 'f_alpha'), '180_sbs', 5760, 0, '', { has_alpha: 1 });
  await scene('files', 'f_chroma', { chroma_key: '{"hasAlpha":true,"keyColor":"#00ff00"}' });
  // On an unmounted volume: available but not accessible ("Missing"); 180_tb doubles the width too.
  await video(await scene('files', 'f_offline'), '180_tb', 2880, 0, '', { volume_id: offline });
  await other(await scene('files', 'f_scriptonly'), 'script');
  // An unmatched file counts for nobody.
  await make.file({ volume_id: online, projection: 'mkx200', video_width: 7000, video_codec_name: 'av1' });

  // ---- flags of the scene ----
  await scene('flags', 'g_plain');
  await scene('flags', 'g_fav', { favourite: 1 });
  await scene('flags', 'g_watch', { watchlist: 1 });
  await scene('flags', 'g_favwatch', { favourite: 1, watchlist: 1 });
  await scene('flags', 'g_wish', { wishlist: 1 });
  await scene('flags', 'g_trailer', { trailerlist: 1 });
  await scene('flags', 'g_sub', { is_subscribed: 1 });
  await scene('flags', 'g_preview', { scene_id: 'preview-clip-1' });
  writeFileSync(join(app.paths.previews, 'preview-clip-1.mp4'), 'not really a video');

  // ---- ratings ----
  await scene('ratings', 'r0');
  for (const rating of [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]) {
    await scene('ratings', `r${rating}`, { star_rating: rating });
  }

  // ---- cuepoints ----
  await scene('cues', 'q_none');
  await make.cuepoint(await scene('cues', 'q_simple'), null);
  await make.cuepoint(await scene('cues', 'q_hsp'), 2, { time_end: 20 });
  const both = await scene('cues', 'q_both');
  await make.cuepoint(both, null);
  await make.cuepoint(both, 1, { time_end: 30 });

  // ---- cast: sizes, cup sizes, favourite and watchlist actors ----
  const favActor = await make.actor('Fav Actor', { favourite: 1, gender: 'female', cup_size: 'C' });
  const watchActor = await make.actor('Watched Actor', { watchlist: 1, gender: 'male' });
  const noCup = await make.actor('No Cup', { gender: 'female', cup_size: '' });
  const aaCup = await make.actor('AA Cup', { gender: 'female', cup_size: 'AA' });
  const aCup = await make.actor('A Cup', { gender: 'female', cup_size: 'A' });
  const bCup = await make.actor('B Cup', { gender: 'female', cup_size: 'B' });
  const extras: number[] = [];
  for (let i = 1; i <= 6; i++)
    extras.push(await make.actor(`Extra ${i}`, { gender: 'female', cup_size: 'D' }));
  const castScene = async (name: string, actors: number[]) => {
    const id = await scene('cast', name);
    for (const actor of actors) await make.cast(id, actor);
  };
  await castScene('k0', []);
  await castScene('k1', [noCup]);
  await castScene('k2', [aaCup, favActor]);
  await castScene('k3', [aCup, watchActor, ...extras.slice(0, 1)]);
  await castScene('k4', [bCup, ...extras.slice(0, 3)]);
  await castScene('k5', extras.slice(0, 5));
  await castScene('k6', extras);
  await castScene('k7', [...extras, favActor]);

  // ---- scraper origin (scene_id prefix) and cover image ----
  await scene('origin', 'o_povr', { scene_id: 'povr-100', cover_url: 'https://img.example.com/c.jpg' });
  await scene('origin', 'o_slr', { scene_id: 'slr-100', cover_url: 'http://localhost/dont_cause_errors' });
  await scene('origin', 'o_vrphub', { scene_id: 'vrphub-100', cover_url: 'https://img.example.com/d.jpg' });
  await scene('origin', 'o_vrporn', { scene_id: 'vrporn-100' });
  await scene('origin', 'o_realvr', { scene_id: 'realvr-100' });
  await scene('origin', 'o_other', { scene_id: 'wankzvr-100' });
  await scene('origin', 'o_near', { scene_id: 'povrx-100' });

  // ---- external links: stash, alternate sites and their scripts ----
  for (const [id, name] of [
    ['povr-alt', 'Studio (POVR)'],
    ['slr-alt', 'Studio (SLR)'],
    ['vrporn-alt', 'Studio (VRPorn)'],
    ['realvr-alt', 'Studio (RealVR)'],
    ['plain-alt', 'Studio'],
  ] as const) {
    await refs.site(id, { name, master_site_id: 'studio' });
  }
  const linkTo = async (sceneId: number, referenceId: number, matchType = 10000) =>
    refs.link(referenceId, { internal_db_id: sceneId, match_type: matchType });
  await scene('links', 'l_none');
  await linkTo(
    await scene('links', 'l_stash'),
    await refs.reference({ external_source: 'stashdb scene', external_id: 'stash-1' }),
    10,
  );
  await linkTo(
    await scene('links', 'l_povr'),
    await refs.alternateScene('povr-alt', 'a1', { udf_bool1: 1, udf_datetime1: '2024-03-01T00:00:00.000Z' }),
  );
  await linkTo(await scene('links', 'l_slr'), await refs.alternateScene('slr-alt', 'a2', { udf_bool2: 1 }));
  await linkTo(await scene('links', 'l_vrporn'), await refs.alternateScene('vrporn-alt', 'a3'));
  await linkTo(await scene('links', 'l_realvr'), await refs.alternateScene('realvr-alt', 'a4'));
  const multi = await scene('links', 'l_multi');
  await linkTo(multi, await refs.alternateScene('slr-alt', 'a5'));
  await linkTo(multi, await refs.alternateScene('slr-alt', 'a6'));
  await linkTo(await scene('links', 'l_plainalt'), await refs.alternateScene('plain-alt', 'a7'));
  // Links the user deleted (match_type -1) count for nothing.
  const deleted = await scene('links', 'l_deleted');
  await linkTo(
    deleted,
    await refs.alternateScene('povr-alt', 'a8', {
      udf_bool1: 1,
      udf_bool2: 1,
      udf_datetime1: '2024-04-01T00:00:00.000Z',
    }),
    -1,
  );
  await linkTo(
    deleted,
    await refs.reference({ external_source: 'stashdb scene', external_id: 'stash-2' }),
    -1,
  );
  await scene('links', 'l_own', {
    script_published: '2024-02-01T00:00:00.000Z',
    human_script: 1,
    ai_script: 1,
  });

  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));
  return { scenes, groups };
}
