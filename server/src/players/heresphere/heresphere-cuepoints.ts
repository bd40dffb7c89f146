import type { Cuepoint, HeresphereTag } from '@fovea/contract';
import type { NewCuepoint } from '../../repositories/scene-write.repository';

export interface CuepointTagOptions {
  /** Position and action parts of a simple cuepoint's name on tracks of their own. */
  multitrack: boolean;
  /** Parts naming a cast member on a track per actor (as "Talent:<name>"). */
  multitrackCast: boolean;
  castNames: readonly string[];
  /** The video's length; the last simple cuepoint ends there. */
  durationMs: number;
}

const TALENT = 'Talent:';
const ms = (seconds: number) => Math.round(seconds * 1000);

interface Segment {
  track: string;
  name: string;
  start: number;
  end: number;
  rating: number;
}

/** The tracks a simple cuepoint's name goes to ("standing-blowjob-Jane" → standing / blowjob / Jane). */
function split(name: string, options: CuepointTagOptions, cast: Map<string, string>): [string, string][] {
  const parts = name
    .split('-')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const result: [string, string][] = [];
  const rest: string[] = [];
  for (const part of parts) {
    const actor = options.multitrackCast ? cast.get(part.toLowerCase()) : undefined;
    if (actor === undefined) rest.push(part);
    else result.push([`cast:${actor}`, `${TALENT}${actor}`]);
  }
  if (!options.multitrack) {
    if (rest.length > 0) result.unshift(['main', rest.join('-')]);
    return result;
  }
  const [position, ...action] = rest;
  if (action.length > 0) result.unshift(['action', action.join('-')]);
  if (position !== undefined) result.unshift(['position', position]);
  return result;
}

/** Consecutive segments of one track with the same name, touching, become one. */
function merge(segments: Segment[]): Segment[] {
  const last = new Map<string, Segment>();
  const result: Segment[] = [];
  for (const segment of segments) {
    const previous = last.get(segment.track);
    if (previous && previous.name === segment.name && segment.start - previous.end <= 1) {
      previous.end = Math.max(previous.end, segment.end);
      continue;
    }
    const copy = { ...segment };
    last.set(segment.track, copy);
    result.push(copy);
  }
  return result;
}

/**
 * A scene's cuepoints as HereSphere tags (xbvr-facts §3.11). HereSphere (multi-track) cuepoints, when the scene
 * has any, are sent as they are. Otherwise the simple cuepoints become segments: each ends 1 ms before the next
 * starts (the last at the end of the video), on track 0, or with `multitrack` the name's first part (the
 * position) on one track and the rest (the action) on the next, and with `multitrackCast` the parts naming a
 * cast member on a track per actor. Tracks are numbered in that order, empty ones skipped.
 */
export function cuepointTags(cuepoints: readonly Cuepoint[], options: CuepointTagOptions): HeresphereTag[] {
  const hsp = cuepoints.filter((cuepoint) => cuepoint.track !== null && cuepoint.track !== undefined);
  if (hsp.length > 0) {
    return [...hsp]
      .sort((a, b) => (a.track ?? 0) - (b.track ?? 0) || a.time_start - b.time_start)
      .map((cuepoint) => ({
        name: cuepoint.name,
        start: ms(cuepoint.time_start),
        end: ms(Math.max(cuepoint.time_end ?? cuepoint.time_start, cuepoint.time_start)),
        track: cuepoint.track ?? 0,
        rating: cuepoint.rating,
      }));
  }
  const cast = new Map(options.castNames.map((name) => [name.toLowerCase(), name]));
  const simple = [...cuepoints].sort((a, b) => a.time_start - b.time_start);
  const segments: Segment[] = [];
  simple.forEach((cuepoint, index) => {
    const start = ms(cuepoint.time_start);
    const next = simple[index + 1];
    const end = Math.max(start, next === undefined ? options.durationMs : ms(next.time_start) - 1);
    for (const [track, name] of split(cuepoint.name, options, cast)) {
      segments.push({ track, name, start, end, rating: cuepoint.rating });
    }
  });
  const order = ['main', 'position', 'action', ...options.castNames.map((name) => `cast:${name}`)];
  const used = order.filter((track) => segments.some((segment) => segment.track === track));
  return merge(segments)
    .map((segment) => ({
      name: segment.name,
      start: segment.start,
      end: segment.end,
      track: used.indexOf(segment.track),
      rating: segment.rating,
    }))
    .sort((a, b) => a.track - b.track || a.start - b.start);
}

/** Whether a Talent: tag covers the whole video (a cast tag, not a cuepoint). */
function spansVideo(tag: HeresphereTag, durationMs: number): boolean {
  if (tag.start === undefined) return true;
  const end = tag.end ?? durationMs;
  return tag.start <= 0 && (durationMs <= 0 || end >= durationMs - 1000);
}

/**
 * The HereSphere cuepoints a written tag list holds (xbvr-facts §3.11 write-back): tags with a start and no
 * prefix, and Talent: tags that do not span the whole video (the prefix stripped). Tracks are renumbered from
 * 0 in their order; times become seconds; an end before the start becomes the start.
 */
export function cuepointsFromTags(tags: readonly HeresphereTag[], durationMs: number): NewCuepoint[] {
  const picked: { track: number; name: string; start: number; end: number; rating: number }[] = [];
  for (const tag of tags) {
    if (tag.start === undefined || !Number.isFinite(tag.start)) continue;
    let name: string;
    if (!tag.name.includes(':')) name = tag.name.trim();
    else if (tag.name.startsWith(TALENT) && !spansVideo(tag, durationMs)) {
      name = tag.name.slice(TALENT.length).trim();
    } else continue;
    if (name === '') continue;
    const start = Math.max(0, tag.start);
    const end = Math.max(start, tag.end !== undefined && Number.isFinite(tag.end) ? tag.end : start);
    const rating = Math.min(5, Math.max(0, tag.rating ?? 0));
    picked.push({ track: tag.track ?? 0, name, start, end, rating });
  }
  const tracks = [...new Set(picked.map((entry) => entry.track))].sort((a, b) => a - b);
  return picked
    .sort((a, b) => a.track - b.track || a.start - b.start)
    .map((entry) => ({
      track: tracks.indexOf(entry.track),
      name: entry.name,
      time_start: entry.start / 1000,
      time_end: entry.end / 1000,
      rating: entry.rating,
    }));
}
