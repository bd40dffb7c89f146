import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;
const studioUrl = () => process.env.FOVEA_E2E_STUDIO_URL ?? '';

interface StorageRow {
  id: number;
  path: string;
  file_count: number;
}

async function storage(request: APIRequestContext): Promise<StorageRow[]> {
  const answer = (await (await request.get('/api/options/storage')).json()) as { volumes: StorageRow[] };
  return answer.volumes;
}

async function openScrapers(page: Page) {
  await page.goto('/ui/#/options?section=scrapers');
  const section = page.getByTestId('options-section-scrapers');
  await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
  await section.getByLabel('Search sites').fill('E2E');
  return section;
}

test.describe('Scrapers', () => {
  let folder = '';
  let volumeId = 0;

  test.beforeAll(async ({ request }) => {
    // A video named as E2E Studio's scene 502 expects it, in a folder of its own: unmatched until the scrape.
    folder = mkdtempSync(join(tmpdir(), 'fovea-e2e-studio-'));
    writeFileSync(join(folder, 'e2estudio_502_180_LR.mp4'), Buffer.alloc(50_000, 7));
    const added = await request.post('/api/options/storage', { data: { type: 'local', path: folder } });
    expect(added.ok()).toBe(true);
    await expect
      .poll(async () => (await storage(request)).find((row) => row.path === folder)?.file_count ?? 0, {
        timeout: 20_000,
      })
      .toBe(1);
    volumeId = (await storage(request)).find((row) => row.path === folder)?.id ?? 0;
  });

  test.afterAll(async ({ request }) => {
    for (const site of ['e2estudio', 'e2ewalled']) {
      await request.post('/api/options/scraper/delete-scenes', { data: { scraper_id: site } });
      const sites = (await (await request.get('/api/options/sites')).json()) as {
        id: string;
        is_enabled: boolean;
      }[];
      if (sites.find((row) => row.id === site)?.is_enabled)
        await request.put(`/api/options/sites/${site}`, { data: {} });
    }
    if (volumeId > 0) await request.delete(`/api/options/storage/${volumeId}`);
    rmSync(folder, { recursive: true, force: true });
  });

  test('a new site is switched on and scraped: the Data line moves, the badge says OK, scenes and a file match', async ({
    page,
    request,
  }) => {
    const section = await openScrapers(page);
    const row = section.getByTestId('scraper-row-e2estudio');
    await expect(row.getByTestId('scraper-status')).toHaveText('Never scraped');
    const enable = row.getByRole('switch', { name: 'Enable E2E Studio' });
    await expect(enable).not.toBeChecked();
    await enable.click({ force: true });
    await expect(enable).toBeChecked();

    await row.getByRole('button', { name: 'Actions for E2E Studio' }).click();
    await page.getByRole('menuitem', { name: 'Scrape now' }).click();
    await expect(page.getByTestId('status-text-scrape')).not.toHaveText('Idle', { timeout: 15_000 });
    await expect(row.getByTestId('scraper-health')).toContainText('OK', { timeout: 30_000 });
    await expect(row.getByTestId('scraper-scene-count')).toHaveText('3');
    await expect(page.getByTestId('lock-indicator-scrape')).toHaveAttribute('data-locked', 'false', {
      timeout: 15_000,
    });
    await row.getByTestId('scraper-health').click();
    const details = page.getByTestId('scraper-details-e2estudio');
    await expect(details.getByTestId('scraper-run-new')).toHaveText('3');
    await page.screenshot({ path: `${shots}options-scrapers.png`, fullPage: true });

    // The scene came with its cover, cast and tags, and the waiting file matched it.
    const scene = (await (await request.get('/api/scene/e2estudio-502')).json()) as {
      title: string;
      cover_url: string;
      cast: { name: string }[];
      tags: { name: string }[];
      file: { filename: string }[];
    };
    expect(scene.title).toBe('Library After Hours');
    expect(scene.cover_url).toBe(`${studioUrl()}/cover/502.svg`);
    expect(scene.cast.map((actor) => actor.name)).toEqual(['Ivy Stone']);
    expect(scene.tags.map((tag) => tag.name).sort()).toEqual(['brunette', 'glasses']);
    expect(scene.file.map((file) => file.filename)).toEqual(['e2estudio_502_180_LR.mp4']);

    // The scene list shows them.
    await page.goto('/ui/#/');
    await expect(page.getByText('Library After Hours').first()).toBeVisible({ timeout: 15_000 });
  });

  test('a walled-off site says it was blocked, with the error and its URL', async ({ page }) => {
    const section = await openScrapers(page);
    const row = section.getByTestId('scraper-row-e2ewalled');
    await row.getByRole('switch', { name: 'Enable E2E Walled' }).click({ force: true });
    await row.getByRole('button', { name: 'Actions for E2E Walled' }).click();
    await page.getByRole('menuitem', { name: 'Scrape now' }).click();
    await expect(row.getByTestId('scraper-health')).toContainText('Blocked', { timeout: 30_000 });
    await expect(row.getByTestId('scraper-status')).toHaveText('Never scraped');
    await row.getByTestId('scraper-health').click();
    const details = page.getByTestId('scraper-details-e2ewalled');
    await expect(details.getByTestId('scraper-run-error')).toContainText(/challenge|captcha|403/i);
    await expect(details).toContainText('/walled/videos');
    await page.screenshot({ path: `${shots}options-scrapers-blocked.png`, fullPage: true });
  });

  test('scrape by URL asks for the site’s own extra field, then opens the scene with its warning', async ({
    page,
  }) => {
    await page.goto('/ui/#/options?section=create-scene');
    const section = page.getByTestId('options-section-create-scene').getByTestId('scrape-by-url');
    await section.getByLabel('Scene URL').fill(`  ${studioUrl()}/video/503-cabin-in-the-snow  `);
    await expect(section.getByText('Scraped by E2E Studio')).toBeVisible();
    const sceneId = section.getByLabel(/Scene Id/);
    const proceed = section.getByRole('button', { name: 'Continue' });
    await expect(proceed).toBeDisabled();
    await sceneId.fill('503');
    await expect(proceed).toBeEnabled();
    await proceed.click();
    await expect(page.getByText('Please check the Release Date')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog').getByLabel(/^Title/)).toHaveValue('Cabin In The Snow');
    await page.screenshot({ path: `${shots}options-scrape-by-url.png`, fullPage: true });
  });
});
