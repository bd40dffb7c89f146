import type { Condition, SceneSet } from '../repositories/scene-list/scene-condition';
import type { SceneSetRepository } from '../repositories/scene-list/scene-set.repository';
import {
  bitmapOf,
  fullBitmap,
  idsOf,
  intersect,
  invert,
  sizeOf,
  unite,
  type SceneBitmap,
} from './scene-bitmap';
import { lookUpById } from './page-plan';
import type { StatusSnapshot } from './scene-status-snapshot';

/**
 * Which scenes match a filter, worked out on sets of scene ids in memory. Each scene-set condition (a tag,
 * an actor, a file attribute, a cuepoint, and the column tests an index answers: lists, sites, ratings,
 * months...) is one indexed query whose ids are fetched in one go; the sets are combined as bitmaps; the
 * other column tests are run by SQLite on the remaining candidates (looked up by id when they are few) or
 * in one pass over the facts index. Probing a subquery once per scene, as plain SQL does, costs several
 * times more at 100k scenes, and counting and paging from the bitmap costs next to nothing.
 */
export class SceneMatcher {
  constructor(private readonly repo: SceneSetRepository) {}

  /**
   * The scenes that meet every condition. `columnTests` forces one way of running the column tests (the
   * tests compare both).
   */
  async matching(
    conditions: readonly Condition[],
    snapshot: StatusSnapshot,
    columnTests?: 'by id' | 'in one pass',
  ): Promise<SceneBitmap> {
    const capacity = snapshot.flags.length;
    const fetched = new Map<string, number[]>();
    let matches: SceneBitmap | null = null;
    for (const condition of conditions) {
      if (!condition.sceneSet) continue;
      const bits = await this.evaluate(condition.sceneSet, capacity, fetched);
      matches = matches ? intersect(matches, bits) : bits;
    }
    const tests = conditions.filter((c) => c.sceneSet === null);
    if (tests.length === 0) return matches ?? fullBitmap(capacity);
    if (!matches) return bitmapOf(await this.repo.idsPassing(tests, null), capacity);
    const candidates = sizeOf(matches, snapshot.flags);
    if (candidates === 0) return matches;
    const byId = columnTests ? columnTests === 'by id' : lookUpById(candidates, snapshot.total);
    const passing = await this.repo.idsPassing(tests, byId ? idsOf(matches, snapshot.flags) : null);
    return intersect(matches, bitmapOf(passing, capacity));
  }

  /** A set as a new bitmap; `fetched` keeps the ids of each query already read for this filter. */
  private async evaluate(
    set: SceneSet,
    capacity: number,
    fetched: Map<string, number[]>,
  ): Promise<SceneBitmap> {
    switch (set.kind) {
      case 'ids': {
        const key = this.repo.queryKey(set.query);
        const ids = fetched.get(key) ?? (await this.repo.idsOf(set.query));
        fetched.set(key, ids);
        return bitmapOf(ids, capacity);
      }
      case 'none':
        return bitmapOf([], capacity);
      case 'not':
        return invert(await this.evaluate(set.of, capacity, fetched));
      case 'any': {
        let union = bitmapOf([], capacity);
        for (const member of set.of) union = unite(union, await this.evaluate(member, capacity, fetched));
        return union;
      }
    }
  }
}
