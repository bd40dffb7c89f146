import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import type { BundleApplierDeps } from '../../../src/bundles/restore/bundle-applier';
import { SUSPENDED_TRIGGERS_KEY } from '../../../src/db/suspended-triggers';
import { extrefFactory } from '../../factories/extref.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { libraryTables } from '../round-trip/library-tables';
import { entry, restore, type RunResult } from './apply-fixture';
import { EVERY_SECTION } from './every-section-bundle';

/*
 * A large restore suspends the per-row triggers and recomputes their work once at the end (BULK_FROM_SCENES).
 * The same bundle restored row by row and in bulk must leave the same library: every table, the derived counts
 * and the search index, with the triggers back as they were.
 */

/** The every-section bundle and a few more scenes sharing its cast, tags and files. */
const BUNDLE = [
  ...EVERY_SECTION,
  ...[2, 3, 4].map((n) =>
    entry('scenes', {
      scene_id: `restorevr-${n}`,
      title: `Harbour Light ${n}`,
      scraper_id: 'restorevr',
      site: 'RestoreVR',
      tags: [{ name: 'blonde' }, { name: `mood ${n}` }],
      cast: [{ name: 'Jane Doe' }, { name: `Extra ${n}` }],
      filenames_arr: `["harbour_${n}.mp4"]`,
    }),
  ),
  entry('sceneCuepoints', {
    scene_id: 'restorevr-2',
    cuepoints: [
      { track: null, time_start: 5, name: 'intro' },
      { track: 0, time_start: 9, name: 'standing' },
    ],
  }),
];

interface Restored {
  app: FoveaApp;
  run: RunResult;
  /** Whether the triggers were suspended at some point of the restore (read as it went). */
  suspendedDuring: boolean;
  triggersBefore: unknown[];
}

async function restoreInto(deps: Pick<BundleApplierDeps, 'bulkFromScenes'>): Promise<Restored> {
  const app = await createTestApp();
  await extrefFactory(app.database.db).site('restorevr', { name: 'RestoreVR' });
  const triggersBefore = await triggerList(app);
  const marker = app.database.sqlite.prepare('SELECT 1 FROM kv WHERE key = ?');
  let suspendedDuring = false;
  const run = await restore(
    app,
    BUNDLE,
    { inclConfig: true },
    {
      bulkFromScenes: deps.bulkFromScenes,
      onProgress: () => {
        if (marker.get(SUSPENDED_TRIGGERS_KEY) !== undefined) suspendedDuring = true;
      },
    },
  );
  return { app, run, suspendedDuring, triggersBefore };
}

async function triggerList(app: FoveaApp): Promise<unknown[]> {
  return (
    await sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`.execute(
      app.database.db,
    )
  ).rows;
}

/** The search index as documents by scene_id. */
async function searchDocuments(app: FoveaApp): Promise<unknown[]> {
  return (
    await sql`SELECT s.scene_id, x.title, x."cast", x.site, x.description, x.scene_code, x.filenames
      FROM scene_search x JOIN scenes s ON s.id = x.rowid ORDER BY s.scene_id`.execute(app.database.db)
  ).rows;
}

/** libraryTables without the times rows were written where the bundle has none (the two restores ran apart). */
async function tablesOf(app: FoveaApp): Promise<Record<string, unknown[]>> {
  const tables = await libraryTables(app.database.db, { derived: true });
  const withoutTimes = (row: unknown) => {
    if (typeof row !== 'object' || row === null) return row;
    const { created_at: _created, ...rest } = row as Record<string, unknown>;
    return rest;
  };
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.map(withoutTimes)]));
}

let rowByRow: Restored;
let bulk: Restored;

beforeAll(async () => {
  rowByRow = await restoreInto({ bulkFromScenes: 1_000 });
  bulk = await restoreInto({ bulkFromScenes: 1 });
});

afterAll(async () => {
  for (const { app } of [rowByRow, bulk]) {
    await app.close();
    removeTempDir(app.config.dataDir);
    removeTempDir(app.config.webDir);
  }
});

describe('a large restore with the per-row triggers suspended', () => {
  it('suspends them only when the bundle brings enough scenes', () => {
    expect(rowByRow.run.outcome).toEqual({ completed: true });
    expect(bulk.run.outcome).toEqual({ completed: true });
    expect(rowByRow.suspendedDuring).toBe(false);
    expect(bulk.suspendedDuring).toBe(true);
  });

  it('leaves the same library as a restore row by row, derived counts included', async () => {
    const expected = await tablesOf(rowByRow.app);
    expect((expected.scenes ?? []).length).toBe(4);
    expect(await tablesOf(bulk.app)).toEqual(expected);
    expect(bulk.run.tally.sections()).toEqual(rowByRow.run.tally.sections());
  });

  it('leaves the same search index, and the triggers back as they were', async () => {
    const documents = await searchDocuments(rowByRow.app);
    expect(documents).toHaveLength(4);
    expect(await searchDocuments(bulk.app)).toEqual(documents);
    expect(await triggerList(bulk.app)).toEqual(bulk.triggersBefore);
    const marker = await bulk.app.database.db
      .selectFrom('kv')
      .select('key')
      .where('key', '=', SUSPENDED_TRIGGERS_KEY)
      .executeTakeFirst();
    expect(marker).toBeUndefined();
  });

  it('gives every new scene a random order key', async () => {
    const keys = await bulk.app.database.db.selectFrom('scenes').select('random_key').execute();
    expect(keys.every((row) => row.random_key > 0)).toBe(true);
  });
});
