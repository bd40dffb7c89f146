import { SEED_CUEPOINTS } from '../../../server/src/db/migrations/0001-initial-schema.seeds';
import type { CatalogueRow } from '../../../server/src/repositories/bulk-insert.repository';
import type { Prng } from './prng';
import { randomTime } from './prng';
import type { SceneFacts } from './scenes';

export const VOLUMES: CatalogueRow<'volumes'>[] = [
  { id: 1, type: 'local', path: '/library/vr', is_enabled: 1, is_available: 1 },
  // An offline archive drive: its scenes are downloaded but not accessible.
  { id: 2, type: 'local', path: '/mnt/archive', is_enabled: 1, is_available: 0 },
];

const END = '2026-06-30';
const iso = (time: number): string => new Date(time).toISOString();

/** Watch sessions on about a tenth of the scenes (mostly owned ones), and each scene's last-opened time. */
export function makeHistory(
  prng: Prng,
  facts: SceneFacts[],
  owned: number[],
  rows: number,
): { rows: CatalogueRow<'histories'>[]; lastOpened: Map<number, string> } {
  const history: CatalogueRow<'histories'>[] = [];
  const lastOpened = new Map<number, string>();
  while (history.length < rows) {
    const sceneId = prng.chance(0.8) && owned.length > 0 ? prng.pick(owned) : prng.int(1, facts.length);
    const fact = facts[sceneId - 1];
    if (!fact || lastOpened.has(sceneId)) continue;
    const from = iso(Math.max(Date.parse('2020-01-01'), fact.release ? Date.parse(fact.release) : 0));
    const sessions = Math.min(prng.int(1, 5), rows - history.length);
    let latest = '';
    for (let s = 0; s < sessions; s++) {
      const start = randomTime(prng, from, END, 1.5);
      const seconds = prng.int(60, Math.max(120, fact.duration * 60));
      history.push({
        scene_id: sceneId,
        time_start: iso(start),
        time_end: iso(start + seconds * 1000),
        duration: seconds,
        created_at: iso(start + seconds * 1000),
        updated_at: iso(start + seconds * 1000),
      });
      if (iso(start) > latest) latest = iso(start);
    }
    lastOpened.set(sceneId, latest);
  }
  return { rows: history, lastOpened };
}

interface FileMix {
  unmatched: number;
  video: number;
  script: number;
  hsp: number;
  subtitles: number;
}

function fileMix(total: number): FileMix {
  const unmatched = Math.round(total * 0.1);
  const matched = total - unmatched;
  const video = Math.round(matched * 0.75);
  const script = Math.round(matched * 0.2);
  const hsp = Math.round(matched * 0.022);
  return { unmatched, video, script, hsp, subtitles: Math.max(0, matched - video - script - hsp) };
}

/** Scenes that will have a video file: chosen up front so history and cuepoints can prefer them. */
export function pickOwnedScenes(prng: Prng, sceneCount: number, fileCount: number): number[] {
  const videoScenes = Math.round(fileMix(fileCount).video / 1.12);
  return prng.distinct(Math.min(videoScenes, sceneCount), sceneCount).map((index) => index + 1);
}

const PROJECTIONS: [projection: string, weight: number][] = [
  ['180_sbs', 0.55],
  ['fisheye190', 0.15],
  ['mkx200', 0.1],
  ['360_tb', 0.05],
  ['flat', 0.05],
  ['fisheye', 0.04],
  ['mkx220', 0.03],
  ['vrca220', 0.02],
  ['rf52', 0.01],
];
const FOV: Record<string, number> = {
  '180_sbs': 180,
  fisheye: 180,
  fisheye190: 190,
  rf52: 190,
  mkx200: 200,
  mkx220: 220,
  vrca220: 220,
  '360_tb': 360,
  flat: 0,
};
const WIDTHS = [3840, 4096, 5120, 5760, 6144, 7200, 8192];

function weighted<T>(prng: Prng, options: [T, number][]): T {
  let target = prng.next() * options.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of options) {
    target -= weight;
    if (target <= 0) return value;
  }
  return (options[0] as [T, number])[0];
}

function videoFile(prng: Prng, fact: SceneFacts | null, base: string): Partial<CatalogueRow<'files'>> {
  const projection = weighted(prng, PROJECTIONS);
  const flat = projection === 'flat';
  const width = flat ? prng.pick([1920, 3840]) : prng.pick(WIDTHS);
  const height = flat ? (width * 9) / 16 : projection.endsWith('_tb') ? width : width / 2;
  const fps = prng.chance(0.62) ? 60 : 30;
  const seconds = (fact?.duration ?? prng.int(20, 60)) * 60 + prng.int(-30, 30);
  const bitrate = Math.round(width * prng.int(5_000, 10_000));
  const k = Math.floor((width * (projection.endsWith('_tb') ? 2 : 1) + 500) / 1000);
  return {
    filename: `${base}_${k}K_${flat ? '2D' : projection.toUpperCase()}.mp4`,
    type: 'video',
    size: Math.round((bitrate * seconds) / 8),
    oshash: prng.hex(16),
    video_width: width,
    video_height: height,
    video_bitrate: bitrate,
    video_avg_frame_rate: `${fps}/1`,
    video_avgfps_val: fps,
    video_codec_name: weighted(prng, [
      ['hevc', 0.7],
      ['h264', 0.2],
      ['av1', 0.1],
    ]),
    duration: seconds,
    projection,
    stereo_mode: flat ? 'mono' : projection.endsWith('_tb') ? 'tb' : 'sbs',
    fov: FOV[projection] ?? 180,
    has_alpha: !flat && prng.chance(0.02) ? 1 : 0,
  };
}

/** Files of the owned scenes on the two volumes, scripts (some script-only scenes), HSP, subtitles, and strays. */
export function makeFiles(
  prng: Prng,
  facts: SceneFacts[],
  owned: number[],
  total: number,
): CatalogueRow<'files'>[] {
  const mix = fileMix(total);
  const files: CatalogueRow<'files'>[] = [];
  const volumeOf = new Map<number, number>();
  const add = (sceneId: number | null, values: Partial<CatalogueRow<'files'>>, volume?: number) => {
    const fact = sceneId === null ? null : facts[sceneId - 1];
    const volumeId = volume ?? (sceneId !== null ? (volumeOf.get(sceneId) ?? 1) : 1);
    const from = fact?.release ?? '2019-01-01';
    const created = iso(randomTime(prng, from < '2018-01-01' ? '2018-01-01' : from, END, 1.3));
    files.push({
      type: 'video',
      volume_id: volumeId,
      path: `${volumeId === 1 ? '/library/vr' : '/mnt/archive'}/${fact?.site.name ?? 'unsorted'}`,
      filename: 'unnamed',
      created_time: created,
      updated_time: created,
      scene_id: sceneId,
      ...values,
    });
  };

  for (let i = 0; i < mix.video; i++) {
    const sceneId = i < owned.length ? (owned[i] as number) : prng.pick(owned);
    if (!volumeOf.has(sceneId)) volumeOf.set(sceneId, prng.chance(0.15) ? 2 : 1);
    const fact = facts[sceneId - 1] ?? null;
    const part = i < owned.length ? '' : `_part${i}`;
    add(sceneId, videoFile(prng, fact, `${fact?.base ?? sceneId}${part}`));
  }
  const scripted = new Set<number>();
  for (let i = 0; i < mix.script; i++) {
    const sceneId = prng.chance(0.85) ? prng.pick(owned) : prng.int(1, facts.length);
    const second = scripted.has(sceneId);
    scripted.add(sceneId);
    const base = facts[sceneId - 1]?.base ?? String(sceneId);
    add(sceneId, {
      filename: `${base}${second ? `.alt${i}` : ''}.funscript`,
      type: 'script',
      size: prng.int(10_000, 400_000),
      is_selected_script: second ? 0 : 1,
      has_heatmap: prng.chance(0.5) ? 1 : 0,
    });
  }
  for (const [type, count, extension] of [
    ['hsp', mix.hsp, 'hsp'],
    ['subtitles', mix.subtitles, 'srt'],
  ] as const) {
    for (const sceneId of prng.distinct(count, owned.length).map((i) => owned[i] as number)) {
      const base = facts[sceneId - 1]?.base ?? String(sceneId);
      add(sceneId, { filename: `${base}.${extension}`, type, size: prng.int(1_000, 60_000) });
    }
  }
  for (let i = 0; i < mix.unmatched; i++) {
    const stray = `unsorted-${prng.hex(8)}-${i}`;
    add(
      null,
      prng.chance(0.8)
        ? videoFile(prng, null, stray)
        : { filename: `${stray}.funscript`, type: 'script', size: prng.int(10_000, 200_000) },
      prng.chance(0.15) ? 2 : 1,
    );
  }
  return files;
}

/** Cuepoints (position-action names from the cuepoint vocabulary) on about 15% of the scenes. */
export function makeCuepoints(
  prng: Prng,
  facts: SceneFacts[],
  owned: number[],
  rows: number,
): CatalogueRow<'scene_cuepoints'>[] {
  const { positions, actions } = SEED_CUEPOINTS;
  const cuepoints: CatalogueRow<'scene_cuepoints'>[] = [];
  const done = new Set<number>();
  while (cuepoints.length < rows && done.size < facts.length) {
    const sceneId = prng.chance(0.7) && owned.length > 0 ? prng.pick(owned) : prng.int(1, facts.length);
    if (done.has(sceneId)) continue;
    done.add(sceneId);
    const seconds = (facts[sceneId - 1]?.duration ?? 30) * 60;
    const count = Math.min(prng.int(1, 7), rows - cuepoints.length);
    const tracks = prng.chance(0.1);
    for (let c = 0; c < count; c++) {
      const position = prng.pick(positions);
      const action = prng.pick(actions);
      const kind = prng.next();
      const name = kind < 0.6 ? `${position}-${action}` : kind < 0.9 ? action : position;
      const start = Math.round(((c + prng.next() * 0.8) / count) * seconds * 10) / 10;
      cuepoints.push({
        scene_id: sceneId,
        track: tracks ? c % 2 : null,
        name,
        time_start: start,
        time_end: tracks || prng.chance(0.3) ? start + prng.int(20, 240) : null,
        rating: prng.chance(0.1) ? prng.int(1, 5) : 0,
      });
    }
  }
  return cuepoints;
}
