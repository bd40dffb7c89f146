import type { SceneListRequest } from '@fovea/contract';
import { sql, type SqlBool } from 'kysely';
import { inIds } from '../sql-lists';
import { attributeCondition, type AttributeContext, type Condition } from './attribute-conditions';
import { groupEntries, type GroupedEntries } from './filter-entries';
import type { ResolvedId } from './scene-list.repository';

/*
 * The WHERE conditions of a scene-list request on `scenes s`, split as the reference splits them: the
 * "matching" part (everything the counts are taken over) and the availability part (isAvailable,
 * isAccessible and the hidden flag, applied to the page only).
 */

/** Tag or cast names resolved to ids; a group entry ("tag group:x", "aka:x") maps to its members. */
export type ResolvedNames = ReadonlyMap<string, readonly ResolvedId[]>;

export interface FilterInput {
  request: SceneListRequest;
  tags: ResolvedNames;
  cast: ResolvedNames;
  context: AttributeContext;
}

const NOTHING: Condition = sql`0`;

/** Scenes related through `table.column` to any of `ids` (tags through scene_tags, cast through scene_cast). */
function related(table: 'scene_tags' | 'scene_cast', column: 'tag_id' | 'actor_id', ids: readonly number[]) {
  return sql<SqlBool>`s.id IN (SELECT j.scene_id FROM ${sql.table(table)} j WHERE ${inIds(`j.${column}`, [...new Set(ids)])})`;
}

/**
 * A condition every matching scene must meet that selects scenes through an index of its own, with (at most)
 * how many scenes it selects: the way in for counting few matches (see SceneListRepository.statusBuckets).
 */
export interface Selective {
  condition: Condition;
  scenes: number;
}

/** Plain entries: any of them; `&` entries: each of them; `!` entries: none of them. */
function relationConditions(
  grouped: GroupedEntries,
  resolved: ResolvedNames,
  table: 'scene_tags' | 'scene_cast',
  column: 'tag_id' | 'actor_id',
): { conditions: Condition[]; selective: Selective[] } {
  const conditions: Condition[] = [];
  const selective: Selective[] = [];
  const resolvedOf = (name: string) => resolved.get(name) ?? [];
  const mustMatch = (entries: readonly ResolvedId[]) => {
    if (entries.length === 0) {
      conditions.push(NOTHING);
      return;
    }
    const condition = related(
      table,
      column,
      entries.map((e) => e.id),
    );
    conditions.push(condition);
    selective.push({ condition, scenes: entries.reduce((total, e) => total + e.scenes, 0) });
  };
  if (grouped.include.length > 0) mustMatch(grouped.include.flatMap(resolvedOf));
  for (const name of grouped.must) mustMatch(resolvedOf(name));
  const excluded = grouped.exclude.flatMap(resolvedOf).map((e) => e.id);
  if (excluded.length > 0) conditions.push(sql`NOT ${related(table, column, excluded)}`);
  return { conditions, selective };
}

/** A cuepoint filter value as a LIKE pattern: `*` is a wildcard, "quoted" is exact, else a substring. */
export function cuepointPattern(value: string): string {
  const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
  const text = quoted ? value.slice(1, -1) : value;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  return quoted ? escaped : `%${escaped}%`;
}

const cuepointLike = (values: readonly string[]): Condition =>
  sql`s.id IN (SELECT c.scene_id FROM scene_cuepoints c WHERE ${sql.join(
    values.map((v) => sql`c.name LIKE ${cuepointPattern(v)} ESCAPE '\\'`),
    sql` OR `,
  )})`;

function cuepointConditions(grouped: GroupedEntries): Condition[] {
  const conditions: Condition[] = [];
  const isAny = (v: string) => v === '*';
  if (grouped.include.length > 0) {
    conditions.push(grouped.include.some(isAny) ? sql`s.cuepoint_count > 0` : cuepointLike(grouped.include));
  }
  for (const value of grouped.must) {
    conditions.push(isAny(value) ? sql`s.cuepoint_count > 0` : cuepointLike([value]));
  }
  if (grouped.exclude.some(isAny)) conditions.push(sql`s.cuepoint_count = 0`);
  const excluded = grouped.exclude.filter((v) => !isAny(v));
  if (excluded.length > 0) conditions.push(sql`NOT ${cuepointLike(excluded)}`);
  return conditions;
}

function attributeConditions(grouped: GroupedEntries, context: AttributeContext): Condition[] {
  const conditions: Condition[] = [];
  const known = (names: string[]) =>
    names.map((name) => attributeCondition(name, context)).filter((c): c is Condition => c !== null);
  const anyOf = known(grouped.include);
  if (anyOf.length > 0) conditions.push(sql`(${sql.join(anyOf, sql` OR `)})`);
  conditions.push(...known(grouped.must));
  for (const condition of known(grouped.exclude)) conditions.push(sql`NOT (${condition})`);
  return conditions;
}

function siteConditions(grouped: GroupedEntries): Condition[] {
  const conditions: Condition[] = [];
  const included = [...grouped.include, ...grouped.must];
  if (included.length > 0) conditions.push(sql`s.site IN (${sql.join(included)})`);
  if (grouped.exclude.length > 0) conditions.push(sql`s.site NOT IN (${sql.join(grouped.exclude)})`);
  return conditions;
}

/** "2024-05" -> release dates from 2024-05-01 up to, not including, 2024-06 ('.' sorts right after '-'). */
const monthCondition = (month: string): Condition =>
  sql`(s.release_date >= ${`${month}-`} AND s.release_date < ${`${month}.`})`;

const LIST_COLUMNS = {
  watchlist: 'watchlist',
  favourite: 'favourite',
  wishlist: 'wishlist',
  scripted: 'is_scripted',
} as const;

/** The conditions the counts are taken over, and those of them that select few scenes through an index. */
export interface MatchConditions {
  conditions: Condition[];
  /** Tag and cast conditions every match must meet, with the catalogue's scene counts as their size. */
  selective: Selective[];
}

export function matchConditions({ request, tags, cast, context }: FilterInput): MatchConditions {
  const conditions: Condition[] = [];
  if (request.isWatched !== null) conditions.push(sql`s.is_watched = ${request.isWatched ? 1 : 0}`);
  if (request.volume !== 0) {
    conditions.push(
      sql`s.id IN (SELECT f.scene_id FROM files f WHERE f.volume_id = ${request.volume} AND f.scene_id IS NOT NULL)`,
    );
  }
  for (const list of new Set(request.lists)) conditions.push(sql`${sql.ref(`s.${LIST_COLUMNS[list]}`)} = 1`);
  conditions.push(...attributeConditions(groupEntries(request.attributes), context));
  conditions.push(...siteConditions(groupEntries(request.sites)));
  const tagConditions = relationConditions(groupEntries(request.tags), tags, 'scene_tags', 'tag_id');
  const castConditions = relationConditions(groupEntries(request.cast), cast, 'scene_cast', 'actor_id');
  conditions.push(...tagConditions.conditions, ...castConditions.conditions);
  conditions.push(...cuepointConditions(groupEntries(request.cuepoint)));
  if (request.releaseMonth !== '') conditions.push(monthCondition(request.releaseMonth));
  return { conditions, selective: [...tagConditions.selective, ...castConditions.selective] };
}

/** The status flags a scene must have to be listed (hidden only for dlState "hidden"). */
export interface Availability {
  hidden: 0 | 1;
  available: 0 | 1 | null;
  accessible: 0 | 1 | null;
}

export function availabilityOf(request: SceneListRequest): Availability {
  const bit = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
  return {
    hidden: request.dlState === 'hidden' ? 1 : 0,
    available: bit(request.isAvailable),
    accessible: bit(request.isAccessible),
  };
}

export function availabilityConditions(availability: Availability): Condition[] {
  const conditions: Condition[] = [sql`s.is_hidden = ${availability.hidden}`];
  if (availability.available !== null) conditions.push(sql`s.is_available = ${availability.available}`);
  if (availability.accessible !== null) conditions.push(sql`s.is_accessible = ${availability.accessible}`);
  return conditions;
}
