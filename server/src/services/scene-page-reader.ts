import type { Condition } from '../repositories/scene-list/scene-condition';
import type { SceneListRepository } from '../repositories/scene-list/scene-list.repository';
import type { SceneSetRepository } from '../repositories/scene-list/scene-set.repository';
import type { SortOrder } from '../repositories/scene-list/sort-order';
import { walkLength, walksInMemory, walksSortIndex } from './page-plan';
import { has, idsOf, type SceneBitmap } from '../scene-sets/scene-bitmap';

/** What reading one page of a request needs. */
export interface PageSource {
  sort: SortOrder;
  /** Every condition of the page in SQL: the filter's and the availability's. */
  tests: Condition[];
  /**
   * What SQLite tests on each entry of an in-memory walk: the availability, and the sort's own restriction
   * (a range of the sort index, e.g. rated scenes only), so the walk never passes the entries it excludes.
   */
  walkTests: Condition[];
  /** How many scenes the page's filter and availability select, and how many scenes there are. */
  results: number;
  scope: number;
  /** The scenes the page's filter and availability select, when the filter was matched in memory. */
  matches: SceneBitmap | null;
  flags: Uint8Array;
}

interface Page {
  limit: number;
  offset: number;
}

/** One page of scene ids of a request, read whichever way is cheapest for how many scenes match. */
export class ScenePageReader {
  constructor(
    private readonly repo: SceneListRepository,
    private readonly sets: SceneSetRepository,
  ) {}

  /**
   * The sort index walked when many scenes match (each entry checked against the matches in memory over a
   * short walk, else tested by SQLite), or the matches collected and sorted when few do (page-plan.ts).
   */
  async read(source: PageSource, limit: number, offset: number): Promise<number[]> {
    const { results, scope, matches } = source;
    if (results === 0 || offset >= results) return [];
    const page = { limit, offset };
    const walk = walksSortIndex({ results, scope, offset, limit });
    if (!matches) return this.inSql(source, page, walk);
    if (!walk) return this.collected(source, matches, page);
    const entries = walkLength({ results, scope, offset, limit });
    return walksInMemory(entries)
      ? this.walkedInMemory(source, matches, page, entries)
      : this.inSql(source, page, true);
  }

  /** SQLite tests every condition: on each sort-index entry (`walk`), or as the planner likes. */
  inSql(source: PageSource, page: Page, walk: boolean): Promise<number[]> {
    return this.repo.pageIds(source.tests, source.sort, { ...page, walkSortIndex: walk });
  }

  /** The matches looked up by id and sorted. */
  collected(source: PageSource, matches: SceneBitmap, page: Page): Promise<number[]> {
    return this.sets.sortIds(idsOf(matches, source.flags), source.sort, page);
  }

  /**
   * Sort-index entries (only the walk tests run by SQLite) checked against the matches in memory
   * until the page is full. The first read takes a little more than the expected walk (`entries`); if the
   * matches are thinner there than on average, reads twice as long follow.
   */
  async walkedInMemory(
    source: PageSource,
    matches: SceneBitmap,
    page: Page,
    entries: number,
  ): Promise<number[]> {
    const ids: number[] = [];
    let passed = 0;
    let from = 0;
    let chunk = Math.ceil(entries * 1.25) + 64;
    for (;;) {
      const read = await this.sets.idsInSortOrder(source.sort, source.walkTests, {
        limit: chunk,
        offset: from,
      });
      for (const id of read) {
        if (!has(matches, id)) continue;
        if (passed >= page.offset) ids.push(id);
        passed++;
        if (ids.length === page.limit) return ids;
      }
      if (read.length < chunk) return ids;
      from += chunk;
      chunk *= 2;
    }
  }
}
