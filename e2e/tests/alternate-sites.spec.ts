import { expect, test, type APIRequestContext } from '@playwright/test';

/*
 * Alternate sites (e2e/support/fake-alternate-site.ts): "Harbour Studio" is scraped first; scraping its
 * mirror on an aggregator ("Harbour Studio (Mirror Hub)", master site harbourstudio) links the mirror's scene
 * to the studio's scene of the same title; the scene details show it as an alternate source, and Scrape &
 * Create makes it a scene of its own.
 */

const ANY_SCENE = Buffer.from(JSON.stringify({ dlState: 'any' })).toString('base64');
const LIST = `/ui/#/?q=${encodeURIComponent(ANY_SCENE)}`;

async function sceneId(request: APIRequestContext, sceneKey: string): Promise<number | null> {
  const answer = await request.get(`/api/scene/${sceneKey}`);
  // An unknown scene answers id 0, as the reference does.
  const id = answer.ok() ? ((await answer.json()) as { id: number }).id : 0;
  return id > 0 ? id : null;
}

test.describe('Alternate sites', () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeAll(async ({ request }) => {
    expect((await request.get('/api/task/scrape?site=harbourstudio')).ok()).toBe(true);
    await expect.poll(() => sceneId(request, 'harbourstudio-701'), { timeout: 30_000 }).not.toBeNull();
  });

  test.afterAll(async ({ request }) => {
    for (const site of ['harbourstudio', 'harbourmirror']) {
      await request.post('/api/options/scraper/delete-scenes', { data: { scraper_id: site } });
    }
    await request.delete('/api/extref/delete_extref_source', {
      data: { external_source: 'alternate scene harbourmirror' },
    });
  });

  test('link an alternate source and Scrape & Create', async ({ page, request }) => {
    await page.goto('/ui/#/options?section=scrapers');
    const section = page.getByTestId('options-section-scrapers');
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
    await section.getByLabel('Search sites').fill('Harbour');
    const row = section.getByTestId('scraper-row-harbourmirror');
    const menu = row.getByRole('button', { name: 'Actions for Harbour Studio (Mirror Hub)' });

    // The match parameters of the alternate site open from its row menu.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Match parameters' }).click();
    const dialog = page.getByRole('dialog', { name: /Scene match parameters/ });
    await expect(dialog.getByTestId('match-params-fields')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Whole title boost' })).toHaveValue('4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Scraping it stores its scene as an alternate source and links it by title.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Scrape now' }).click();
    await expect(row.getByTestId('scraper-health')).toContainText('OK', { timeout: 30_000 });
    await expect(page.getByTestId('lock-indicator-scrape')).toHaveAttribute('data-locked', 'false', {
      timeout: 30_000,
    });
    const master = await sceneId(request, 'harbourstudio-701');
    expect(await sceneId(request, 'harbourmirror-801')).toBeNull();
    await expect
      .poll(
        async () => (await (await request.get(`/api/scene/alternate_source/${master}`)).json()) as unknown,
      )
      .toEqual([expect.objectContaining({ external_source: 'alternate scene harbourmirror' })]);

    // The scene shows it; Scrape & Create makes it a scene of its own, shown at once.
    await page.goto(`${LIST}&scene_id=${master}`);
    const details = page.getByTestId('scene-details');
    await expect(details).toHaveAttribute('data-status', 'ready');
    await details.getByRole('button', { name: /Show the alternate source Harbour lights at dawn!/ }).click();
    await expect(details.getByTestId('alternate-source-actions')).toBeVisible();
    await details.getByRole('button', { name: 'Scrape & Create Scene' }).click();
    const confirm = page.getByRole('dialog', { name: 'Scrape & Create Scene' });
    await expect(confirm).toContainText('/mirror/video/801');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The scene was scraped and created')).toBeVisible();
    await expect(details.getByTestId('alternate-source-actions')).toBeHidden();
    await expect(details.getByRole('heading', { name: /Harbour lights at dawn!/ })).toBeVisible();
    expect(await sceneId(request, 'harbourmirror-801')).not.toBeNull();
    expect(await (await request.get(`/api/scene/alternate_source/${master}`)).json()).toBeNull();
    await page.screenshot({
      path: new URL('../artifacts/alternate-sites-scrape-create.png', import.meta.url).pathname,
    });
  });
});
