import type { SceneListRequest, SceneListResponse } from '@fovea/contract';
import type { Condition } from '../repositories/scene-list/attribute-conditions';
import {
  availabilityConditions,
  availabilityOf,
  matchConditions,
  type Availability,
} from '../repositories/scene-list/filter-conditions';
import { allNames, groupEntries } from '../repositories/scene-list/filter-entries';
import type { SceneListRepository, StatusBucket } from '../repositories/scene-list/scene-list.repository';
import { sortOrder, type SortOrder } from '../repositories/scene-list/sort-order';
import { countDriver, walksSortIndex } from './page-plan';
import { BoundedMap } from './bounded-map';
import type { OptionsService } from './options.service';
import { RandomOrderSessions } from './random-order-sessions';
import type { SceneReader } from './scene-reader.service';

const COUNT_CACHE_SIZE = 100;

type Counts = Omit<SceneListResponse, 'scenes' | 'results'>;

/** The counts of the answer from the status buckets of the matching scenes. */
export function countsOf(buckets: readonly StatusBucket[]): Counts {
  const sum = (keep: (b: StatusBucket) => boolean) =>
    buckets.filter(keep).reduce((total, b) => total + Number(b.count), 0);
  return {
    count_any: sum((b) => b.hidden === 0),
    count_available: sum((b) => b.hidden === 0 && b.available === 1 && b.accessible === 1),
    count_downloaded: sum((b) => b.hidden === 0 && b.available === 1),
    count_not_downloaded: sum((b) => b.hidden === 0 && b.available === 0),
    count_hidden: sum((b) => b.hidden === 1),
  };
}

/** How many matching scenes the page's availability selects. */
export function resultsOf(buckets: readonly StatusBucket[], availability: Availability): number {
  return buckets
    .filter(
      (b) =>
        b.hidden === availability.hidden &&
        (availability.available === null || b.available === availability.available) &&
        (availability.accessible === null || b.accessible === availability.accessible),
    )
    .reduce((total, b) => total + Number(b.count), 0);
}

export interface SceneListQueryResult {
  ids: number[];
  results: number;
  counts: Counts;
}

/** POST /api/scene/list: filters, counts and one page of fully loaded scenes. */
export class SceneListService {
  private readonly randomSessions = new RandomOrderSessions();
  private readonly countCache = new BoundedMap<string, { changes: number; buckets: StatusBucket[] }>(
    COUNT_CACHE_SIZE,
  );

  constructor(
    private readonly repo: SceneListRepository,
    private readonly reader: SceneReader,
    private readonly options: OptionsService,
  ) {}

  async list(request: SceneListRequest): Promise<SceneListResponse> {
    const { ids, results, counts } = await this.query(request);
    const scenes = await this.reader.load(ids);
    return { results, scenes, ...counts };
  }

  /** The SQL part of the list: the page's ids and the counts. */
  async query(request: SceneListRequest): Promise<SceneListQueryResult> {
    const altSourceScripts = this.options.get().advanced.useAltSrcInScriptFilters;
    const [tags, cast] = await Promise.all([
      this.repo.resolveTags(allNames(groupEntries(request.tags))),
      this.repo.resolveCast(allNames(groupEntries(request.cast))),
    ]);
    const sort = sortOrder(request.sort, { altSourceScripts });
    const { conditions: match, selective } = matchConditions({
      request,
      tags,
      cast,
      context: { altSourceScripts },
    });
    if (sort.condition) match.push(sort.condition);
    const availability = availabilityOf(request);
    // How many index entries a walk passes over at most: every scene (a count SQLite keeps cheaply).
    const scope = await this.repo.sceneTotal();
    const driver = countDriver(selective, scope);
    const buckets = await this.buckets(match, driver);
    const results = resultsOf(buckets, availability);
    const pageConditions = [...match, ...availabilityConditions(availability)];
    const ids =
      request.sort === 'random'
        ? await this.randomPage(request, pageConditions, sort, { results, scope, driver })
        : await this.repo.pageIds(pageConditions, sort, {
            limit: request.limit,
            offset: request.offset,
            walkSortIndex: walksSortIndex({ results, scope, offset: request.offset, limit: request.limit }),
            driver,
          });
    return { ids, results, counts: countsOf(buckets) };
  }

  /**
   * The status buckets of a filter. They are kept until the database changes (any write moves the change
   * counter), so loading more pages, or re-sorting, of one filter counts only once.
   */
  private async buckets(match: readonly Condition[], driver: Condition | null): Promise<StatusBucket[]> {
    const changes = await this.repo.changeCounter();
    const key = this.repo.conditionsKey(match);
    const cached = this.countCache.get(key);
    if (cached && cached.changes === changes) return cached.buckets;
    const buckets = await this.repo.statusBuckets(match, driver);
    this.countCache.set(key, { changes, buckets });
    return buckets;
  }

  /** Forgets every cached count (the benchmark times cold counts). */
  clearCountCache(): void {
    this.countCache.clear();
  }

  /**
   * Random order: the scenes in random-key order, rotated to start at a random position chosen when the
   * first page (offset 0) is asked for and kept for the later pages of the same filter, so pages never repeat
   * a scene.
   */
  private async randomPage(
    request: SceneListRequest,
    conditions: readonly Condition[],
    sort: SortOrder,
    { results, scope, driver }: { results: number; scope: number; driver: Condition | null },
  ): Promise<number[]> {
    if (results === 0 || request.offset >= results) return [];
    const start = this.randomSessions.startFor(request, results);
    const first = (start + request.offset) % results;
    const wanted = Math.min(request.limit, results - request.offset);
    const read = (limit: number, offset: number) =>
      this.repo.pageIds(conditions, sort, {
        limit,
        offset,
        walkSortIndex: walksSortIndex({ results, scope, offset, limit }),
        driver,
      });
    const head = await read(Math.min(wanted, results - first), first);
    if (head.length >= wanted) return head;
    const tail = await read(wanted - head.length, 0);
    return [...head, ...tail];
  }
}
