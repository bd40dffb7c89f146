import type { SceneListRequest, SceneListResponse } from '@fovea/contract';
import {
  availabilityConditions,
  availabilityOf,
  matchConditions,
  type Availability,
} from '../repositories/scene-list/filter-conditions';
import { allNames, groupEntries } from '../repositories/scene-list/filter-entries';
import type { SceneListRepository } from '../repositories/scene-list/scene-list.repository';
import type { SceneSetRepository } from '../repositories/scene-list/scene-set.repository';
import { sortOrder } from '../repositories/scene-list/sort-order';
import { statusBucketsOf, withStatus, type StatusBucket } from '../scene-sets/scene-bitmap';
import type { OptionsService } from './options.service';
import { RandomOrderSessions } from './random-order-sessions';
import type { SceneMatcher } from './scene-matcher';
import { ScenePageReader, type PageSource } from './scene-page-reader';
import type { SceneReader } from './scene-reader.service';
import type { SceneStatusSnapshots } from './scene-status-snapshot';

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

export interface SceneListDependencies {
  repo: SceneListRepository;
  sets: SceneSetRepository;
  matcher: SceneMatcher;
  snapshots: SceneStatusSnapshots;
  reader: SceneReader;
  options: OptionsService;
}

/** POST /api/scene/list: filters, counts and one page of fully loaded scenes. */
export class SceneListService {
  private readonly randomSessions = new RandomOrderSessions();
  private readonly pages: ScenePageReader;

  constructor(private readonly deps: SceneListDependencies) {
    this.pages = new ScenePageReader(deps.repo, deps.sets);
  }

  async list(request: SceneListRequest): Promise<SceneListResponse> {
    const { ids, results, counts } = await this.query(request);
    const scenes = await this.deps.reader.load(ids);
    return { results, scenes, ...counts };
  }

  /**
   * The page's ids and the counts. The filter is matched in memory (SceneMatcher), which gives the counts
   * from the status snapshot and the page from the sort index checked in memory, or collected; the list
   * without a filter is counted from the snapshot alone and read straight from the sort index.
   */
  async query(request: SceneListRequest): Promise<SceneListQueryResult> {
    const altSourceScripts = this.deps.options.get().advanced.useAltSrcInScriptFilters;
    const [tags, cast] = await Promise.all([
      this.deps.repo.resolveTags(allNames(groupEntries(request.tags))),
      this.deps.repo.resolveCast(allNames(groupEntries(request.cast))),
    ]);
    const sort = sortOrder(request.sort, { altSourceScripts });
    const match = matchConditions({ request, tags, cast, context: { altSourceScripts } });
    if (sort.condition) match.push(sort.condition);
    const availability = availabilityOf(request);
    const snapshot = await this.deps.snapshots.current();
    const matches = match.length > 0 ? await this.deps.matcher.matching(match, snapshot) : null;
    const buckets = matches ? statusBucketsOf(matches, snapshot.flags) : snapshot.buckets;
    const availabilityTests = availabilityConditions(availability);
    const source: PageSource = {
      sort,
      tests: [...match, ...availabilityTests],
      walkTests: sort.condition ? [...availabilityTests, sort.condition] : availabilityTests,
      results: resultsOf(buckets, availability),
      scope: snapshot.total,
      matches: matches ? withStatus(matches, snapshot.flags, availability) : null,
      flags: snapshot.flags,
    };
    const ids =
      request.sort === 'random'
        ? await this.randomPage(request, source)
        : await this.pages.read(source, request.limit, request.offset);
    return { ids, results: source.results, counts: countsOf(buckets) };
  }

  /**
   * Random order: the scenes in random-key order, rotated to start at a random position chosen when the
   * first page (offset 0) is asked for and kept for the later pages of the same filter, so pages never repeat
   * a scene.
   */
  private async randomPage(request: SceneListRequest, source: PageSource): Promise<number[]> {
    const { results } = source;
    if (results === 0 || request.offset >= results) return [];
    const start = this.randomSessions.startFor(request, results);
    const first = (start + request.offset) % results;
    const wanted = Math.min(request.limit, results - request.offset);
    const head = await this.pages.read(source, Math.min(wanted, results - first), first);
    if (head.length >= wanted) return head;
    const tail = await this.pages.read(source, wanted - head.length, 0);
    return [...head, ...tail];
  }
}
