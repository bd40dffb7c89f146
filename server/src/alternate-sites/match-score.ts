import type { SiteMatchParams } from '@fovea/contract';
import { tokenize } from '../search/fts-match';

/**
 * The weighted match of the second linking step (xbvr-facts §7.5), scored in the open: each criterion of the
 * site's match parameters adds its boost when it holds, and a criterion whose match type is "must" excludes
 * the candidates it does not hold for. Pure: no I/O.
 *
 * - title: the alternate title's words as one run inside the candidate's title add boost_title; each of its
 *   words found in the candidate's title adds boost_title_any_words;
 * - cast: each alternate cast name the candidate has adds boost_cast, else each of its words found in the
 *   candidate's cast adds 0.75 x boost_cast (one site writes "Ana V.", another "Ana");
 * - released: a candidate released from released_prior days before to released_after days after adds
 *   boost_released;
 * - duration: when the alternate scene lasts at least duration_min minutes, a candidate within
 *   duration_range_less / duration_range_more minutes of it adds 1;
 * - description: each description word (3 letters or more) the candidate's description has adds
 *   boost_description.
 *
 * A candidate is linked only with real evidence: at least half of the alternate title's words in its title,
 * or a cast name in common, and a score of at least MIN_LINK_SCORE.
 */

/** What the linker compares of an alternate scene. */
export interface AlternateFacts {
  title: string;
  cast: readonly string[];
  /** yyyy-mm-dd, or '' when unknown. */
  released: string;
  /** Minutes; 0 = unknown. */
  duration: number;
  synopsis: string;
}

/** A scene of the master site the FTS5 search found. */
export interface CandidateFacts extends AlternateFacts {
  id: number;
  sceneId: string;
}

export const MIN_LINK_SCORE = 1;
/** match_type values of weighted links stay below the exact-title one (10000). */
export const MAX_WEIGHTED_MATCH_TYPE = 9999;
/** Each word of a cast name found alone counts this share of boost_cast. */
const CAST_WORD_SHARE = 0.75;
const DURATION_POINTS = 1;
const MIN_DESCRIPTION_WORD = 3;

const words = (text: string): string[] => tokenize(text.toLowerCase());
const distinct = (list: readonly string[]): string[] => [...new Set(list)];

/** Whether `needle` appears as a run of consecutive words in `hay`. */
function containsRun(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  for (let start = 0; start + needle.length <= hay.length; start++) {
    if (needle.every((word, i) => hay[start + i] === word)) return true;
  }
  return false;
}

/** yyyy-mm-dd shifted by `days` (UTC). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The release window a candidate must fall in, or null when the alternate scene has no date. */
export function releaseWindow(
  released: string,
  params: Pick<SiteMatchParams, 'released_prior' | 'released_after'>,
): { from: string; to: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(released)) return null;
  return { from: shiftDay(released, -params.released_prior), to: shiftDay(released, params.released_after) };
}

/** The duration window, or null when the alternate scene is too short (or of unknown length) to compare. */
export function durationWindow(
  duration: number,
  params: Pick<SiteMatchParams, 'duration_min' | 'duration_range_less' | 'duration_range_more'>,
): { from: number; to: number } | null {
  if (duration <= 0 || duration < params.duration_min) return null;
  return { from: duration - params.duration_range_less, to: duration + params.duration_range_more };
}

interface Evidence {
  score: number;
  titleShare: number;
  castHits: number;
}

function titleEvidence(alt: readonly string[], candidate: readonly string[], params: SiteMatchParams) {
  const own = new Set(candidate);
  const unique = distinct(alt);
  const hits = unique.filter((word) => own.has(word)).length;
  const score = (containsRun(candidate, alt) ? params.boost_title : 0) + hits * params.boost_title_any_words;
  return { score, share: unique.length === 0 ? 0 : hits / unique.length };
}

function castEvidence(alt: readonly string[], candidate: readonly string[], boost: number) {
  const names = new Set(candidate.map((name) => words(name).join(' ')));
  const castWords = new Set(candidate.flatMap(words));
  let score = 0;
  let hits = 0;
  for (const name of alt) {
    const nameWords = words(name);
    if (nameWords.length === 0) continue;
    if (names.has(nameWords.join(' '))) {
      score += boost;
      hits += 1;
      continue;
    }
    const found = nameWords.filter((word) => castWords.has(word)).length;
    score += found * boost * CAST_WORD_SHARE;
  }
  return { score, hits };
}

/** The candidate's score, or null when a "must" criterion excludes it. */
export function scoreCandidate(
  alt: AlternateFacts,
  candidate: CandidateFacts,
  params: SiteMatchParams,
): Evidence | null {
  const title = titleEvidence(words(alt.title), words(candidate.title), params);
  let score = title.score;
  let castHits = 0;
  if (params.cast_match_type !== 'do not') {
    const cast = castEvidence(alt.cast, candidate.cast, params.boost_cast);
    if (params.cast_match_type === 'must' && cast.hits === 0) return null;
    score += cast.score;
    castHits = cast.hits;
  }
  if (params.released_match_type !== 'do not') {
    const window = releaseWindow(alt.released, params);
    const inside = window !== null && candidate.released >= window.from && candidate.released <= window.to;
    if (params.released_match_type === 'must' && !inside) return null;
    if (inside) score += params.boost_released;
  }
  if (params.duration_match_type !== 'do not') {
    const window = durationWindow(alt.duration, params);
    const inside = window !== null && candidate.duration >= window.from && candidate.duration <= window.to;
    if (params.duration_match_type === 'must' && window !== null && !inside) return null;
    if (inside) score += DURATION_POINTS;
  }
  if (params.desc_match_type !== 'do not') {
    const own = new Set(words(candidate.synopsis));
    const hits = distinct(words(alt.synopsis)).filter(
      (word) => word.length >= MIN_DESCRIPTION_WORD && own.has(word),
    ).length;
    score += hits * params.boost_description;
  }
  return { score, titleShare: title.share, castHits };
}

/** Whether the evidence is enough to link (see the module comment). */
export function qualifies(evidence: Evidence): boolean {
  return (evidence.titleShare >= 0.5 || evidence.castHits > 0) && evidence.score >= MIN_LINK_SCORE;
}

/** The best qualifying candidate (ties: the closer release date, then the older scene), with its score. */
export function bestCandidate(
  alt: AlternateFacts,
  candidates: readonly CandidateFacts[],
  params: SiteMatchParams,
): { candidate: CandidateFacts; score: number } | null {
  const distance = (candidate: CandidateFacts) =>
    alt.released === '' || candidate.released === ''
      ? Number.MAX_SAFE_INTEGER
      : Math.abs(Date.parse(alt.released) - Date.parse(candidate.released));
  let best: { candidate: CandidateFacts; score: number } | null = null;
  for (const candidate of candidates) {
    const evidence = scoreCandidate(alt, candidate, params);
    if (evidence === null || !qualifies(evidence)) continue;
    const better =
      best === null ||
      evidence.score > best.score ||
      (evidence.score === best.score &&
        (distance(candidate) < distance(best.candidate) ||
          (distance(candidate) === distance(best.candidate) && candidate.id < best.candidate.id)));
    if (better) best = { candidate, score: evidence.score };
  }
  return best;
}

/** The match_type a weighted link is stored with: its score, whole, between 1 and 9999. */
export function weightedMatchType(score: number): number {
  return Math.min(MAX_WEIGHTED_MATCH_TYPE, Math.max(1, Math.floor(score)));
}

const quoted = (text: string) => `"${words(text).join(' ')}"`;

/**
 * The query saved in the reference's external_data.query: the criteria in the search box's syntax (boosts
 * after ^, "+" for must), so the Relink dialog can start from it and the owner can read why a link was made.
 */
export function matchQuery(alt: AlternateFacts, params: SiteMatchParams, masterSite: string): string {
  const parts = [`+site:${quoted(masterSite.replace(/\s*\(.*$/, ''))}`];
  if (words(alt.title).length > 0) parts.push(`title:${quoted(alt.title)}^${params.boost_title}`);
  for (const word of distinct(words(alt.title))) parts.push(`title:${word}^${params.boost_title_any_words}`);
  if (params.cast_match_type !== 'do not') {
    const prefix = params.cast_match_type === 'must' ? '+' : '';
    for (const name of alt.cast)
      if (words(name).length > 0) parts.push(`${prefix}cast:${quoted(name)}^${params.boost_cast}`);
  }
  const released = params.released_match_type === 'do not' ? null : releaseWindow(alt.released, params);
  if (released) {
    const prefix = params.released_match_type === 'must' ? '+' : '';
    parts.push(`${prefix}released:>=${released.from}^${params.boost_released}`);
    parts.push(`${prefix}released:<=${released.to}^${params.boost_released}`);
  }
  const duration = params.duration_match_type === 'do not' ? null : durationWindow(alt.duration, params);
  if (duration) {
    const prefix = params.duration_match_type === 'must' ? '+' : '';
    parts.push(`${prefix}duration:>=${duration.from}`, `${prefix}duration:<=${duration.to}`);
  }
  return parts.join(' ');
}
