import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

type WebOptions = Record<string, unknown>;

interface SceneState {
  id: number;
  scene_id: string;
  favourite: boolean;
  watchlist: boolean;
  is_watched: boolean;
  star_rating: number;
  is_available: boolean;
}

/** The scene list route with a filter state in `q` (base64 JSON). */
const listUrl = (state: Record<string, unknown> = {}) =>
  `/ui/#/?q=${encodeURIComponent(Buffer.from(JSON.stringify(state)).toString('base64'))}`;

const cards = (page: Page) => page.getByTestId('scene-card');

async function webOptions(request: APIRequestContext): Promise<WebOptions> {
  const state = (await (await request.get('/api/options/state')).json()) as { config: { web: WebOptions } };
  return state.config.web;
}

async function saveWebOptions(request: APIRequestContext, web: WebOptions) {
  const response = await request.put('/api/options/interface/web', { data: web });
  expect(response.ok()).toBe(true);
}

async function sceneState(request: APIRequestContext, id: number): Promise<SceneState> {
  return (await (await request.get(`/api/scene/${id}`)).json()) as SceneState;
}

async function openList(page: Page, state: Record<string, unknown> = {}) {
  await page.goto(listUrl(state));
  await expect(cards(page).first()).toBeVisible();
}

const sceneIdOf = async (card: Locator) => Number(await card.getAttribute('data-scene-id'));

/** Lets the toggle and rate calls answer only after a while, to see the flag flip before the answer. */
async function slowWrites(page: Page) {
  await page.route(/\/api\/scene\/(toggle|rate\/\d+)$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

test.describe.serial('scene cards', () => {
  let originalWeb: WebOptions;
  /** Scenes this spec changed, put back afterwards so other specs see the seeded library. */
  const touched = new Map<number, SceneState>();

  test.beforeAll(async ({ request }) => {
    originalWeb = await webOptions(request);
    await saveWebOptions(request, {
      ...originalWeb,
      sceneHidden: true,
      sceneWatchlist: true,
      sceneFavourite: true,
      sceneWishlist: true,
      sceneWatched: false,
      sceneEdit: false,
      isAvailOpacity: 40,
    });
    // Half the seeded scenes have a file; the scene-status refresh marks them available (the scan of the
    // clips folder only refreshed the scene its script matched).
    const available = async () =>
      ((await (await request.get('/api/library/summary')).json()) as { available_scenes: number })
        .available_scenes;
    if ((await available()) < 1500) {
      expect((await request.get('/api/task/scene-refresh')).ok()).toBe(true);
      await expect.poll(available, { timeout: 30_000 }).toBeGreaterThanOrEqual(1500);
    }
  });

  test.afterAll(async ({ request }) => {
    await saveWebOptions(request, originalWeb);
    for (const [id, before] of touched) {
      const now = await sceneState(request, id);
      for (const [list, field] of [
        ['favourite', 'favourite'],
        ['watchlist', 'watchlist'],
        ['watched', 'is_watched'],
      ] as const) {
        if (now[field] !== before[field]) {
          await request.post('/api/scene/toggle', { data: { scene_id: now.scene_id, list } });
        }
      }
      if (now.star_rating !== before.star_rating) {
        await request.post(`/api/scene/rate/${id}`, { data: { rating: before.star_rating } });
      }
    }
  });

  test('favourite and watchlist flip at once on a card and survive a reload', async ({ page, request }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openList(page);
    const card = cards(page).first();
    const id = await sceneIdOf(card);
    const before = await sceneState(request, id);
    touched.set(id, before);
    await slowWrites(page);

    const favourite = card.locator('[data-flag="favourite"]');
    const watchlist = card.locator('[data-flag="watchlist"]');
    await expect(favourite).toHaveAttribute('aria-pressed', String(before.favourite));
    await favourite.click();
    // The call answers after 1.5 s; the button has already flipped.
    await expect(favourite).toHaveAttribute('aria-pressed', String(!before.favourite), { timeout: 1000 });
    await watchlist.click();
    await expect(watchlist).toHaveAttribute('aria-pressed', String(!before.watchlist), { timeout: 1000 });
    await expect
      .poll(async () => {
        const now = await sceneState(request, id);
        return [now.favourite, now.watchlist];
      })
      .toEqual([!before.favourite, !before.watchlist]);

    await page.reload();
    const reloaded = page.locator(`[data-testid="scene-card"][data-scene-id="${id}"]`);
    await expect(reloaded).toBeVisible();
    await expect(reloaded.locator('[data-flag="favourite"]')).toHaveAttribute(
      'aria-pressed',
      String(!before.favourite),
    );
    await expect(reloaded.locator('[data-flag="watchlist"]')).toHaveAttribute(
      'aria-pressed',
      String(!before.watchlist),
    );
    await expect(reloaded.getByRole('button', { name: 'Remove from favourites' })).toHaveCount(
      before.favourite ? 0 : 1,
    );

    // A tooltip names the button after hovering it for half a second.
    await reloaded.locator('[data-flag="watchlist"]').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      before.watchlist ? 'Add to watchlist' : 'Remove from watchlist',
    );

    // Flip both back through the card.
    await reloaded.locator('[data-flag="favourite"]').click();
    await reloaded.locator('[data-flag="watchlist"]').click();
    await expect
      .poll(async () => {
        const now = await sceneState(request, id);
        return [now.favourite, now.watchlist];
      })
      .toEqual([before.favourite, before.watchlist]);
  });

  test('rates a scene with the stars and resets it with 0', async ({ page, request }) => {
    await openList(page);
    const card = cards(page).nth(1);
    const id = await sceneIdOf(card);
    touched.set(id, touched.get(id) ?? (await sceneState(request, id)));
    const stars = card.getByRole('slider', { name: 'Rating' });
    const box = await stars.boundingBox();
    if (box === null) throw new Error('the rating has no box');
    // 70 % of the strip is inside the fourth star's left half: 3.5 stars.
    await page.mouse.click(box.x + box.width * 0.66, box.y + box.height / 2);
    await expect(stars).toHaveAttribute('aria-valuenow', '3.5');
    await expect.poll(async () => (await sceneState(request, id)).star_rating).toBe(3.5);

    await page.reload();
    const reloaded = page.locator(`[data-testid="scene-card"][data-scene-id="${id}"]`);
    const again = reloaded.getByRole('slider', { name: 'Rating' });
    await expect(again).toHaveAttribute('aria-valuenow', '3.5');
    await again.focus();
    await page.keyboard.press('ArrowRight');
    await expect(again).toHaveAttribute('aria-valuenow', '4');
    await page.keyboard.press('0');
    await expect(again).toHaveAttribute('aria-valuenow', '0');
    await expect.poll(async () => (await sceneState(request, id)).star_rating).toBe(0);
  });

  test('shows the watched button once it is switched on in Options → Web UI', async ({ page, request }) => {
    await openList(page);
    await expect(cards(page).first().locator('[data-flag="watched"]')).toHaveCount(0);

    await page.goto('/ui/#/options?section=web');
    const section = page.getByTestId('options-section-web');
    const watched = section.getByRole('switch', { name: 'Watched button' });
    await expect(watched).not.toBeChecked();
    await watched.click({ force: true });
    await section.getByRole('button', { name: /save/i }).click();
    await expect.poll(async () => (await webOptions(request)).sceneWatched).toBe(true);

    await page.getByRole('link', { name: 'Scenes' }).click();
    const button = cards(page).first().locator('[data-flag="watched"]');
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(/Mark as (not )?watched/);
  });

  test('the open-in-new-window link opens the list with the scene details', async ({ page, context }) => {
    await openList(page);
    const card = cards(page).first();
    const title = (await card.getAttribute('aria-label')) ?? '';
    const link = card.getByRole('link', { name: 'Open in a new window' });
    await expect(link).toHaveAttribute('href', `/ui/#/?scene_id=${await sceneIdOf(card)}`);
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(opened.getByTestId('scene-details')).toBeVisible();
    await expect(opened.getByTestId('scene-details')).toContainText(title);
    await opened.close();
  });

  test('draws scenes that are not available at the configured opacity', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.mouse.move(0, 0);
    await openList(page, { dlState: 'missing' });
    const card = cards(page).first();
    await expect(card).toHaveAttribute('data-unavailable', '');
    await expect(card).toHaveCSS('opacity', '0.4');
    // Wishlist is offered only for scenes that are not available.
    await expect(card.locator('[data-flag="wishlist"]')).toHaveCount(1);

    await openList(page, { dlState: 'available' });
    await expect(cards(page).first()).toHaveCSS('opacity', '1');
    await expect(cards(page).first().locator('[data-flag="wishlist"]')).toHaveCount(0);
  });

  test('shows covers through the image proxy and the heatmap of a scripted scene', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.mouse.move(0, 0);
    // The seed's one scripted scene (its funscript was matched and drawn by the scan).
    await openList(page, { dlState: 'any', lists: ['scripted'] });
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    const heatmap = card.getByRole('img', { name: /e2e-2\.funscript/ });
    await expect(heatmap).toBeVisible();
    expect(await heatmap.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
    // The cover came through /img/ from the local image server, and decoded.
    const cover = card.locator('img[src*="/img/"]').first();
    await expect(cover).toBeVisible();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The seeded cover itself, not the proxy's 1×1 placeholder (which a refused or failed fetch answers).
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1);
    const answer = await request.get((await cover.getAttribute('src')) ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-fovea-image-error']).toBeUndefined();
    await page.screenshot({ path: `${shots}scene-card-heatmap.png` });
  });

  test('screenshots of the three card sizes', async ({ page, request }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.mouse.move(0, 0);
    // Title order mixes available and unavailable scenes; two of them get a rating and flags to show.
    const mixed = { dlState: 'any', sort: 'title_asc' };
    await openList(page, mixed);
    for (const [index, rating] of [
      [1, 4.5],
      [2, 2],
    ] as const) {
      const id = await sceneIdOf(cards(page).nth(index));
      const before = touched.get(id) ?? (await sceneState(request, id));
      touched.set(id, before);
      await request.post(`/api/scene/rate/${id}`, { data: { rating } });
      if (!before.favourite) {
        await request.post('/api/scene/toggle', { data: { scene_id: before.scene_id, list: 'favourite' } });
      }
      if (!before.watchlist && index === 1) {
        await request.post('/api/scene/toggle', { data: { scene_id: before.scene_id, list: 'watchlist' } });
      }
    }
    for (const [size, name] of [
      ['1', 's'],
      ['2', 'm'],
      ['3', 'l'],
    ] as const) {
      await openList(page, { ...mixed, cardSize: size });
      // A fresh page, so the list is read again after the changes made through the API.
      if (size === '1') await page.reload();
      await expect(page.getByTestId('scene-grid')).toHaveAttribute('data-size', size);
      await expect(cards(page).nth(1).getByRole('slider', { name: 'Rating' })).toHaveAttribute(
        'aria-valuenow',
        '4.5',
      );
      await page.screenshot({ path: `${shots}scene-cards-${name}.png` });
      if (size === '1') await page.screenshot({ path: `${shots}scene-cards.png` });
    }
  });

  test("shows a frame of the video on a custom scene's card", async ({ page, request }) => {
    const files = await request.post('/api/files/page', {
      data: { state: 'unmatched', filename: 'fovea-e2e', limit: 50 },
    });
    expect(files.ok()).toBe(true);
    const clip = ((await files.json()) as { files: { id: number; filename: string }[] }).files.find((file) =>
      file.filename.endsWith('.mp4'),
    );
    if (!clip) throw new Error('no unmatched clip left in the e2e library');
    const created = await request.post('/api/scene/create', {
      data: { title: 'Fovea Frame Card', id: 'fovea-e2e-frame', file_id: clip.id },
    });
    expect(created.ok()).toBe(true);
    const scene = (await created.json()) as { id: number; cover_url: string };
    try {
      await openList(page, { dlState: 'any', sites: ['CustomVR'] });
      const card = page.locator(`[data-testid="scene-card"][data-scene-id="${scene.id}"]`);
      const image = card.locator('img').first();
      await expect(image).toHaveAttribute('src', `/api/dms/frame/${scene.id}`);
      // A real picture from the video, not the blank 1x1 image.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
          timeout: 20_000,
        })
        .toBeGreaterThan(1);
      await expect(card.getByTestId('scene-cover-blank')).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}scene-cards-frame.png` });
    } finally {
      await request.post('/api/files/unmatch', { data: { file_id: clip.id } });
      await request.post('/api/scene/delete', { data: { scene_id: scene.id } });
    }
  });

  test('loads more pages (400+ cards) and stays usable at the end of the list', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openList(page, { dlState: 'any' });
    await expect(cards(page)).toHaveCount(80);
    for (let round = 1; round <= 5; round++) {
      const shown = await cards(page).count();
      await page.getByTestId('scene-load-more').click();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
    }
    expect(await cards(page).count()).toBeGreaterThanOrEqual(480);

    // Scroll to the end the way a user does; the next page loads by itself near the end.
    const before = await cards(page).count();
    await page.keyboard.press('End');
    await page.mouse.wheel(0, 200_000);
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBeGreaterThan(before);

    const id = await sceneIdOf(cards(page).last());
    // Found by id: a page loading by itself would change which card is last.
    const last = page.locator(`[data-testid="scene-card"][data-scene-id="${id}"]`);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeVisible();
    touched.set(id, touched.get(id) ?? (await sceneState(request, id)));
    const favourite = last.locator('[data-flag="favourite"]');
    const pressed = await favourite.getAttribute('aria-pressed');
    await favourite.click();
    await expect(favourite).not.toHaveAttribute('aria-pressed', pressed ?? '');
    await page.screenshot({ path: `${shots}scene-cards-scrolled.png` });
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', pressed ?? '');
  });
});
