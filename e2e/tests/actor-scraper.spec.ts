import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/*
 * Scraping an actor's profile page from actor details → Scrapers: a profile page served on loopback, read by
 * the owner's own rule set (actor_scraper_custom_config.json in the data folder, picked up by the watcher; only
 * the owner's sets may reach a private address). The actor fills in and shows when the page was scraped.
 */

const ACTOR = 'Delia Frost';
const SOURCE = 'e2eprofiles scrape';
const configFile = () => join(process.env.FOVEA_E2E_DATA_DIR ?? '', 'actor_scraper_custom_config.json');

const PROFILE = `<!doctype html><html><body>
<div class="profile">
  <h1>Delia Frost</h1>
  <ul class="facts"><li>Height: <b>168 cm</b></li><li>Eyes: <b>Grey</b></li></ul>
  <p class="bio">Delia writes end-to-end tests by candlelight.</p>
</div></body></html>`;

const RULES = {
  GenericActorScrapingConfig: {
    [SOURCE]: {
      domain: '127.0.0.1',
      rules: [
        { xbvr_field: 'biography', selector: 'p.bio' },
        {
          xbvr_field: 'height',
          selector: 'ul.facts li:contains("Height") > b',
          post_processing: [{ post_processing: 'RegexString', params: ['(\\d+) cm', '1'] }],
        },
        { xbvr_field: 'eye_color', selector: 'ul.facts li:contains("Eyes") > b' },
      ],
    },
  },
};

async function actorId(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/actor/list', { data: { cast: [ACTOR], with_scenes: false } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as { actors: { id: number; name: string }[] };
  const actor = body.actors.find((entry) => entry.name === ACTOR);
  expect(actor).toBeDefined();
  return actor?.id ?? 0;
}

async function edit(request: APIRequestContext, id: number, data: object) {
  const answer = await request.post(`/api/actor/edit/${id}`, { data });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.describe.serial('actor scraper', () => {
  let server: Server;
  let profileUrl = '';
  let id = 0;

  test.beforeAll(async ({ request }) => {
    server = createServer((req, res) => {
      const found = req.url === '/models/delia-frost';
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(found ? PROFILE : 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    profileUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models/delia-frost`;
    id = await actorId(request);
    writeFileSync(configFile(), JSON.stringify(RULES));
    await expect
      .poll(async () => {
        const list = (await (await request.get('/api/extref/generic/rule_sets')).json()) as {
          sets: { key: string }[];
        };
        return list.sets.some((set) => set.key === SOURCE);
      })
      .toBe(true);
    await edit(request, id, { urls: JSON.stringify([{ url: profileUrl, type: SOURCE }]) });
  });

  test.afterAll(async ({ request }) => {
    await edit(request, id, { urls: '[]', biography: '', height: 0, eye_color: '' });
    await request.post(`/api/actor/edit_extrefs/${id}`, { data: [] });
    rmSync(configFile(), { force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('scrape an actor', async ({ page }) => {
    await page.goto(`/ui/#/actors?actor_id=${id}`);
    const details = page.getByTestId('actor-details');
    await expect(details.getByTestId('actor-details-name')).toHaveText(ACTOR);
    await details.getByRole('tab', { name: /^Scrapers/ }).click();
    const scrapers = details.getByTestId('actor-scrapers');
    await expect(scrapers).toContainText(profileUrl);
    await expect(scrapers).toContainText('Not scraped yet');
    await scrapers.getByRole('button', { name: 'Scrape' }).click();
    await expect(page.getByText('The actor was scraped from the profile page')).toBeVisible();
    await expect(scrapers).toContainText(/Updated \d/);
    await page.screenshot({ path: `${shots}actor-scraper-scraped.png` });

    await details.getByRole('tab', { name: /^Details/ }).click();
    await expect(details.getByTestId('actor-biography')).toHaveText(
      'Delia writes end-to-end tests by candlelight.',
    );
    await expect(details.getByTestId('actor-facts')).toContainText('Grey');
  });
});
