import { sql, type RawBuilder } from 'kysely';
import type { ReadWorker } from '../../db/read-worker';
import type { Database } from '../../db/schema';
import { bitmapOf, type SceneBitmap } from '../../scene-sets/scene-bitmap';
import { inIds } from '../sql-lists';
import { sqlOfAll, type Condition, type SceneIdQuery } from './scene-condition';
import type { SortOrder } from './sort-order';

/** Every scene's id with its status flags packed as hidden | available << 1 | accessible << 2. */
export interface StatusRows {
  ids: number[];
  flags: number[];
}

/**
 * The SQL the scene list needs when it works on sets of scene ids in memory (services/scene-matcher.ts):
 * the status of every scene, the ids a subquery or a column test selects, and scene ids in sort order.
 * Id lists come back as one JSON array per statement: reading tens of thousands of one-column rows one
 * by one costs several times more.
 */
export class SceneSetRepository {
  constructor(
    private readonly db: Database,
    private readonly worker: ReadWorker | null = null,
  ) {}

  /** Every scene's status, read from the narrow default-list index (id included) without touching rows. */
  async statusRows(): Promise<StatusRows> {
    const result = await sql<{ ids: string; flags: string }>`
      SELECT json_group_array(id) AS ids,
        json_group_array(is_hidden | (is_available << 1) | (is_accessible << 2)) AS flags
      FROM scenes INDEXED BY idx_scenes_default_list`.execute(this.db);
    const row = result.rows[0];
    return { ids: parseIds(row?.ids), flags: parseIds(row?.flags) };
  }

  /** The SQL text and parameters of a set's query: equal keys select the same scenes. */
  queryKey(query: SceneIdQuery): string {
    const compiled = query.compile(this.db);
    return JSON.stringify([compiled.sql, compiled.parameters]);
  }

  /** The scene ids a set's subquery selects (repeats possible). */
  async idsOf(query: SceneIdQuery): Promise<number[]> {
    return this.jsonIds(idsStatement(query));
  }

  /**
   * The scenes each query selects, as bitmaps of `capacity` bits. With several queries this thread and the
   * read worker share them: this thread takes them from the front, the worker from the back, each taking the
   * next as soon as it is free, so two cores share the work however the sizes fall; a query the worker
   * fails on is read here instead.
   */
  async bitmapsOf(queries: readonly SceneIdQuery[], capacity: number): Promise<SceneBitmap[]> {
    const bitmaps: (SceneBitmap | null)[] = queries.map(() => null);
    const pending = queries.map((_query, i) => i);
    const readHere = async (i: number) => {
      const query = queries[i];
      if (query) bitmaps[i] = bitmapOf(await this.idsOf(query), capacity);
    };
    const here = async () => {
      for (let i = pending.shift(); i !== undefined; i = pending.shift()) {
        await readHere(i);
        // Let the worker's answer in (messages wait for the event loop), so it takes its next query.
        if (this.worker) await new Promise((resume) => setImmediate(resume));
      }
    };
    const worker = this.worker;
    const aside = async () => {
      if (!worker) return;
      for (let i = pending.pop(); i !== undefined && worker.available; i = pending.pop()) {
        const query = queries[i];
        if (!query) continue;
        bitmaps[i] = await worker.bitmap(idsStatement(query).compile(this.db), capacity).catch(() => null);
      }
    };
    await Promise.all([here(), queries.length > 1 ? aside() : Promise.resolve()]);
    for (const [i, bitmap] of bitmaps.entries()) if (!bitmap) await readHere(i);
    return bitmaps.map((bitmap) => bitmap ?? bitmapOf([], capacity));
  }

  /**
   * The ids of the scenes that pass every column test: among `candidates`, each looked up by id, or, without
   * them, in one pass over the filter-facts index (which holds every column a test reads).
   */
  async idsPassing(tests: readonly Condition[], candidates: readonly number[] | null): Promise<number[]> {
    const from = candidates
      ? sql`scenes s NOT INDEXED WHERE ${inIds('s.id', candidates)} AND`
      : sql`scenes s INDEXED BY idx_scenes_filter_facts WHERE`;
    return this.jsonIds(sql`SELECT json_group_array(s.id) AS ids FROM ${from} ${sqlOfAll(tests)}`);
  }

  /** `limit` scene ids from `offset` in the sort's order, read from its index, of the scenes passing `tests`. */
  async idsInSortOrder(
    sort: Pick<SortOrder, 'orderBy' | 'index'>,
    tests: readonly Condition[],
    page: { limit: number; offset: number },
  ): Promise<number[]> {
    const result = await sql<{ id: number }>`
      SELECT s.id FROM scenes s INDEXED BY ${sql.id(sort.index)} WHERE ${sqlOfAll(tests)}
      ORDER BY ${sort.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  /** One page of `ids` in the sort's order (each scene looked up by id, then sorted). */
  async sortIds(
    ids: readonly number[],
    sort: Pick<SortOrder, 'orderBy'>,
    page: { limit: number; offset: number },
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const result = await sql<{ id: number }>`
      SELECT s.id FROM scenes s NOT INDEXED WHERE ${inIds('s.id', ids)}
      ORDER BY ${sort.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  private async jsonIds(query: RawBuilder<unknown>): Promise<number[]> {
    const result = await sql<{ ids: string | null }>`${query}`.execute(this.db);
    return parseIds(result.rows[0]?.ids);
  }
}

const idsStatement = (query: SceneIdQuery) =>
  sql<{ ids: string | null }>`SELECT json_group_array(q.scene_id) AS ids FROM (${query}) q`;

function parseIds(json: string | null | undefined): number[] {
  return json ? (JSON.parse(json) as number[]) : [];
}
