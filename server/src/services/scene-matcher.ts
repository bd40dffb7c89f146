import type { Condition, SceneIdQuery, SceneSet } from '../repositories/scene-list/scene-condition';
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
} from '../scene-sets/scene-bitmap';
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
    const sets = conditions.flatMap((c) => (c.sceneSet ? [c.sceneSet] : []));
    const fetched = await this.fetchAll(sets, capacity);
    let matches: SceneBitmap | null = null;
    for (const set of sets) {
      const bits = this.evaluate(set, capacity, fetched);
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

  /**
   * The bitmap of every query the sets read, by query: equal queries (same SQL and parameters, e.g. a rating
   * test that is both an attribute and the sort's restriction) are read once and share their bitmap.
   */
  private async fetchAll(
    sets: readonly SceneSet[],
    capacity: number,
  ): Promise<Map<SceneIdQuery, SceneBitmap>> {
    const keyOf = new Map<SceneIdQuery, string>();
    const collect = (set: SceneSet): void => {
      if (set.kind === 'ids') keyOf.set(set.query, this.repo.queryKey(set.query));
      else if (set.kind === 'not') collect(set.of);
      else if (set.kind === 'any') set.of.forEach(collect);
    };
    sets.forEach(collect);
    const distinct = new Map<string, SceneIdQuery>();
    for (const [query, key] of keyOf) if (!distinct.has(key)) distinct.set(key, query);
    const bitmaps = await this.repo.bitmapsOf([...distinct.values()], capacity);
    const byKey = new Map([...distinct.keys()].map((key, i) => [key, bitmaps[i] ?? bitmapOf([], capacity)]));
    return new Map([...keyOf].map(([query, key]) => [query, byKey.get(key) ?? bitmapOf([], capacity)]));
  }

  /** A set as a new bitmap, from the bitmaps of its queries (which stay as they are). */
  private evaluate(
    set: SceneSet,
    capacity: number,
    fetched: ReadonlyMap<SceneIdQuery, SceneBitmap>,
  ): SceneBitmap {
    switch (set.kind) {
      case 'ids':
        return (fetched.get(set.query) ?? bitmapOf([], capacity)).slice();
      case 'none':
        return bitmapOf([], capacity);
      case 'not':
        return invert(this.evaluate(set.of, capacity, fetched));
      case 'any':
        return set.of.reduce(
          (union, member) => unite(union, this.evaluate(member, capacity, fetched)),
          bitmapOf([], capacity),
        );
    }
  }
}
