import { nameKeys, performerKeys, sharesKey, simplifyName, studioSearchName } from './stashdb-names';
import { stashReleaseDate } from './stashdb-scene-result';
import type { StashScene } from './stashdb.schemas';

/** What the ranking knows of the local scene. */
export interface LocalSceneFacts {
  title: string;
  /** The site (e.g. "SLR Originals (SLR)") and studio names. */
  site: string;
  studio: string;
  /** "YYYY-MM-DD" or ''. */
  releaseDate: string;
  /** Minutes (0 when unknown). */
  durationMinutes: number;
  sceneUrl: string;
  /** The simplified names of each cast actor (name and aliases). */
  cast: readonly ReadonlySet<string>[];
}

/**
 * Points of each kind of agreement. A StashDB URL equal to the scene's own URL outweighs everything else
 * together; a direct lookup (10000) stays above all of them.
 */
export const RANK_POINTS = {
  sameUrl: 2500,
  /** Times the title similarity (0 to 1). */
  title: 600,
  sameDate: 400,
  /** Release dates up to 3 days apart. */
  nearDate: 200,
  /** Release dates up to 14 days apart. */
  closeDate: 80,
  /** Durations at most a minute apart. */
  duration: 150,
  sameStudio: 300,
  /** Per cast actor found among the scene's performers. */
  performer: 150,
} as const;

/** Ranked results returned at most. */
export const MAX_RESULTS = 100;

const DAY_MS = 86_400_000;

function titleText(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i += 1) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/**
 * How alike two titles are, from 0 to 1: the Sørensen-Dice coefficient of the letter pairs of both, compared
 * lowercase with only letters and digits (so punctuation, spacing and accents do not count).
 */
export function titleSimilarity(a: string, b: string): number {
  const left = titleText(a);
  const right = titleText(b);
  if (left === '' || right === '') return 0;
  if (left === right) return 1;
  if (left.length < 2 || right.length < 2) return 0;
  const leftPairs = bigrams(left);
  let shared = 0;
  for (const [pair, count] of bigrams(right)) shared += Math.min(count, leftPairs.get(pair) ?? 0);
  return (2 * shared) / (left.length - 1 + (right.length - 1));
}

/** A URL compared without scheme, "www.", fragment and trailing slash, ignoring case. */
export function comparableUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/#.*$/, '')
    .replace(/\/+$/, '');
}

function daysApart(a: string, b: string): number | null {
  const left = Date.parse(`${a}T00:00:00Z`);
  const right = Date.parse(`${b}T00:00:00Z`);
  return Number.isNaN(left) || Number.isNaN(right) ? null : Math.abs(left - right) / DAY_MS;
}

function datePoints(local: string, stash: string): number {
  const days = local && stash ? daysApart(local, stash) : null;
  if (days === null) return 0;
  if (days === 0) return RANK_POINTS.sameDate;
  if (days <= 3) return RANK_POINTS.nearDate;
  return days <= 14 ? RANK_POINTS.closeDate : 0;
}

function sameStudio(candidate: StashScene, facts: LocalSceneFacts): boolean {
  const local = nameKeys([studioSearchName(facts.site), facts.site, facts.studio]);
  const studio = candidate.studio;
  if (!studio) return false;
  return sharesKey(local, nameKeys([studio.name, studio.parent?.name ?? '']));
}

/** How many cast actors appear among the candidate's performers (each actor counted once). */
function sharedCast(candidate: StashScene, facts: LocalSceneFacts): number {
  const performers = (candidate.performers ?? []).map((appearance) =>
    performerKeys(appearance.performer, appearance.as),
  );
  return facts.cast.filter((actor) => performers.some((keys) => sharesKey(actor, keys))).length;
}

/** The weight of one candidate for the local scene; `query` is the owner's search text ('' for none). */
export function weighScene(candidate: StashScene, facts: LocalSceneFacts, query: string): number {
  let weight = 0;
  const ownUrl = comparableUrl(facts.sceneUrl);
  if (ownUrl !== '' && (candidate.urls ?? []).some((entry) => comparableUrl(entry.url) === ownUrl)) {
    weight += RANK_POINTS.sameUrl;
  }
  const title = candidate.title ?? '';
  const similarity = Math.max(
    titleSimilarity(title, facts.title),
    query === '' ? 0 : titleSimilarity(title, query),
  );
  weight += similarity * RANK_POINTS.title;
  weight += datePoints(facts.releaseDate, stashReleaseDate(candidate));
  const seconds = candidate.duration ?? 0;
  if (seconds > 0 && facts.durationMinutes > 0 && Math.abs(seconds / 60 - facts.durationMinutes) <= 1) {
    weight += RANK_POINTS.duration;
  }
  if (sameStudio(candidate, facts)) weight += RANK_POINTS.sameStudio;
  weight += sharedCast(candidate, facts) * RANK_POINTS.performer;
  return Math.round(weight);
}

export interface RankedScene {
  scene: StashScene;
  weight: number;
}

/**
 * The candidates weighed and sorted, heaviest first (then newest, then by title and id, so the order is
 * stable), at most `limit`. Deleted StashDB scenes are left out.
 */
export function rankScenes(
  candidates: Iterable<StashScene>,
  facts: LocalSceneFacts,
  query: string,
  limit = MAX_RESULTS,
): RankedScene[] {
  const ranked: (RankedScene & { date: string; title: string })[] = [];
  for (const scene of candidates) {
    if (scene.deleted === true) continue;
    ranked.push({
      scene,
      weight: weighScene(scene, facts, query),
      date: stashReleaseDate(scene),
      title: simplifyName(scene.title ?? ''),
    });
  }
  ranked.sort(
    (a, b) =>
      b.weight - a.weight ||
      b.date.localeCompare(a.date) ||
      a.title.localeCompare(b.title) ||
      a.scene.id.localeCompare(b.scene.id),
  );
  return ranked.slice(0, limit).map(({ scene, weight }) => ({ scene, weight }));
}
