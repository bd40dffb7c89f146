import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * Lists in SQL. A list of ids or names goes in as ONE JSON parameter read with json_each, so a statement's
 * text never depends on how many values it carries (and SQLite's parameter limit never matters).
 */

/** `column IN (values)`; `collate` 'NOCASE' compares text ignoring case. */
export function inList(
  column: string,
  values: readonly (number | string)[],
  collate?: 'NOCASE',
): RawBuilder<SqlBool> {
  const ref = collate ? sql`${sql.ref(column)} COLLATE NOCASE` : sql.ref(column);
  return sql<SqlBool>`${ref} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/** `column IN (ids)`. */
export const inIds = (column: string, ids: readonly number[]): RawBuilder<SqlBool> => inList(column, ids);

/** `column IN (names)`. */
export const inNames = (column: string, names: readonly string[]): RawBuilder<SqlBool> =>
  inList(column, names);

/** The conditions joined with AND; true when there are none. */
export const allOf = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
