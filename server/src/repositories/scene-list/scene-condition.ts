import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * One condition of the scene list, on `scenes s`, in two forms:
 * - `sql`, the test itself, which SQLite can run on any row;
 * - `sceneSet`, present when the test only asks whether the scene's id is in sets of ids that subqueries give
 *   (a tag, an actor, a file attribute, a cuepoint name...). Such sets are cheaper to fetch and combine in
 *   memory than to probe once per scene (see services/scene-matcher.ts), so the list can use either form.
 */

/** A subquery that selects scene ids in one column named `scene_id`. */
export type SceneIdQuery = RawBuilder<unknown>;

/** A set of scene ids as subqueries combined. */
export type SceneSet =
  | { readonly kind: 'ids'; readonly query: SceneIdQuery }
  | { readonly kind: 'not'; readonly of: SceneSet }
  | { readonly kind: 'any'; readonly of: readonly SceneSet[] }
  | { readonly kind: 'none' };

export interface Condition {
  readonly sql: RawBuilder<SqlBool>;
  /** The same test as a set of scene ids, when it is one; null for a test on the scene's own columns. */
  readonly sceneSet: SceneSet | null;
}

/** A test on the scene's own columns. */
export const columnTest = (test: RawBuilder<SqlBool>): Condition => ({ sql: test, sceneSet: null });

/** The tagged template form of columnTest: columns`s.favourite = 1`. */
export const columns = (text: TemplateStringsArray, ...values: unknown[]): Condition =>
  columnTest(sql<SqlBool>(text, ...values));

/** Scenes whose id the subquery selects (its one column must be named `scene_id`). */
export const sceneIdIn = (query: SceneIdQuery): Condition => ({
  sql: sql<SqlBool>`s.id IN (${query})`,
  sceneSet: { kind: 'ids', query },
});

/** The tagged template form of sceneIdIn: idsFrom`SELECT c.scene_id FROM ...`. */
export const idsFrom = (text: TemplateStringsArray, ...values: unknown[]): Condition =>
  sceneIdIn(sql(text, ...values));

/** No scene (a filter entry that names nothing known). */
export const NOTHING: Condition = { sql: sql<SqlBool>`0`, sceneSet: { kind: 'none' } };

export function not(condition: Condition): Condition {
  return {
    sql: sql<SqlBool>`NOT (${condition.sql})`,
    sceneSet: condition.sceneSet ? { kind: 'not', of: condition.sceneSet } : null,
  };
}

/** Up to this many terms are joined flat (a AND b AND c); SQLite's parser nests each one level deeper. */
const FLAT_JOIN = 16;

/**
 * The tests joined with AND or OR; past FLAT_JOIN terms as a balanced tree of parenthesised halves, so the
 * expression depth grows with the logarithm of the count, never near SQLite's limit of 1000 (SQLite splits
 * nested ANDs and ORs into the same terms, so the plan does not change).
 */
function joined(tests: readonly RawBuilder<SqlBool>[], operator: 'AND' | 'OR'): RawBuilder<SqlBool> {
  if (tests.length <= FLAT_JOIN) return sql<SqlBool>`${sql.join(tests, sql.raw(` ${operator} `))}`;
  const half = Math.ceil(tests.length / 2);
  const left = joined(tests.slice(0, half), operator);
  const right = joined(tests.slice(half), operator);
  return sql<SqlBool>`(${left}) ${sql.raw(operator)} (${right})`;
}

/** Any of the conditions (at least one). */
export function anyOf(conditions: readonly Condition[]): Condition {
  if (conditions.length === 1 && conditions[0]) return conditions[0];
  const sets = conditions.map((c) => c.sceneSet);
  return {
    sql: sql<SqlBool>`(${joined(
      conditions.map((c) => c.sql),
      'OR',
    )})`,
    sceneSet: sets.every((s): s is SceneSet => s !== null) ? { kind: 'any', of: sets } : null,
  };
}

/** Both forms' SQL joined with AND; true when there are none. */
export const sqlOfAll = (conditions: readonly Condition[]): RawBuilder<SqlBool> =>
  conditions.length === 0
    ? sql<SqlBool>`1`
    : joined(
        conditions.map((c) => c.sql),
        'AND',
      );
