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
