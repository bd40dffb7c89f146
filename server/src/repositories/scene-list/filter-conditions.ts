import type { SceneListRequest } from '@fovea/contract';
import { sql } from 'kysely';
import { inIds } from '../sql-lists';
import {
  anyAttribute,
  attributeTerms,
  everyAttribute,
  noAttribute,
  type AttributeContext,
} from './attribute-conditions';
import { groupEntries, type GroupedEntries } from './filter-entries';
import { countIs, flagSet, releasedInMonth, siteIn } from './indexed-tests';
import {
  cuepointLikeAny,
  cuepointLikeEach,
  relatedToEach,
  SEPARATE_MUST_SETS,
  SMALL_LIST,
} from './list-sets';
import { columns, idsFrom, not, NOTHING, sceneIdIn, type Condition } from './scene-condition';

/*
 * The WHERE conditions of a scene-list request on `scenes s`, split as the reference splits them: the
 * "matching" part (everything the counts are taken over) and the availability part (isAvailable,
 * isAccessible and the hidden flag, applied to the page only).
 */

/** Tag or cast names resolved to ids; a group entry ("tag group:x", "aka:x") maps to its members. */
export type ResolvedNames = ReadonlyMap<string, readonly number[]>;

export interface FilterInput {
  request: SceneListRequest;
  tags: ResolvedNames;
  cast: ResolvedNames;
  context: AttributeContext;
}

/** Scenes related through `table.column` to any of `ids` (tags through scene_tags, cast through scene_cast). */
function related(table: 'scene_tags' | 'scene_cast', column: 'tag_id' | 'actor_id', ids: readonly number[]) {
  return sceneIdIn(
    sql`SELECT j.scene_id AS scene_id FROM ${sql.table(table)} j WHERE ${inIds(`j.${column}`, [...new Set(ids)])}`,
  );
}

/**
 * Plain entries: any of them; `&` entries: each of them (past SEPARATE_MUST_SETS as one set, list-sets.ts); `!`
 * entries: none of them. A name that resolves to nothing matches no scene.
 */
function relationConditions(
  grouped: GroupedEntries,
  resolved: ResolvedNames,
  table: 'scene_tags' | 'scene_cast',
  column: 'tag_id' | 'actor_id',
): Condition[] {
  const conditions: Condition[] = [];
  const resolvedOf = (name: string) => resolved.get(name) ?? [];
  const mustMatch = (ids: readonly number[]) => {
    if (ids.length === 0) {
      conditions.push(NOTHING);
      return;
    }
    conditions.push(related(table, column, ids));
  };
  if (grouped.include.length > 0) mustMatch(grouped.include.flatMap(resolvedOf));
  if (grouped.must.length <= SEPARATE_MUST_SETS) {
    for (const name of grouped.must) mustMatch(resolvedOf(name));
  } else {
    const groups = grouped.must.map(resolvedOf);
    conditions.push(groups.some((ids) => ids.length === 0) ? NOTHING : relatedToEach(table, column, groups));
  }
  const excluded = grouped.exclude.flatMap(resolvedOf);
  if (excluded.length > 0) conditions.push(not(related(table, column, excluded)));
  return conditions;
}

/** A cuepoint filter value as a LIKE pattern: `*` is a wildcard, "quoted" is exact, else a substring. */
export function cuepointPattern(value: string): string {
  const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
  const text = quoted ? value.slice(1, -1) : value;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  return quoted ? escaped : `%${escaped}%`;
}

/** The literal text a LIKE pattern starts with (up to its first wildcard), unescaped. */
export function likePrefix(pattern: string): string {
  let prefix = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '%' || c === '_') break;
    if (c === '\\') i++;
    prefix += pattern[i] ?? '';
  }
  return prefix;
}

/**
 * `c.name LIKE pattern` (case-insensitive for ASCII, as LIKE is), and when the pattern starts with text, the
 * range of the case-free name index that text covers, so SQLite reads that range instead of every cuepoint
 * name (it would find the range by itself only when it plans with the pattern's value).
 */
function nameLike(value: string) {
  const pattern = cuepointPattern(value);
  const like = sql`c.name LIKE ${pattern} ESCAPE '\\'`;
  const prefix = likePrefix(pattern).replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (prefix === '') return like;
  const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`(c.name COLLATE NOCASE >= ${prefix} AND c.name COLLATE NOCASE < ${next} AND ${like})`;
}

/** Scenes with a cuepoint matching any of the values: a few as index ranges, many as one set. */
const cuepointLike = (values: readonly string[]): Condition =>
  values.length <= SMALL_LIST
    ? idsFrom`SELECT c.scene_id AS scene_id FROM scene_cuepoints c WHERE ${sql.join(values.map(nameLike), sql` OR `)}`
    : cuepointLikeAny(values.map(cuepointPattern));

function cuepointConditions(grouped: GroupedEntries): Condition[] {
  const conditions: Condition[] = [];
  const isAny = (v: string) => v === '*';
  const hasCuepoints = countIs('cuepoint_count', '>', 0);
  if (grouped.include.length > 0) {
    conditions.push(grouped.include.some(isAny) ? hasCuepoints : cuepointLike(grouped.include));
  }
  if (grouped.must.some(isAny)) conditions.push(hasCuepoints);
  const must = grouped.must.filter((v) => !isAny(v));
  if (must.length <= SMALL_LIST) conditions.push(...must.map((value) => cuepointLike([value])));
  else conditions.push(cuepointLikeEach(must.map(cuepointPattern)));
  if (grouped.exclude.some(isAny)) conditions.push(not(hasCuepoints));
  const excluded = grouped.exclude.filter((v) => !isAny(v));
  if (excluded.length > 0) conditions.push(not(cuepointLike(excluded)));
  return conditions;
}

/** Known attributes only, each distinct test once (attribute-conditions.ts). */
function attributeConditions(grouped: GroupedEntries, context: AttributeContext): Condition[] {
  const included = anyAttribute(attributeTerms(grouped.include), context);
  return [
    ...(included ? [included] : []),
    ...everyAttribute(attributeTerms(grouped.must), context),
    ...noAttribute(attributeTerms(grouped.exclude), context),
  ];
}

function siteConditions(grouped: GroupedEntries): Condition[] {
  const conditions: Condition[] = [];
  const included = [...grouped.include, ...grouped.must];
  if (included.length > 0) conditions.push(siteIn(included));
  if (grouped.exclude.length > 0) conditions.push(not(siteIn(grouped.exclude)));
  return conditions;
}

const LIST_FLAGS = {
  watchlist: 'watchlist',
  favourite: 'favourite',
  wishlist: 'wishlist',
  scripted: 'is_scripted',
} as const;

/** The conditions the counts are taken over. */
export function matchConditions({ request, tags, cast, context }: FilterInput): Condition[] {
  const conditions: Condition[] = [];
  if (request.isWatched !== null) {
    conditions.push(request.isWatched ? flagSet('is_watched') : not(flagSet('is_watched')));
  }
  if (request.volume !== 0) {
    conditions.push(
      idsFrom`SELECT f.scene_id AS scene_id FROM files f WHERE f.volume_id = ${request.volume} AND f.scene_id IS NOT NULL`,
    );
  }
  for (const list of new Set(request.lists)) conditions.push(flagSet(LIST_FLAGS[list]));
  conditions.push(...attributeConditions(groupEntries(request.attributes), context));
  conditions.push(...siteConditions(groupEntries(request.sites)));
  conditions.push(...relationConditions(groupEntries(request.tags), tags, 'scene_tags', 'tag_id'));
  conditions.push(...relationConditions(groupEntries(request.cast), cast, 'scene_cast', 'actor_id'));
  conditions.push(...cuepointConditions(groupEntries(request.cuepoint)));
  if (request.releaseMonth !== '') conditions.push(releasedInMonth(request.releaseMonth));
  return conditions;
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
  const conditions: Condition[] = [columns`s.is_hidden = ${availability.hidden}`];
  if (availability.available !== null) conditions.push(columns`s.is_available = ${availability.available}`);
  if (availability.accessible !== null)
    conditions.push(columns`s.is_accessible = ${availability.accessible}`);
  return conditions;
}
