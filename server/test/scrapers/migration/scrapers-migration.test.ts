import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrator';
import { migrations } from '../../../src/db/migrations';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';

/*
 * Migration 0009 on a library that already has sites and scenes: the rows stay, the new site columns take
 * their defaults, scrape_runs is created with its index, and the known-scene and scene-count lookups are
 * indexed.
 */

let dir: string;
let opened: OpenedDatabase;
let applied: string[];

beforeAll(async () => {
  dir = makeTempDir('fovea-migration-0009-');
  const file = path.join(dir, 'fovea.db');
  const before = migrations.findIndex((migration) => migration.id === '0009-scrapers');
  expect(before).toBeGreaterThan(0);
  const first = openDatabase(file);
  await migrateToLatest({
    opened: first,
    backupDir: path.join(dir, 'backups'),
    migrations: migrations.slice(0, before),
  });
  await sql`INSERT INTO sites (id, name, is_enabled, subscribed, last_update, matching_params)
    VALUES ('wetvr', 'WetVR', 1, 1, '2024-05-01T10:00:00.000Z', '{"boost_title":3}')`.execute(first.db);
  await sql`INSERT INTO scenes (scene_id, title, scraper_id, scene_url)
    VALUES ('wetvr-1', 'One', 'wetvr', 'https://wetvr.com/video/1')`.execute(first.db);
  await first.close();
  opened = openDatabase(file);
  applied = (await migrateToLatest({ opened, backupDir: path.join(dir, 'backups') })).applied;
});

afterAll(async () => {
  await opened.close();
  removeTempDir(dir);
});

describe('migration 0009-scrapers', () => {
  it('is applied on the existing library and keeps its sites and scenes', async () => {
    expect(applied).toContain('0009-scrapers');
    const site = await opened.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 'wetvr')
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({
      name: 'WetVR',
      is_enabled: 1,
      subscribed: 1,
      last_update: '2024-05-01T10:00:00.000Z',
      matching_params: '{"boost_title":3}',
      studio: '',
      domain: '',
      definition_id: '',
      disabled_reason: '',
      has_scraper: 0,
    });
    const scene = await opened.db
      .selectFrom('scenes')
      .select(['title', 'scraper_id'])
      .executeTakeFirstOrThrow();
    expect(scene).toEqual({ title: 'One', scraper_id: 'wetvr' });
  });

  it('creates scrape_runs with its checks and the (site_id, id DESC) index', async () => {
    await opened.db
      .insertInto('scrape_runs')
      .values({ site_id: 'wetvr', kind: 'full', status: 'running', started_at: '2024-05-01T10:00:00.000Z' })
      .execute();
    const run = await opened.db.selectFrom('scrape_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({
      http_statuses: '{}',
      coverage: '[]',
      last_error: '',
      scenes_new: 0,
      finished_at: null,
    });
    await expect(
      sql`INSERT INTO scrape_runs (site_id, kind, status, started_at) VALUES ('x', 'full', 'fine', 'now')`.execute(
        opened.db,
      ),
    ).rejects.toThrow(/CHECK/);
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT id FROM scrape_runs WHERE site_id = 'wetvr' ORDER BY id DESC LIMIT 50`.execute(opened.db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('idx_scrape_runs_site_id_id');
  });

  it('answers the known-scene and per-site lookups from indexes', async () => {
    const known = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT id FROM scenes WHERE scene_url = 'https://wetvr.com/video/1'`.execute(opened.db);
    expect(known.rows.map((row) => row.detail).join(' ')).toMatch(
      /USING (COVERING )?INDEX idx_scenes_scene_url/,
    );
    const perSite = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT COUNT(*) FROM scenes WHERE scraper_id = 'wetvr'`.execute(opened.db);
    expect(perSite.rows.map((row) => row.detail).join(' ')).toMatch(
      /USING (COVERING )?INDEX idx_scenes_scraper_id/,
    );
  });
});
