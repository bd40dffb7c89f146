import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { STASH_TARGET } from '../support/fake-stashdb';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/*
 * Searching StashDB from scene details (key S) against the local fake StashDB the global setup starts
 * (FOVEA_STASHDB_URL): no key, a ranked search, a typed search, a StashDB URL, and linking.
 */

interface SceneFacts {
  id: number;
}

async function setStashKey(request: APIRequestContext, stashApiKey: string) {
  const answer = await request.put('/api/options/interface/advanced', { data: { stashApiKey } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function openDetails(page: Page, id: number): Promise<Locator> {
  await page.goto(`/ui/#/?scene_id=${id}`);
  const details = page.getByTestId('scene-details');
  await expect(
    details.getByRole('heading', { name: new RegExp(`^${STASH_TARGET.title}(?!\\d)`) }),
  ).toBeVisible();
  return details;
}

const dialog = (page: Page) => page.getByTestId('stashdb-search-dialog');
const results = (page: Page) => dialog(page).getByTestId('stashdb-result');

test.describe.serial('StashDB scene search', () => {
  let scene: SceneFacts;

  test.beforeAll(async ({ request }) => {
    scene = (await (await request.get(`/api/scene/${STASH_TARGET.sceneId}`)).json()) as SceneFacts;
    expect(scene.id).toBeGreaterThan(0);
  });

  test.afterAll(async ({ request }) => {
    await setStashKey(request, '');
  });

  test('without an API key, S opens the search and says a key is needed', async ({ page, request }) => {
    await setStashKey(request, '');
    await openDetails(page, scene.id);
    await page.keyboard.press('s');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByTestId('stashdb-no-key')).toBeVisible();
    await expect(page.getByText(/^Warning: No StashDB API key/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('ranks the scene itself first, searches typed text, and links a StashDB URL', async ({
    page,
    request,
  }) => {
    await setStashKey(request, 'e2e-stash-key');
    const details = await openDetails(page, scene.id);
    await details.getByRole('button', { name: 'Search StashDB' }).click();
    await expect(dialog(page).getByRole('textbox', { name: 'Search StashDB scenes' })).toHaveValue(
      STASH_TARGET.title,
    );
    await expect(results(page).first().getByTestId('stashdb-result-title')).toHaveText(
      STASH_TARGET.stashTitle,
    );
    await expect(results(page).first()).toContainText(STASH_TARGET.performer);
    await expect(results(page).first()).toContainText('00:55:00');
    const weights = (await results(page).getByTestId('stashdb-result-weight').allTextContents()).map((text) =>
      Number(text.replace(/\D/g, '')),
    );
    expect(weights.length).toBeGreaterThan(1);
    expect([...weights].sort((a, b) => b - a)).toEqual(weights);
    // The cover came through the image proxy from the local image server (wider than its 1×1 placeholder).
    const image = results(page).first().locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1))
      .toBe(true);
    await page.screenshot({ path: `${shots}stashdb-search.png` });

    const box = dialog(page).getByRole('textbox', { name: 'Search StashDB scenes' });
    // Typed text is searched after the pause; the scene's own facts still weigh in the ranking.
    await box.fill('beach');
    await expect(results(page).getByTestId('stashdb-result-title')).toContainText([STASH_TARGET.otherTitle]);

    // A StashDB scene URL is looked up directly.
    await box.fill(STASH_TARGET.title);
    const first = results(page).first();
    await expect(first.getByTestId('stashdb-result-title')).toHaveText(STASH_TARGET.stashTitle);
    const targetId = (await first.getAttribute('data-stash-id')) ?? '';
    expect(targetId).not.toBe('');
    await box.fill(`https://stashdb.org/scenes/${targetId}`);
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).first().getByTestId('stashdb-result-weight')).toHaveText(/10000/);

    await results(page).first().getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('The scene was linked to the StashDB scene')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    // The details show the link, which opens the StashDB scene.
    const link = details.getByTestId('stashdb-link');
    await expect(link).toHaveAttribute('href', new RegExp(`/scenes/${targetId}$`));
    await expect(link).toHaveAttribute('target', '_blank');
    const sources = (await (await request.get(`/api/scene/alternate_source/${scene.id}`)).json()) as {
      external_source: string;
      external_id: string;
    }[];
    expect(sources).toContainEqual(
      expect.objectContaining({ external_source: 'stashdb scene', external_id: targetId }),
    );
    await expect(link).toBeVisible();
    await page.screenshot({ path: `${shots}stashdb-linked.png` });
  });
});
