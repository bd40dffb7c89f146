import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import {
  RUNS_KEPT_PER_SITE,
  STALE_RUN_ERROR,
  ScrapeRunRepository,
  type ScrapeRunResult,
} from '../../../src/repositories/scrape-run.repository';
import { SiteRepository } from '../../../src/repositories/site.repository';
import { SiteService } from '../../../src/scrapers/sites/site.service';
import { captureStatements } from '../../helpers/capture-statements';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';

/* Scrape run records: start and finish, the newest 50 per site, stale runs, last runs and the health list. */

let app: FoveaApp;
let runs: ScrapeRunRepository;
let sites: SiteService;
let tick = 0;

const result = (values: Partial<ScrapeRunResult> = {}): ScrapeRunResult => ({
  status: 'ok',
  pagesFetched: 3,
  scenesSeen: 30,
  scenesNew: 4,
  scenesUpdated: 2,
  scenesRejected: 1,
  httpStatuses: { '200': 31, '429': 2 },
  lastError: '',
  lastErrorUrl: '',
  coverage: [{ field: 'released', empty: 30, of: 30 }],
  ...values,
});

beforeAll(async () => {
  app = await createTestApp();
  runs = new ScrapeRunRepository(app.database.db, () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)));
  sites = new SiteService({ sites: new SiteRepository(app.database.db), runs });
  await sites.syncFromDefinitions(
    ['runs-a', 'runs-b', 'runs-c'].map((id) => ({
      id,
      name: id,
      studio: 'S',
      avatar: '',
      domain: `${id}.com`,
      definitionId: 'runs',
      masterSiteId: '',
      builtin: false,
    })),
  );
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('start and finish', () => {
  it('records a running run, then its outcome in the contract shape', async () => {
    const id = await runs.start('runs-a', 'full', 3);
    const [running] = await sites.runs('runs-a', 1);
    expect(running).toMatchObject({
      id,
      status: 'running',
      kind: 'full',
      finished_at: null,
      definition_version: 3,
    });
    expect(
      await runs.finish(
        id,
        result({ status: 'partial', lastError: 'HTTP 500', lastErrorUrl: 'https://x/2' }),
      ),
    ).toBe(true);
    const [finished] = await sites.runs('runs-a', 1);
    expect(finished).toEqual({
      id,
      site_id: 'runs-a',
      kind: 'full',
      status: 'partial',
      started_at: running?.started_at,
      finished_at: expect.stringMatching(/^2025-01-01T00:00:\d\dZ|^2025-01-01T00:00:\d\d\.\d{3}Z$/) as string,
      pages_fetched: 3,
      scenes_seen: 30,
      scenes_new: 4,
      scenes_updated: 2,
      scenes_rejected: 1,
      http_statuses: { '200': 31, '429': 2 },
      last_error: 'HTTP 500',
      last_error_url: 'https://x/2',
      definition_version: 3,
      coverage: [{ field: 'released', empty: 30, of: 30 }],
    });
    expect(await runs.finish(999_999, result())).toBe(false);
  });
});

describe('keeping runs', () => {
  it(`keeps the newest ${RUNS_KEPT_PER_SITE} runs of a site and leaves other sites alone`, async () => {
    const other = await runs.start('runs-c', 'single', 1);
    const ids: number[] = [];
    for (let i = 0; i < RUNS_KEPT_PER_SITE + 5; i++) ids.push(await runs.start('runs-b', 'limited', 1));
    const kept = await app.database.db
      .selectFrom('scrape_runs')
      .select('id')
      .where('site_id', '=', 'runs-b')
      .orderBy('id', 'desc')
      .execute();
    expect(kept.map((row) => row.id)).toEqual(ids.slice(-RUNS_KEPT_PER_SITE).reverse());
    expect((await sites.runs('runs-c', 10)).map((run) => run.id)).toEqual([other]);
    expect((await sites.runs('runs-b', 20)).map((run) => run.id)).toEqual(ids.slice(-20).reverse());
  });

  it('answers 404 for the runs of an unknown site', async () => {
    await expect(sites.runs('nope', 5)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('failStale', () => {
  it('marks the runs left running as failed, saying the server stopped', async () => {
    const finished = await runs.start('runs-c', 'full', 1);
    await runs.finish(finished, result());
    const left = await runs.start('runs-c', 'full', 1);
    const count = await runs.failStale();
    expect(count).toBeGreaterThanOrEqual(1);
    const [stale, done] = await sites.runs('runs-c', 2);
    expect(stale).toMatchObject({ id: left, status: 'failed', last_error: STALE_RUN_ERROR });
    expect(stale?.finished_at).not.toBeNull();
    expect(done).toMatchObject({ id: finished, status: 'ok', last_error: '' });
    expect(await runs.failStale()).toBe(0);
  });
});

describe('the health list', () => {
  it('gives every site its last run and its definition error', async () => {
    const last = await runs.start('runs-a', 'limited', 4);
    await runs.finish(last, result({ status: 'blocked', lastError: 'HTTP 403 three times' }));
    await app.database.db.insertInto('sites').values({ id: 'runs-none', name: 'runs-none' }).execute();
    const list = await sites.listWithHealth(new Map([['runs-b', 'definition invalid: runs.yaml:3: bad']]));
    const byId = new Map(list.map((site) => [site.id, site]));
    expect(byId.get('runs-a')).toMatchObject({
      studio: 'S',
      domain: 'runs-a.com',
      definition_id: 'runs',
      disabled_reason: '',
      definition_error: '',
      last_run: { id: last, status: 'blocked', kind: 'limited', last_error: 'HTTP 403 three times' },
    });
    expect(byId.get('runs-b')?.definition_error).toBe('definition invalid: runs.yaml:3: bad');
    expect(byId.get('runs-b')?.last_run?.status).toBe('failed');
    expect(byId.get('runs-none')?.last_run).toBeNull();
  });

  it('reads the last runs of all sites in one statement, and the health list in two', async () => {
    let rows: Awaited<ReturnType<typeof runs.lastRuns>> = [];
    const statements = await captureStatements(app, async () => {
      rows = await runs.lastRuns(['runs-a', 'runs-b', 'runs-c', 'runs-none']);
    });
    expect(statements).toHaveLength(1);
    expect(await captureStatements(app, () => sites.listWithHealth(new Map()))).toHaveLength(2);
    expect(rows.map((row) => row.site_id).sort()).toEqual(['runs-a', 'runs-b', 'runs-c']);
    const newest = await app.database.db
      .selectFrom('scrape_runs')
      .select((eb) => ['site_id', eb.fn.max('id').as('id')])
      .groupBy('site_id')
      .execute();
    const expected = new Map(newest.map((row) => [row.site_id, row.id]));
    for (const row of rows) expect(row.id).toBe(expected.get(row.site_id));
  });
});
