import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/*
 * The scene list on the seeded 3000-scene library. This spec gives scenes e2e-1201..e2e-1260 a cast, tags
 * and (for ten) another site through the edit call, and takes them off again afterwards:
 *   Lina Ångström 1201-1230, Mara Ñuñez 1221-1250 (both: 1221-1230);
 *   tags list-pov 1201-1240, list-outdoor 1231-1260 (both: 1231-1240);
 *   site "List Site Ä" 1201-1210.
 * The download state is "Any" for most checks, so they do not depend on whether scene statuses were refreshed.
 */
const FIRST = 1201;
const LAST = 1260;
const LINA = 'Lina Ångström';
const MARA = 'Mara Ñuñez';
const SITE = 'List Site Ä';
const SEEDED_SITE = 'E2E Studio';
const SAVED_NAME = 'E2E list search';

const inRange = (n: number, from: number, to: number) => n >= from && n <= to;

async function sceneIds(request: APIRequestContext): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let n = FIRST; n <= LAST; n++) {
    const answer = await request.get(`/api/scene/e2e-${n}`);
    expect(answer.ok()).toBe(true);
    ids.set(n, ((await answer.json()) as { id: number }).id);
  }
  return ids;
}

async function editScenes(request: APIRequestContext, restore: boolean) {
  for (const [n, id] of await sceneIds(request)) {
    const castArray = restore
      ? []
      : [...(inRange(n, 1201, 1230) ? [LINA] : []), ...(inRange(n, 1221, 1250) ? [MARA] : [])];
    const tagsArray = restore
      ? []
      : [
          ...(inRange(n, 1201, 1240) ? ['list-pov'] : []),
          ...(inRange(n, 1231, 1260) ? ['list-outdoor'] : []),
        ];
    const site = !restore && inRange(n, 1201, 1210) ? SITE : SEEDED_SITE;
    const answer = await request.post(`/api/scene/edit/${id}`, { data: { castArray, tagsArray, site } });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}

/** The scenes route with a filter state (base64 JSON in q, as the page writes it). */
const listUrl = (state: object) =>
  `/ui/#/?q=${encodeURIComponent(Buffer.from(JSON.stringify(state)).toString('base64'))}`;

const count = (page: Page) => page.getByTestId('scene-results-count');
const cards = (page: Page) => page.getByTestId('scene-grid').getByTestId('scene-card');
const chip = (page: Page, field: string, name: string) =>
  page.getByTestId(`filter-chip-${field}`).filter({ hasText: name });

async function pick(page: Page, field: string, name: string) {
  const input = page.getByTestId(`filter-picker-${field}`);
  await input.fill(name.slice(0, 4));
  await page.getByRole('option', { name, exact: true }).click();
  await expect(chip(page, field, name)).toHaveAttribute('data-mode', 'include');
}

/**
 * Clicks a chip on to its next mode. A click that lands while the sidebar redraws (its counts follow every
 * answer) can be lost on a busy machine: it is repeated only while the chip still shows the mode it had.
 */
async function cycle(page: Page, field: string, name: string, mode: string) {
  const target = chip(page, field, name);
  const before = await target.getAttribute('data-mode');
  await expect(async () => {
    if ((await target.getAttribute('data-mode')) === before) {
      await target.getByRole('button', { name: new RegExp(`^${name} \\(`) }).click();
    }
    await expect(target).toHaveAttribute('data-mode', mode, { timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/** The radio inputs of a segmented control are hidden behind their labels. */
const segment = (page: Page, testId: string, label: RegExp) =>
  page.getByTestId(testId).locator('label').filter({ hasText: label });

/** The filter state in the address bar. */
async function shownState(page: Page): Promise<Record<string, unknown>> {
  const hash = new URL(page.url()).hash;
  const q = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('q') ?? '';
  return JSON.parse(Buffer.from(q, 'base64').toString('utf8')) as Record<string, unknown>;
}

test.describe.serial('the scene list', () => {
  // Several filter round trips per test (up to ~25 s on two shared cores): more margin than the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test.beforeAll(async ({ request }) => {
    await editScenes(request, false);
  });

  test.afterAll(async ({ request }) => {
    await editScenes(request, true);
    const playlists = (await (await request.get('/api/playlist')).json()) as { id: number; name: string }[];
    for (const playlist of playlists.filter((item) => item.name === SAVED_NAME)) {
      await request.delete(`/api/playlist/${playlist.id}`);
    }
  });

  test('filters by cast with each prefix and the count follows', async ({ page }) => {
    await page.goto(listUrl({ dlState: 'any' }));
    await expect(count(page)).toHaveText(/^\d+ scenes$/);
    await pick(page, 'cast', LINA);
    await expect(count(page)).toHaveText('30 scenes');
    await pick(page, 'cast', MARA);
    await expect(count(page)).toHaveText('50 scenes'); // either of them
    await cycle(page, 'cast', MARA, 'must');
    await expect(count(page)).toHaveText('10 scenes'); // Lina and Mara
    await cycle(page, 'cast', MARA, 'exclude');
    await expect(count(page)).toHaveText('20 scenes'); // Lina without Mara
    await cycle(page, 'cast', MARA, 'include');
    await expect(count(page)).toHaveText('50 scenes');
    expect((await shownState(page)).cast).toEqual([LINA, MARA]);
  });

  test('filters by tag with each prefix, and excludes a site', async ({ page }) => {
    await page.goto(listUrl({ dlState: 'any' }));
    await pick(page, 'tags', 'list-pov');
    await expect(count(page)).toHaveText('40 scenes');
    await pick(page, 'tags', 'list-outdoor');
    await expect(count(page)).toHaveText('60 scenes');
    await cycle(page, 'tags', 'list-outdoor', 'must');
    await expect(count(page)).toHaveText('10 scenes');
    await cycle(page, 'tags', 'list-outdoor', 'exclude');
    await expect(count(page)).toHaveText('30 scenes');
    await cycle(page, 'tags', 'list-outdoor', 'include');
    await expect(count(page)).toHaveText('60 scenes');

    await pick(page, 'sites', SITE);
    await expect(count(page)).toHaveText('10 scenes');
    await cycle(page, 'sites', SITE, 'exclude');
    await expect(count(page)).toHaveText('50 scenes'); // sites go include <-> exclude, never &
    await cycle(page, 'sites', SITE, 'include');
    await expect(count(page)).toHaveText('10 scenes');
    await cycle(page, 'sites', SITE, 'exclude');
    await cycle(page, 'tags', 'list-outdoor', 'must');
    await pick(page, 'cast', LINA);
    await cycle(page, 'cast', LINA, 'must');
    await cycle(page, 'cast', LINA, 'exclude');
    await expect(count(page)).toHaveText('10 scenes'); // list-pov and list-outdoor: 1231-1240, none with Lina
    await page.screenshot({ path: `${shots}scenes-filters.png`, fullPage: false });
  });

  test('changes the sort and the card size', async ({ page }) => {
    await page.goto(listUrl({ dlState: 'any', cast: [LINA] }));
    await expect(count(page)).toHaveText('30 scenes');
    await page.getByTestId('sort-select').click();
    await expect(page.getByRole('option')).toHaveCount(21);
    await page.getByRole('option', { name: 'Title (A to Z)' }).click();
    await expect(cards(page).first()).toContainText('E2E scene 1201');
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Title (Z to A)' }).click();
    await expect(cards(page).first()).toContainText('E2E scene 1230');
    expect((await shownState(page)).sort).toBe('title_desc');

    const grid = page.getByTestId('scene-grid');
    const perRow = async () => {
      const gridBox = await grid.boundingBox();
      const cardBox = await cards(page).first().boundingBox();
      return Math.round((gridBox?.width ?? 0) / (cardBox?.width ?? 1));
    };
    await expect(grid).toHaveAttribute('data-size', '1');
    expect(await perRow()).toBe(5);
    await segment(page, 'card-size', /^L$/).click();
    await expect(grid).toHaveAttribute('data-size', '3');
    expect(await perRow()).toBe(3);
    await segment(page, 'card-size', /^M$/).click();
    await expect(grid).toHaveAttribute('data-size', '2');
    expect(await perRow()).toBe(4);
    expect((await shownState(page)).cardSize).toBe('2');
  });

  test('download-state tabs show their counts and list that many', async ({ page }) => {
    await page.goto('/ui/#/');
    await expect(segment(page, 'dl-state-tabs', /^Available right now \(\d+\)$/)).toBeVisible();
    for (const label of ['Any', 'Downloaded', 'Not downloaded', 'Hidden', 'Available right now']) {
      const tab = segment(page, 'dl-state-tabs', new RegExp(`^${label} \\(\\d+\\)$`));
      await tab.click();
      const expected = /\((\d+)\)$/.exec((await tab.textContent()) ?? '')?.[1] ?? '';
      await expect(count(page)).toHaveText(`${expected} scene${expected === '1' ? '' : 's'}`);
    }
    const any = /\((\d+)\)$/.exec((await segment(page, 'dl-state-tabs', /^Any/).textContent()) ?? '')?.[1];
    expect(Number(any)).toBeGreaterThanOrEqual(3000);
  });

  test('loads 80 more scenes at a time and goes back to the top', async ({ page }) => {
    await page.goto(listUrl({ dlState: 'any' }));
    await expect(cards(page)).toHaveCount(80);
    await page.getByTestId('scene-load-more').click();
    await expect(cards(page)).toHaveCount(160);
    await expect(page.getByTestId('back-to-top')).toBeVisible();
    await page.getByTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId('back-to-top')).toBeHidden();
    await page.screenshot({ path: `${shots}scenes-list.png` });
  });

  test('folds the filters above the list on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(listUrl({ dlState: 'any', tags: ['list-pov'], cast: ['!' + LINA] }));
    await expect(count(page)).toHaveText('10 scenes');
    await expect(page.getByTestId('filter-picker-cast')).toBeHidden();
    await expect(cards(page).first()).toBeInViewport();
    await page.screenshot({ path: `${shots}scenes-list-narrow.png`, fullPage: false });
    await page.getByTestId('toggle-filters').click();
    await expect(chip(page, 'cast', LINA)).toHaveAttribute('data-mode', 'exclude');
    const filters = await page.getByTestId('scene-filters').boundingBox();
    const grid = await page.getByTestId('scene-grid').boundingBox();
    expect((filters?.y ?? 0) + (filters?.height ?? 0)).toBeLessThanOrEqual(grid?.y ?? 0);
    expect(filters?.width ?? 0).toBeGreaterThan(300);
  });

  test('a reload keeps the state held in q', async ({ page }) => {
    await page.goto(listUrl({ dlState: 'any' }));
    await pick(page, 'tags', 'list-pov');
    await cycle(page, 'tags', 'list-pov', 'must');
    await pick(page, 'cast', MARA);
    await cycle(page, 'cast', MARA, 'must');
    await cycle(page, 'cast', MARA, 'exclude');
    await segment(page, 'card-size', /^L$/).click();
    await expect(count(page)).toHaveText('20 scenes');
    await page.reload();
    await expect(count(page)).toHaveText('20 scenes');
    await expect(chip(page, 'tags', 'list-pov')).toHaveAttribute('data-mode', 'must');
    await expect(chip(page, 'cast', MARA)).toHaveAttribute('data-mode', 'exclude');
    await expect(page.getByTestId('scene-grid')).toHaveAttribute('data-size', '3');
    await page.goBack();
    await expect(page.getByTestId('scene-grid')).toHaveAttribute('data-size', '1');
    await expect(chip(page, 'cast', MARA)).toHaveAttribute('data-mode', 'exclude');
  });

  test('creates a saved search from the filters, selects it, and deletes it after confirming', async ({
    page,
  }) => {
    await page.goto(listUrl({ dlState: 'any', tags: ['&list-outdoor'], sort: 'title_asc' }));
    await expect(count(page)).toHaveText('30 scenes');
    await page.getByRole('button', { name: 'New saved search' }).click();
    const dialog = page.getByTestId('saved-search-dialog');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SAVED_NAME);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('saved-search-select')).toHaveValue(SAVED_NAME);

    await page.getByTestId('reset-filters').click();
    await expect(page.getByTestId('filter-chip-tags')).toHaveCount(0);
    await page.getByTestId('saved-search-select').click();
    await page.getByRole('option', { name: SAVED_NAME }).click();
    await expect(chip(page, 'tags', 'list-outdoor')).toHaveAttribute('data-mode', 'must');
    await expect(count(page)).toHaveText('30 scenes');
    await expect(cards(page).first()).toContainText('E2E scene 1231');

    await page.getByRole('button', { name: 'Delete saved search' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(page.getByRole('dialog', { name: 'Delete saved search' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm).toBeHidden();
    await page.getByTestId('saved-search-select').click();
    await expect(page.getByRole('option', { name: SAVED_NAME })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Default' })).toBeVisible();
  });
});
