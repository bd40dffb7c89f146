import {
  EXTERNAL_SOURCE_STASHDB_PERFORMER,
  type ActorAttribute,
  type ActorAttributeField,
} from '@fovea/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { allOf, inList } from '../sql-lists';
import { age, birthKnown } from './actor-expressions';
import type {
  ActorAttributeTest,
  ActorEntryGroups,
  ActorQuery,
  ActorRange,
  ActorRangeName,
} from './actor-query';

/*
 * The WHERE clause of the actor list over the actor row `a`. Values always go in as parameters (lists as
 * one JSON parameter), never into the SQL text.
 */

const TRUE = sql<SqlBool>`1`;
const FALSE = sql<SqlBool>`0`;
const not = (condition: RawBuilder<SqlBool>) => sql<SqlBool>`NOT (${condition})`;
const anyOf = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;

/** Plain entries: any of them; `&`: each; `!`: none of them. No entries: no filter. */
function grouped<T>(
  groups: ActorEntryGroups<T>,
  test: (entry: T) => RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (groups.include.length > 0) parts.push(anyOf(groups.include.map(test)));
  for (const entry of groups.must) parts.push(test(entry));
  for (const entry of groups.exclude) parts.push(not(test(entry)));
  return allOf(parts);
}

/** Links of actor `a` to an external source (stashdb performer, "<site> scrape"). */
const linkCount = (source: string) => sql<number>`(SELECT COUNT(*) FROM external_reference_links l
  WHERE l.internal_table = 'actors' AND l.internal_db_id = a.id AND l.external_source = ${source})`;
const hasLink = (source: string) => sql<SqlBool>`EXISTS (SELECT 1 FROM external_reference_links l
  WHERE l.internal_table = 'actors' AND l.internal_db_id = a.id AND l.external_source = ${source})`;

/** A JSON list column holding at least one entry. */
const hasEntries = (column: 'tattoos' | 'piercings') =>
  sql<SqlBool>`(json_valid(${sql.ref(`a.${column}`)}) AND json_array_length(${sql.ref(`a.${column}`)}) > 0)`;

/** Actor `o` is in an aka group with actor `a`. */
const groupedWith = sql<SqlBool>`EXISTS (SELECT 1 FROM actor_akas x JOIN actor_akas y ON y.aka_id = x.aka_id
  WHERE x.actor_id = a.id AND y.actor_id = o.id)`;

/**
 * Another plain actor that may be the same person and is not already grouped with `a`: linked to the same
 * StashDB performer, or named like one of `a`'s aliases (any case). The same rule as the akas call's
 * `possible_akas` (ActorAkaRepository.possibleAkas).
 */
const possibleAka = sql<SqlBool>`(a.is_aka_group = 0 AND (EXISTS (SELECT 1 FROM external_reference_links l
    JOIN external_reference_links ol ON ol.external_reference_id = l.external_reference_id
      AND ol.internal_table = 'actors' AND ol.internal_db_id <> a.id
    JOIN actors o ON o.id = ol.internal_db_id AND o.is_aka_group = 0
  WHERE l.internal_table = 'actors' AND l.internal_db_id = a.id
    AND l.external_source = ${EXTERNAL_SOURCE_STASHDB_PERFORMER} AND NOT ${groupedWith})
  OR (a.aliases NOT IN ('', '[]') AND json_valid(a.aliases) AND EXISTS (SELECT 1 FROM json_each(a.aliases) j
    JOIN actors o ON o.name = j.value COLLATE NOCASE AND o.id <> a.id AND o.is_aka_group = 0
    WHERE NOT ${groupedWith}))))`;

const RATING_PREFIX = 'Rating ';

function fixedAttribute(name: ActorAttribute): RawBuilder<SqlBool> {
  if (name.startsWith(RATING_PREFIX)) {
    return sql<SqlBool>`a.star_rating = ${Number(name.slice(RATING_PREFIX.length))}`;
  }
  switch (name) {
    case 'Is Favourite':
      return sql<SqlBool>`a.favourite = 1`;
    case 'In Watchlist':
      return sql<SqlBool>`a.watchlist = 1`;
    case 'Has Rating':
      return sql<SqlBool>`a.star_rating > 0`;
    case 'Has Stashdb Link':
      return hasLink(EXTERNAL_SOURCE_STASHDB_PERFORMER);
    case 'Multiple Stashdb Links':
      return sql<SqlBool>`${linkCount(EXTERNAL_SOURCE_STASHDB_PERFORMER)} > 1`;
    case 'SLR Scraper':
      return hasLink('slr scrape');
    case 'VRPorn Scraper':
      return hasLink('vrporn scrape');
    case 'Has Tattoo':
      return hasEntries('tattoos');
    case 'Has Piercing':
      return hasEntries('piercings');
    case 'Aka Group':
      return sql<SqlBool>`a.is_aka_group = 1`;
    case 'In An Aka Group':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM actor_akas ak WHERE ak.actor_id = a.id)`;
    case 'Possible Aka':
      return possibleAka;
    case 'Has Image':
      return sql<SqlBool>`a.image_url <> ''`;
    case 'No Cup Size':
      return sql<SqlBool>`a.cup_size = ''`;
    default:
      return FALSE;
  }
}

/** The actor column behind each generated attribute ("Cup Size D" → cup_size). */
export const ATTRIBUTE_COLUMNS = {
  cupSize: 'cup_size',
  hairColor: 'hair_color',
  eyeColor: 'eye_color',
  nationality: 'nationality',
  ethnicity: 'ethnicity',
  breastType: 'breast_type',
  gender: 'gender',
} as const satisfies Record<ActorAttributeField, string>;
export type AttributeColumn = (typeof ATTRIBUTE_COLUMNS)[ActorAttributeField];

function attribute(test: ActorAttributeTest): RawBuilder<SqlBool> {
  switch (test.kind) {
    case 'fixed':
      return fixedAttribute(test.name);
    case 'field':
      return test.values.length === 0
        ? FALSE
        : inList(`a.${ATTRIBUTE_COLUMNS[test.field]}`, test.values, 'NOCASE');
    case 'none':
      return FALSE;
  }
}

/** Actor `a` is in a scene of one of these sites (the (site, actor) pairs of `actor_sites`, by site). */
const inSites = (sites: readonly string[]) => sql<SqlBool>`a.id IN (SELECT st.actor_id FROM actor_sites st
  WHERE ${inList('st.site', sites)})`;

/** Up to this many must-have sites, each is its own subquery. */
const EVERY_SITE_SUBQUERIES = 8;

/**
 * Actor `a` is in scenes of every one of these sites: one subquery per site for a few, one grouped count for
 * many (so the statement does not grow with the list).
 */
function inEverySite(sites: readonly string[]): RawBuilder<SqlBool>[] {
  if (sites.length <= EVERY_SITE_SUBQUERIES) return sites.map((site) => inSites([site]));
  return [
    sql<SqlBool>`a.id IN (SELECT st.actor_id FROM actor_sites st WHERE ${inList('st.site', sites)}
      GROUP BY st.actor_id HAVING count(DISTINCT st.site) = ${new Set(sites).size})`,
  ];
}
function sites(groups: ActorEntryGroups<string>): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (groups.include.length > 0) parts.push(inSites(groups.include));
  parts.push(...inEverySite(groups.must));
  if (groups.exclude.length > 0) parts.push(not(inSites(groups.exclude)));
  return allOf(parts);
}

/** Cast entries name actors: plain or `&` entries keep those actors, `!` entries drop them. */
function cast(groups: ActorEntryGroups<string>): RawBuilder<SqlBool> {
  const keep = [...groups.include, ...groups.must];
  const parts: RawBuilder<SqlBool>[] = [];
  if (keep.length > 0) parts.push(inList('a.name', keep, 'NOCASE'));
  if (groups.exclude.length > 0) parts.push(not(inList('a.name', groups.exclude, 'NOCASE')));
  return allOf(parts);
}

/**
 * The value a range filters and when it is known (unknown values never pass an active range). An actor without
 * rated scenes has the average scene rating 0.
 */
const RANGE_VALUES: Record<ActorRangeName, { value: RawBuilder<number>; known: RawBuilder<unknown> }> = {
  age: { value: age, known: birthKnown },
  height: { value: sql`a.height`, known: sql`a.height > 0` },
  weight: { value: sql`a.weight`, known: sql`a.weight > 0` },
  count: { value: sql`a.count`, known: TRUE },
  avail: { value: sql`a.avail_count`, known: TRUE },
  rating: { value: sql`a.star_rating`, known: TRUE },
  scene_rating: { value: sql`COALESCE(a.scene_rating_average, 0)`, known: TRUE },
};

function range({ name, min, max }: ActorRange): RawBuilder<SqlBool> {
  const { value, known } = RANGE_VALUES[name];
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${known}`];
  if (min !== null) parts.push(sql<SqlBool>`${value} >= ${min}`);
  if (max !== null) parts.push(sql<SqlBool>`${value} <= ${max}`);
  return allOf(parts);
}

/** Every filter of the query, joined with AND. */
export function actorWhere(query: ActorQuery): RawBuilder<SqlBool> {
  return allOf([
    ...query.lists.map((list) =>
      list === 'favourite' ? sql<SqlBool>`a.favourite = 1` : sql<SqlBool>`a.watchlist = 1`,
    ),
    cast(query.cast),
    sites(query.sites),
    grouped(query.attributes, attribute),
    ...query.ranges.map(range),
  ]);
}
