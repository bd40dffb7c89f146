import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../../server/src/db/schema';
import { libraryTables } from '../../server/test/bundles/round-trip/library-tables';
import { buildXbvrSqlite } from '../../server/test/bundles/xbvr-db/xbvr-sqlite-builder';
import { startExtraServer, type ExtraServer } from '../support/extra-server';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/**
 * The tables a bundle covers, read from a data folder's database file (read-only). The seeded library's status
 * columns wait for a refresh another spec runs, while a restore computes them: they are left out.
 */
async function tablesOf(dataDir: string) {
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({
      database: new BetterSqlite3(join(dataDir, 'fovea.db'), { readonly: true }),
    }),
  });
  try {
    return await libraryTables(db, { derived: false });
  } finally {
    await db.destroy();
  }
}

async function openDataSection(page: Page, base: string) {
  await page.goto(`${base}/ui/#/options?section=data`);
  await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
}

test.describe('Data import/export', () => {
  let fresh: ExtraServer;
  let work = '';

  test.beforeAll(async () => {
    fresh = await startExtraServer();
    work = mkdtempSync(join(tmpdir(), 'fovea-e2e-bundle-'));
  });

  test.afterAll(async () => {
    await fresh.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('the e2e library exported from Options restores into an empty install, table for table', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await openDataSection(page, (baseURL ?? '').replace(/\/$/, ''));
    await page.getByRole('tab', { name: 'Export' }).click();
    const exportCard = page.getByTestId('bundle-export');
    await exportCard.getByRole('tab', { name: 'Settings/Misc Data' }).click();
    await exportCard.getByRole('switch', { name: 'Settings' }).check();
    await expect(exportCard.getByTestId('bundle-settings-warning')).toBeVisible();
    await exportCard.getByRole('button', { name: 'Export' }).click();
    const link = page.getByTestId('bundle-download-link');
    await expect(link).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${shots}data-export.png`, fullPage: true });
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('xbvr-content-bundle.json');
    const file = join(work, 'xbvr-content-bundle.json');
    await download.saveAs(file);

    await openDataSection(page, fresh.url);
    const importCard = page.getByTestId('bundle-import');
    await importCard.getByRole('tab', { name: 'Settings/Misc Data' }).click();
    await importCard.getByRole('switch', { name: 'Settings' }).check();
    await importCard.locator('input[type="file"]').setInputFiles(file);
    const report = page.getByTestId('transfer-report-restore');
    await expect(report.getByTestId('transfer-report-status')).toHaveText('Done', { timeout: 60_000 });
    await expect(report.getByTestId('transfer-report-scenes-added')).not.toHaveText('0');
    await page.screenshot({ path: `${shots}data-import.png`, fullPage: true });

    const source = await tablesOf(process.env.FOVEA_E2E_DATA_DIR ?? '');
    const restored = await tablesOf(fresh.dataDir);
    for (const table of [
      'scenes',
      'actors',
      'files',
      'volumes',
      'tags',
      'scene_tags',
      'scene_cast',
      'playlists',
    ]) {
      expect(source[table]?.length, table).toBeGreaterThan(0);
    }
    for (const table of Object.keys(source)) expect(restored[table], table).toEqual(source[table]);
  });

  test('moves in from an XBVR database: the dry run counts, then the import brings it in', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const xbvrFile = buildXbvrSqlite(work);
    await openDataSection(page, fresh.url);
    const card = page.getByTestId('xbvr-move-in');
    await card.getByLabel("Path of XBVR's database file").fill(xbvrFile);
    await card.getByRole('button', { name: 'Add a mapping' }).click();
    await card.getByLabel('XBVR path starts with').fill('/videos');
    await card.getByLabel('Replace with').fill('/mnt/nas/videos');
    await card.getByRole('button', { name: 'Dry run' }).click();
    const dryRun = page.getByTestId('transfer-report-xbvr-dry-run');
    await expect(dryRun.getByTestId('transfer-report-status')).toHaveText('Done', { timeout: 30_000 });
    await expect(dryRun.getByTestId('transfer-report-message')).toContainText('Nothing was changed.');
    await expect(dryRun.getByTestId('transfer-report-scenes-read')).toHaveText('2');
    await card.getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Import' }).click();
    const imported = page.getByTestId('transfer-report-xbvr-import');
    await expect(imported.getByTestId('transfer-report-status')).toHaveText('Done', { timeout: 30_000 });
    await page.screenshot({ path: `${shots}data-xbvr-move-in.png`, fullPage: true });
    const found = (await (await request.get(`${fresh.url}/api/scene/search?q=vrhush`)).json()) as {
      scenes: { scene_id: string }[];
    };
    expect(found.scenes.map((scene) => scene.scene_id)).toContain('vrhush-1');
  });
});
