import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

/*
 * Options → Advanced → Create Custom Site: a studio added to an aggregator is in the Scrapers table at once and
 * scrapes without a restart. The aggregator here is the owner's own `vrphub` definition (it replaces the
 * built-in one while the spec runs), pointed at the loopback E2E studio of the global setup.
 */

const shots = new URL('../artifacts/', import.meta.url).pathname;
const SITE_ID = 'custom-hub-studio-vrphub';
const overrideFile = () => join(process.env.FOVEA_E2E_DATA_DIR ?? '', 'scrapers', 'custom-sites-vrphub.yaml');

/** The owner's vrphub definition: the E2E studio's listing and scene pages, keyed by the studio slug. */
function vrphubOverride(studioUrl: string): string {
  return `id: vrphub
version: 1
engine: html
sites:
  - id: hub-house
    name: Hub House (VRP Hub)
    studio: Hub House
    domain: vrphub.com
    vars: { studio_slug: hub-house }
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['${studioUrl}/videos?page={page}&category={studio_slug}']
  item: div.card
  link: { sel: a.card-link, attr: href, steps: [absolute_url] }
  next: { sel: a.next, attr: href, steps: [absolute_url] }
scene:
  fields:
    site_id: { from: url, regex: '/video/(\\d+)-' }
    title: { sel: h1.title }
    released: { sel: span.date, steps: [{ parse_date: 'MMMM D, YYYY' }] }
    homepage_url: { value: '{url}?via={studio_slug}' }
  scene_id: 'vrphub-{site_id}'
`;
}

async function reloadDefinitions(request: APIRequestContext) {
  expect((await request.post('/api/scrapers/definitions/reload', { data: {} })).ok()).toBe(true);
}

test.describe('Custom sites', () => {
  test.beforeAll(async ({ request }) => {
    writeFileSync(overrideFile(), vrphubOverride(process.env.FOVEA_E2E_STUDIO_URL ?? ''));
    await reloadDefinitions(request);
  });

  test.afterAll(async ({ request }) => {
    await request.post('/api/options/scraper/delete-scenes', { data: { scraper_id: SITE_ID } });
    await request.delete(`/api/options/custom-sites/${SITE_ID}`);
    rmSync(overrideFile(), { force: true });
    await reloadDefinitions(request);
  });

  test('create a custom site and scrape it', async ({ page, request }) => {
    await page.goto('/ui/#/options?section=advanced');
    await page.getByRole('tab', { name: 'Create Custom Site' }).click();
    const form = page.getByTestId('custom-site-form');
    const create = form.getByRole('button', { name: 'Create site' });
    await form
      .getByRole('textbox', { name: 'Studio URL' })
      .fill('https://example.com/category/custom-hub-studio/');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Custom Hub Studio');
    await expect(form.getByText('Use the address of a studio page')).toBeVisible();
    await expect(create).toBeDisabled();
    await form
      .getByRole('textbox', { name: 'Studio URL' })
      .fill('https://vrphub.com/category/custom-hub-studio/');
    await form.getByRole('textbox', { name: 'Company' }).fill('Hub Media');
    await create.click();
    const listed = page.getByTestId(`custom-site-${SITE_ID}`);
    await expect(listed).toContainText('Custom Hub Studio');
    await expect(listed).toContainText('https://vrphub.com/category/custom-hub-studio');
    await page.screenshot({ path: `${shots}custom-sites-created.png`, fullPage: true });

    // No restart: the site is in the Scrapers table and scrapes from the aggregator at once.
    await page.goto('/ui/#/options?section=scrapers');
    const section = page.getByTestId('options-section-scrapers');
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
    await section.getByLabel('Search sites').fill('Custom Hub');
    const row = section.getByTestId(`scraper-row-${SITE_ID}`);
    await expect(row).toContainText('Custom Hub Studio (Custom VRP Hub)');
    await row.getByRole('button', { name: 'Actions for Custom Hub Studio (Custom VRP Hub)' }).click();
    await page.getByRole('menuitem', { name: 'Scrape now' }).click();
    await expect(row.getByTestId('scraper-health')).toContainText('OK', { timeout: 30_000 });
    await expect(row.getByTestId('scraper-scene-count')).toHaveText('3');
    await page.screenshot({ path: `${shots}custom-sites-scraped.png`, fullPage: true });

    const scene = (await (await request.get('/api/scene/vrphub-502')).json()) as {
      title: string;
      site: string;
      studio: string;
      scraper_id: string;
    };
    expect(scene).toMatchObject({
      title: 'Library After Hours',
      site: 'Custom Hub Studio (VRP Hub)',
      studio: 'Hub Media',
      scraper_id: SITE_ID,
    });
  });
});
