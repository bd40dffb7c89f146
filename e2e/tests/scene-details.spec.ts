import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_CLIPS } from '../support/media-clips';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/** The clip this spec matches to its scene (and unmatches again, so the files spec sees it unmatched). */
const CLIP = E2E_CLIPS[3]?.filename ?? '';
const CAST = 'Ember Details';
const TAG = 'e2e details tag';

interface SceneFacts {
  id: number;
  scene_id: string;
  title: string;
  star_rating: number;
  favourite: boolean;
  watchlist: boolean;
  is_watched: boolean;
  tags: { name: string }[];
  cast: { name: string }[];
  file: { id: number; filename: string }[];
}

const getScene = async (request: APIRequestContext, id: number): Promise<SceneFacts> =>
  (await (await request.get(`/api/scene/${id}`)).json()) as SceneFacts;

/** The scenes route's filter for every scene, available or not (the seeded scenes have no files on disk). */
const ANY_SCENE = Buffer.from(JSON.stringify({ dlState: 'any' })).toString('base64');

/** The ids of the cards shown, in order. */
const visibleIds = async (page: Page): Promise<number[]> =>
  (
    await page
      .getByTestId('scene-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-scene-id')))
  ).map(Number);

/** Opens the scenes route and gives the ids of its first cards, in order. */
async function cardIds(page: Page): Promise<number[]> {
  await page.goto(`/ui/#/?q=${encodeURIComponent(ANY_SCENE)}`);
  await expect(page.getByTestId('scene-card').nth(3)).toBeVisible();
  return visibleIds(page);
}

async function openFromCard(page: Page, scene: SceneFacts): Promise<Locator> {
  const card = page.locator(`[data-testid="scene-card"][data-scene-id="${scene.id}"]`);
  await card.getByRole('button', { name: `Show the details of ${scene.title}` }).click();
  const details = page.getByTestId('scene-details');
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: new RegExp(`^${scene.title}(?!\\d)`) })).toBeVisible();
  return details;
}

/** The filter a scenes-route address holds in q. */
function filterOf(url: string): Record<string, unknown> {
  const q = new URLSearchParams(new URL(url).hash.replace(/^#\/\?/, '')).get('q') ?? '';
  return JSON.parse(Buffer.from(q, 'base64').toString('utf8')) as Record<string, unknown>;
}

test.describe.serial('scene details', () => {
  let scene: SceneFacts;
  let clipId = 0;

  test.beforeAll(async ({ browser, request }) => {
    const page = await browser.newPage();
    const id = (await cardIds(page))[2] ?? 0;
    await page.close();
    const before = await getScene(request, id);
    // A cast member, a tag and a real clip, so chips and the Files tab have something to show.
    const files = (await (
      await request.post('/api/files/page', { data: { state: 'all', filename: CLIP, limit: 5 } })
    ).json()) as { files: { id: number; filename: string }[] };
    clipId = files.files.find((file) => file.filename === CLIP)?.id ?? 0;
    expect(clipId).toBeGreaterThan(0);
    expect(
      (await request.post('/api/files/match', { data: { file_id: clipId, scene_id: before.scene_id } })).ok(),
    ).toBe(true);
    await request.post(`/api/scene/edit/${id}`, { data: { castArray: [CAST], tagsArray: [TAG] } });
    await request.post(`/api/scene/rate/${id}`, { data: { rating: 3.5 } });
    scene = await getScene(request, id);
    expect(scene.file.some((file) => file.filename === CLIP)).toBe(true);
  });

  test.afterAll(async ({ request }) => {
    if (clipId > 0) await request.post('/api/files/unmatch', { data: { file_id: clipId } });
    if (scene === undefined) return;
    await request.post(`/api/scene/edit/${scene.id}`, { data: { castArray: [], tagsArray: [] } });
    await request.post(`/api/scene/rate/${scene.id}`, { data: { rating: 0 } });
  });

  test('opens from the list with its tabs, chips and rating, and moves with O and P', async ({ page }) => {
    await cardIds(page);
    const details = await openFromCard(page, scene);
    await expect(details.getByRole('tab', { name: 'Gallery' })).toHaveAttribute('aria-selected', 'true');
    await expect(details.getByRole('tab', { name: 'Player' })).toBeVisible();
    await expect(details.getByRole('tab', { name: `Files (${scene.file.length})` })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(details.getByRole('tab', { name: 'Cuepoints (0)' })).toBeVisible();
    await expect(details.getByRole('tab', { name: 'Watch history' })).toBeVisible();
    await expect(details.getByRole('tab', { name: 'Description' })).toBeVisible();
    await expect(details.getByRole('tab', { name: 'Search fields' })).toHaveCount(0);
    await expect(details.getByRole('slider', { name: 'Scene rating' })).toHaveAttribute(
      'aria-valuenow',
      '3.5',
    );
    await expect(details.getByRole('button', { name: new RegExp(`^${CAST}`) })).toBeVisible();
    await expect(details.getByRole('button', { name: /^E2E Studio/ })).toBeVisible();
    await expect(details.getByRole('button', { name: new RegExp(`^${TAG}`) })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Next scene' })).toBeVisible();
    await page.screenshot({ path: `${shots}scene-details.png` });

    // P and O move through the list the scene was opened from; no wrapping at the ends.
    const ids = await visibleIds(page);
    const index = ids.indexOf(scene.id);
    expect(index).toBeGreaterThanOrEqual(0);
    const heading = (title: string) => details.getByRole('heading', { name: new RegExp(`^${title}(?!\\d)`) });
    const next = await getScene(page.request, ids[index + 1] ?? 0);
    await page.keyboard.press('p');
    await expect(heading(next.title)).toBeVisible();
    await expect(details.getByRole('button', { name: 'Previous scene' })).toBeVisible();
    await page.keyboard.press('o');
    await expect(heading(scene.title)).toBeVisible();
    if (index === 0) {
      await expect(details.getByRole('button', { name: 'Previous scene' })).toHaveCount(0);
      await page.keyboard.press('o');
      await expect(heading(scene.title)).toBeVisible();
    } else {
      const previous = await getScene(page.request, ids[index - 1] ?? 0);
      await details.getByRole('button', { name: 'Previous scene' }).click();
      await expect(heading(previous.title)).toBeVisible();
      await page.keyboard.press('p');
      await expect(heading(scene.title)).toBeVisible();
    }

    // G: Player, and back to the Gallery.
    await page.keyboard.press('g');
    await expect(details.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('g');
    await expect(details.getByRole('tab', { name: 'Gallery' })).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  });

  test('F, W, Shift+W and 0 change the scene at once and on the server', async ({ page, request }) => {
    await cardIds(page);
    const details = await openFromCard(page, scene);
    await page.keyboard.press('f');
    await expect(details.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('w');
    await expect(details.getByRole('button', { name: 'Remove from watchlist' })).toBeVisible();
    await page.keyboard.press('Shift+W');
    await expect(details.getByRole('button', { name: 'Mark as not watched' })).toBeVisible();
    await page.keyboard.press('0');
    await expect(details.getByRole('slider', { name: 'Scene rating' })).toHaveAttribute('aria-valuenow', '0');
    await expect
      .poll(async () => {
        const now = await getScene(request, scene.id);
        return [now.favourite, now.watchlist, now.is_watched, now.star_rating];
      })
      .toEqual([!scene.favourite, !scene.watchlist, !scene.is_watched, 0]);
    // Back as it was.
    await page.keyboard.press('f');
    await page.keyboard.press('w');
    await page.keyboard.press('Shift+W');
    await expect(details.getByRole('button', { name: 'Add to favourites' })).toBeVisible();
    await expect
      .poll(async () => {
        const now = await getScene(request, scene.id);
        return [now.favourite, now.watchlist, now.is_watched];
      })
      .toEqual([scene.favourite, scene.watchlist, scene.is_watched]);
  });

  test('the Files tab shows the matched clip with its facts', async ({ page }) => {
    await cardIds(page);
    const details = await openFromCard(page, scene);
    const files = details.getByTestId('scene-files');
    const clip = files.getByTestId('scene-file').filter({ hasText: CLIP });
    await expect(clip).toBeVisible();
    const facts = E2E_CLIPS[3];
    await expect(clip.getByTestId('scene-file-facts')).toContainText(`${facts?.width}x${facts?.height} h264`);
    await expect(clip.getByTestId('scene-file-facts')).toContainText('flat');
    await expect(clip.getByRole('button', { name: 'Unmatch file from scene' })).toBeVisible();
    await expect(clip.getByRole('button', { name: 'Delete file from disk' })).toBeVisible();
    await page.screenshot({ path: `${shots}scene-details-files.png` });
    await clip.getByRole('button', { name: 'Unmatch file from scene' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unmatch file' });
    await expect(confirm).toContainText(CLIP);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(clip).toBeVisible();
  });

  test('a tag chip shows the list filtered by that tag and closes the overlay', async ({ page }) => {
    await cardIds(page);
    const details = await openFromCard(page, scene);
    await details.getByRole('button', { name: new RegExp(`^${TAG}`) }).click();
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(/#\/\?q=/);
    expect(filterOf(page.url())).toMatchObject({ tags: [TAG], cast: [], sites: [] });
    const cards = page.getByTestId('scene-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-scene-id', String(scene.id));

    // The cast chip from there.
    const again = await openFromCard(page, scene);
    await again.getByRole('button', { name: new RegExp(`^${CAST}`) }).click();
    await expect(again).toBeHidden();
    expect(filterOf(page.url())).toMatchObject({ cast: [CAST], tags: [] });
    await expect(cards).toHaveCount(1);
  });
});
