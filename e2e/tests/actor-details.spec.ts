import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/*
 * Actor details on the seeded library: a seeded performer with a profile (birth date, height, weight,
 * nationality, cup size, hair colour, image) and scenes. Every change is undone at the end, so the other
 * specs see the library as seeded.
 */
const ACTOR = 'Kira Dune';

interface ActorFacts {
  id: number;
  name: string;
  favourite: boolean;
  watchlist: boolean;
  star_rating: number;
  count: number;
  nationality: string;
}

interface SceneFacts {
  id: number;
  title: string;
  favourite: boolean;
}

async function findActor(request: APIRequestContext, name: string): Promise<ActorFacts> {
  const answer = await request.post('/api/actor/list', {
    data: { cast: [name], with_scenes: false, limit: 5 },
  });
  const body = (await answer.json()) as { actors: ActorFacts[] };
  const actor = body.actors.find((item) => item.name === name);
  if (actor === undefined) throw new Error(`${name} is not seeded`);
  return actor;
}

const getActor = async (request: APIRequestContext, id: number): Promise<ActorFacts> =>
  (await (await request.get(`/api/actor/${id}`)).json()) as ActorFacts;

const details = (page: Page) => page.getByTestId('actor-details');
const actorName = (page: Page) => details(page).getByTestId('actor-details-name');

/** The test id of the overlay drawn at the middle of the window (the one the user sees on top). */
const topmost = (page: Page): Promise<string | null> =>
  page.evaluate(() => {
    const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    return (
      hit
        ?.closest('[data-testid="scene-details"], [data-testid="actor-details"]')
        ?.getAttribute('data-testid') ?? null
    );
  });

async function openByLink(page: Page, id: number, name: string): Promise<Locator> {
  await page.goto(`/ui/#/actors?actor_id=${id}`);
  await expect(actorName(page)).toHaveText(name);
  return details(page);
}

test.describe.serial('actor details', () => {
  let actor: ActorFacts;

  test.beforeAll(async ({ request }) => {
    actor = await findActor(request, ACTOR);
    expect(actor.count).toBeGreaterThan(0);
  });

  test.afterAll(async ({ request }) => {
    // Undo what the keys changed.
    const now = await getActor(request, actor.id);
    for (const list of ['favourite', 'watchlist'] as const) {
      if (now[list] !== actor[list])
        await request.post('/api/actor/toggle', { data: { actor_id: actor.id, list } });
    }
    await request.post(`/api/actor/rate/${actor.id}`, { data: { rating: actor.star_rating } });
  });

  test('shows the profile with its flag and pictures; F, W and 0 change the actor at once', async ({
    page,
    request,
  }) => {
    await request.post(`/api/actor/rate/${actor.id}`, { data: { rating: 3 } });
    const overlay = await openByLink(page, actor.id, ACTOR);
    await expect(overlay.getByTestId('actor-details-born')).toHaveText(/^born \d{4}-\d{2}-\d{2}$/);
    await expect(overlay.getByTestId('actor-fact-age')).toHaveText(/^\d+ \(born \d{4}-\d{2}-\d{2}\)$/);
    await expect(overlay.getByTestId('actor-fact-height')).toHaveText(/^\d+ cm$/);
    await expect(overlay.getByTestId('actor-fact-weight')).toHaveText(/^\d+ kg$/);
    await expect(overlay.getByTestId('actor-fact-hair')).not.toBeEmpty();
    // The flag is served by Fovea itself and really loads.
    const flag = overlay.getByTestId('actor-flag');
    await expect(flag).toBeVisible();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The picture came through the image proxy: wider than the 1×1 placeholder a refused fetch answers.
    const picture = overlay.getByTestId('actor-gallery-image');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1);
    await expect(overlay.getByRole('tab', { name: `Scenes (${actor.count})` })).toBeVisible();
    await expect(overlay.getByRole('slider', { name: 'Your rating' })).toHaveAttribute('aria-valuenow', '3');
    await page.screenshot({ path: `${shots}actor-details.png` });

    await page.keyboard.press('f');
    await expect(overlay.getByRole('button', { name: /Remove from favourites/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('w');
    await expect(overlay.getByRole('button', { name: /Remove from watchlist/ })).toBeVisible();
    await page.keyboard.press('0');
    await expect(overlay.getByRole('slider', { name: 'Your rating' })).toHaveAttribute('aria-valuenow', '0');
    await expect
      .poll(async () => {
        const now = await getActor(request, actor.id);
        return [now.favourite, now.watchlist, now.star_rating];
      })
      .toEqual([!actor.favourite, !actor.watchlist, 0]);
    // The card on the list behind shows the same (one cache for both).
    await page.keyboard.press('Escape');
    await expect(details(page)).toBeHidden();
    await expect(page).not.toHaveURL(/actor_id=/);
  });

  test('an actor with nothing known yet shows the blank picture and says so', async ({ page, request }) => {
    const blank = await findActor(request, 'Abby Stone');
    const overlay = await openByLink(page, blank.id, 'Abby Stone');
    await expect(overlay.getByTestId('actor-facts')).toContainText('No details known yet.');
    await expect(overlay.getByRole('img', { name: 'No picture' })).toBeVisible();
    await expect(overlay.getByRole('button', { name: 'Delete image' })).toHaveCount(0);
    await expect(overlay.getByRole('tab', { name: 'Scenes (0)' })).toBeVisible();
    await expect(overlay.getByRole('tab', { name: 'Colleagues (0)' })).toBeVisible();
    await page.screenshot({ path: `${shots}actor-details-blank.png` });
    await overlay.getByRole('tab', { name: 'Scenes (0)' }).click();
    await expect(overlay.getByText('No scenes.')).toBeVisible();
  });

  test('O and P step through the cards of the page it was opened from', async ({ page }) => {
    await page.goto('/ui/#/actors');
    const names = page.getByTestId('actor-grid').getByTestId('actor-card-name');
    await expect(names.nth(2)).toBeVisible();
    const [first, second] = await names.evaluateAll((items) =>
      items.slice(0, 2).map((item) => item.textContent),
    );
    await names.first().click();
    await expect(actorName(page)).toHaveText(first ?? '');
    await expect(details(page).getByRole('button', { name: 'Previous actor' })).toHaveCount(0);
    await page.keyboard.press('p');
    await expect(actorName(page)).toHaveText(second ?? '');
    await details(page).getByRole('button', { name: 'Previous actor' }).click();
    await expect(actorName(page)).toHaveText(first ?? '');
    await page.keyboard.press('Escape');
    await expect(details(page)).toBeHidden();
  });

  test('a scene opened from the Scenes tab shows over the actor; a cast chip opens the actor over the scene', async ({
    page,
    request,
  }) => {
    const overlay = await openByLink(page, actor.id, ACTOR);
    await overlay.getByRole('tab', { name: /^Scenes/ }).click();
    const card = overlay.getByTestId('scene-card').first();
    await expect(card).toBeVisible();
    await page.screenshot({ path: `${shots}actor-details-scenes.png` });
    const sceneId = Number(await card.getAttribute('data-scene-id'));
    const scene = (await (await request.get(`/api/scene/${sceneId}`)).json()) as SceneFacts;
    await card.getByRole('button', { name: `Show the details of ${scene.title}` }).click();
    const sceneDetails = page.getByTestId('scene-details');
    await expect(sceneDetails).toBeVisible();
    await expect.poll(() => topmost(page)).toBe('scene-details');
    await page.screenshot({ path: `${shots}actor-details-scene-over.png` });
    // The keys go to the scene now: F favours the scene, not the actor.
    await page.keyboard.press('f');
    await expect
      .poll(async () => (await (await request.get(`/api/scene/${sceneId}`)).json()).favourite)
      .toBe(!scene.favourite);
    await page.keyboard.press('f');
    await expect
      .poll(async () => (await (await request.get(`/api/scene/${sceneId}`)).json()).favourite)
      .toBe(scene.favourite);

    // The cast chip opens the actor again, over the scene.
    await sceneDetails.getByRole('button', { name: `Open the details of ${ACTOR}` }).click();
    await expect.poll(() => topmost(page)).toBe('actor-details');
    await expect(actorName(page)).toHaveText(ACTOR);
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await expect.poll(() => topmost(page)).toBe('scene-details');
    await page.keyboard.press('Escape');
    await expect(sceneDetails).toBeHidden();
  });

  test('Colleagues open each other; Links and Scrapers list the sources', async ({ page }) => {
    const overlay = await openByLink(page, actor.id, ACTOR);
    await overlay.getByRole('tab', { name: /^Colleagues/ }).click();
    const tile = overlay.getByTestId('actor-colleague-tile').first();
    await expect(tile).toBeVisible();
    await expect(tile).toContainText(/\d+ shared scenes?/);
    const colleague = (await tile.getByTestId('actor-tile-name').textContent()) ?? '';
    await page.screenshot({ path: `${shots}actor-details-colleagues.png` });
    await tile.click();
    await expect(actorName(page)).toHaveText(colleague);
    await details(page)
      .getByRole('tab', { name: /^Links/ })
      .click();
    await expect(details(page).getByText('No links.')).toBeVisible();
    await details(page)
      .getByRole('tab', { name: /^Scrapers/ })
      .click();
    await expect(details(page).getByText('No scraper sources.')).toBeVisible();
  });
});
