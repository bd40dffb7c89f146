import { sql, type Selectable } from 'kysely';
import type { Database, ScrapeRunKindColumn, ScrapeRunStatusColumn, ScrapeRunsTable } from '../db/schema';
import { inNames } from './sql-lists';

export type ScrapeRunRow = Selectable<ScrapeRunsTable>;

/** How a run ended, as the runner reports it. */
export interface ScrapeRunResult {
  status: Exclude<ScrapeRunStatusColumn, 'running'>;
  pagesFetched: number;
  scenesSeen: number;
  scenesNew: number;
  scenesUpdated: number;
  scenesRejected: number;
  /** Answers by HTTP status, e.g. {"200": 31, "429": 2}; "network" for requests with no answer. */
  httpStatuses: Record<string, number>;
  lastError: string;
  lastErrorUrl: string;
  coverage: { field: string; empty: number; of: number }[];
}

/** Runs kept per site; older ones are deleted when a run starts. */
export const RUNS_KEPT_PER_SITE = 50;

export const STALE_RUN_ERROR = 'the server stopped';

const count = (value: number) => Math.max(0, Math.round(value));

/** The record of every scrape run (`scrape_runs`), newest 50 per site. */
export class ScrapeRunRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Records a run as running and drops the site's runs beyond the newest 50; answers its id. */
  async start(siteId: string, kind: ScrapeRunKindColumn, definitionVersion: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('scrape_runs')
        .values({
          site_id: siteId,
          kind,
          status: 'running',
          started_at: this.clock().toISOString(),
          definition_version: count(definitionVersion),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`DELETE FROM scrape_runs WHERE site_id = ${siteId} AND id <= (
        SELECT id FROM scrape_runs WHERE site_id = ${siteId} ORDER BY id DESC LIMIT 1 OFFSET ${RUNS_KEPT_PER_SITE})`.execute(
        trx,
      );
      return row.id;
    });
  }

  /** Records how a run ended; answers false when the run is unknown (pruned or never started). */
  async finish(id: number, result: ScrapeRunResult): Promise<boolean> {
    const updated = await this.db
      .updateTable('scrape_runs')
      .set({
        status: result.status,
        finished_at: this.clock().toISOString(),
        pages_fetched: count(result.pagesFetched),
        scenes_seen: count(result.scenesSeen),
        scenes_new: count(result.scenesNew),
        scenes_updated: count(result.scenesUpdated),
        scenes_rejected: count(result.scenesRejected),
        http_statuses: JSON.stringify(result.httpStatuses),
        last_error: result.lastError,
        last_error_url: result.lastErrorUrl,
        coverage: JSON.stringify(result.coverage),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** The newest run of each of these sites (sites without runs are absent), in one statement. */
  lastRuns(siteIds: readonly string[]): Promise<ScrapeRunRow[]> {
    if (siteIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scrape_runs')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('scrape_runs')
          .select((inner) => inner.fn.max('id').as('id'))
          .where(inNames('site_id', siteIds))
          .groupBy('site_id'),
      )
      .execute();
  }

  /** A site's newest runs, newest first. */
  list(siteId: string, limit: number): Promise<ScrapeRunRow[]> {
    return this.db
      .selectFrom('scrape_runs')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .limit(Math.max(1, Math.min(limit, RUNS_KEPT_PER_SITE)))
      .execute();
  }

  /** Runs a previous process left running become failed ("the server stopped"); answers how many. */
  async failStale(): Promise<number> {
    const result = await this.db
      .updateTable('scrape_runs')
      .set({ status: 'failed', finished_at: this.clock().toISOString(), last_error: STALE_RUN_ERROR })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
