import {
  ACTOR_FILTER_RANGES,
  parseActorAttribute,
  type ActorListRequest,
  type ActorListResponse,
  type ActorSortKey,
} from '@fovea/contract';
import type { ActorReader } from './actor-reader.service';
import { toActorWithScenes } from '../mappers/actor.mapper';
import type { ActorListRepository } from '../repositories/actor-list/actor-list.repository';
import type {
  ActorAttributeTest,
  ActorEntryGroups,
  ActorJump,
  ActorQuery,
  ActorRange,
  ActorRangeName,
} from '../repositories/actor-list/actor-query';
import { groupEntries } from '../repositories/scene-list/filter-entries';
import { countryName } from './actor-countries';
import { mergeTests } from './actor-attribute-tests';

const RANGE_NAMES = Object.keys(ACTOR_FILTER_RANGES) as ActorRangeName[];

/**
 * The active ranges: a bound at the end of its slider range does not filter. The age slider starts at 18
 * (sliderMin), so a lower age bound of 18 or less is none, as in the reference: actors without a birth date stay.
 */
function activeRanges(request: ActorListRequest): ActorRange[] {
  const ranges: ActorRange[] = [];
  for (const name of RANGE_NAMES) {
    const range: { min: number; max: number; sliderMin?: number } = ACTOR_FILTER_RANGES[name];
    const lowest = range.sliderMin ?? range.min;
    const highest = range.max;
    const min = request[`min_${name}`] > lowest ? request[`min_${name}`] : null;
    const max = request[`max_${name}`] < highest ? request[`max_${name}`] : null;
    if (min !== null || max !== null) ranges.push({ name, min, max });
  }
  return ranges;
}

/** The jump letters ("M", or a group such as "Q/R") when the sort is by name (the A-Z strip); else null. */
function jumpOf(jumpTo: string, sort: ActorSortKey): ActorJump | null {
  if (jumpTo === '' || (sort !== 'name_asc' && sort !== 'name_desc')) return null;
  return { letters: jumpTo.toUpperCase().split('/'), sort };
}

/**
 * POST /api/actor/list: parses the filter state (attributes, country names, active ranges) into a query
 * the repository turns into SQL, then reads one page: the actors with their average scene rating in one
 * statement, and their non-hidden scenes through ActorReader (one statement for the whole page).
 */
export class ActorListService {
  constructor(
    private readonly repo: ActorListRepository,
    private readonly reader: Pick<ActorReader, 'withScenes'>,
  ) {}

  async list(request: ActorListRequest): Promise<ActorListResponse> {
    const query = await this.query(request);
    const results = await this.repo.count(query);
    const jump = jumpOf(request.jumpTo, request.sort);
    const offset = jump
      ? Math.floor((await this.repo.countBefore(query, jump)) / request.limit) * request.limit
      : request.offset;
    const ids = await this.repo.pageIds(query, request.sort, request.limit, offset);
    const byId = new Map((await this.repo.rows(ids)).map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    const actors = request.with_scenes
      ? await this.reader.withScenes(rows)
      : rows.map((row) => toActorWithScenes(row, []));
    return {
      results,
      actors,
      count_any: 0,
      count_available: 0,
      count_downloaded: 0,
      count_not_downloaded: 0,
      count_hidden: 0,
      offset,
    };
  }

  private async query(request: ActorListRequest): Promise<ActorQuery> {
    return {
      lists: [...new Set(request.lists)],
      cast: groupEntries(request.cast),
      sites: groupEntries(request.sites),
      attributes: await this.attributes(groupEntries(request.attributes)),
      ranges: activeRanges(request),
    };
  }

  /**
   * Attribute names to tests; "Nationality <name>" matches the codes whose country name it is. Each distinct
   * test is made once and the values of one field are merged (attribute-tests.ts), so the SQL stays the same
   * size however many entries the filter has.
   */
  private async attributes(groups: ActorEntryGroups<string>): Promise<ActorEntryGroups<ActorAttributeTest>> {
    const all = [...groups.include, ...groups.must, ...groups.exclude];
    const needsCodes = all.some((name) => parseActorAttribute(name)?.kind === 'field');
    const codes = needsCodes ? await this.repo.distinctValues('nationality') : [];
    const test = (name: string): ActorAttributeTest => {
      const parsed = parseActorAttribute(name);
      if (parsed === null) return { kind: 'none' };
      if (parsed.kind === 'fixed') return parsed;
      if (parsed.field !== 'nationality')
        return { kind: 'field', field: parsed.field, values: [parsed.value] };
      const wanted = parsed.value.toLowerCase();
      const matching = codes.filter((code) => countryName(code).toLowerCase() === wanted);
      return { kind: 'field', field: 'nationality', values: [parsed.value, ...matching] };
    };
    return {
      include: mergeTests(groups.include.map(test), 'any'),
      must: mergeTests(groups.must.map(test), 'each'),
      exclude: mergeTests(groups.exclude.map(test), 'any'),
    };
  }
}
