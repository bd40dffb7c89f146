/** One scene found by a search step, with its relevance. */
export interface SceneHit {
  id: number;
  score: number;
}

/**
 * The hits of every step in the order given (the steps are already ranked), each scene once (its first
 * occurrence wins), at most `limit`.
 */
export function mergeHits(steps: readonly (readonly SceneHit[])[], limit: number): SceneHit[] {
  const seen = new Set<number>();
  const merged: SceneHit[] = [];
  for (const hits of steps) {
    for (const hit of hits) {
      if (merged.length >= limit) return merged;
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      merged.push(hit);
    }
  }
  return merged;
}

/** How much more a hit ranked above another scores at least, when its own score is not higher. */
export const SCORE_STEP = 1e-6;

/**
 * The hits with each score raised above every later one's where it is lower, so a list ranked by tiers
 * before bm25 still reads best first by score.
 */
export function descendingScores(hits: readonly SceneHit[]): SceneHit[] {
  const out = hits.map((hit) => ({ ...hit }));
  for (let i = out.length - 2; i >= 0; i--) {
    const hit = out[i];
    const next = out[i + 1];
    if (hit && next && hit.score < next.score) hit.score = next.score + SCORE_STEP;
  }
  return out;
}
