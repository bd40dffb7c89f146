import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { STASH_TARGET } from '../support/fake-stashdb';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/*
 * Searching StashDB for an actor from actor details (key S) against the local fake StashDB the global setup
 * starts (FOVEA_STASHDB_URL): no key, a ranked search by the actor's name, a StashDB performer URL, and
 * linking (the link shows in the actor's external references).
 */

const ACTOR = STASH_TARGET.performer;

async function setStashKey(request: APIRequestContext, stashApiKey: string) {
  const answer = await request.put('/api/options/interface/advanced', { data: { stashApiKey } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function actorId(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/actor/list', { data: { cast: [ACTOR], with_scenes: false } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as { actors: { id: number; name: string }[] };
  const actor = body.actors.find((entry) => entry.name === ACTOR);
  expect(actor).toBeDefined();
  return actor?.id ?? 0;
}

async function openDetails(page: Page, id: number): Promise<Locator> {
  await page.goto(`/ui/#/actors?actor_id=${id}`);
  const details = page.getByTestId('actor-details');
  await expect(details.getByTestId('actor-details-name')).toHaveText(ACTOR);
  return details;
}

const dialog = (page: Page) => page.getByTestId('stashdb-actor-search-dialog');
const results = (page: Page) => dialog(page).getByTestId('stashdb-actor-result');

test.describe.serial('StashDB actor search', () => {
  let id = 0;

  test.beforeAll(async ({ request }) => {
    id = await actorId(request);
  });

  test.afterAll(async ({ request }) => {
    await setStashKey(request, '');
  });

  test('without an API key, S opens the search and says a key is needed', async ({ page, request }) => {
    await setStashKey(request, '');
    const details = await openDetails(page, id);
    await page.keyboard.press('s');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByTestId('stashdb-actor-no-key')).toBeVisible();
    await expect(page.getByText(/^Warning: No StashDB API key/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    // Esc closed the search only: the details stay.
    await expect(details).toBeVisible();
  });

  test('ranks the performer named like the actor first, looks a URL up, and links', async ({
    page,
    request,
  }) => {
    await setStashKey(request, 'e2e-stash-key');
    const details = await openDetails(page, id);
    await details.getByTestId('actor-search-stashdb').click();
    const box = dialog(page).getByRole('textbox', { name: 'Search StashDB performers' });
    await expect(box).toHaveValue(ACTOR);
    const first = results(page).first();
    await expect(first.getByTestId('stashdb-actor-result-name')).toHaveText(ACTOR);
    // Same name (1000) and a studio the actor's scenes come from (150).
    await expect(first.getByTestId('stashdb-actor-result-weight')).toHaveText('Score 1150');
    const studio = first.getByTestId('stashdb-actor-studio').first();
    await expect(studio).toHaveText('E2E Studio (2)');
    await expect(studio).toHaveAttribute('data-matched', 'true');
    await page.screenshot({ path: `${shots}stashdb-actor-search.png` });

    const performerId = (await first.getAttribute('data-stash-id')) ?? '';
    expect(performerId).not.toBe('');
    // Typed text that names nobody: no results.
    await box.fill('Nobody at all');
    await expect(dialog(page).getByTestId('stashdb-actor-no-results')).toBeVisible();
    // A StashDB performer URL is looked up directly.
    await box.fill(`https://stashdb.org/performers/${performerId}`);
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).first().getByTestId('stashdb-actor-result-weight')).toHaveText('Score 10000');

    await results(page).first().getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('The actor was linked to the StashDB performer')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(details).toBeVisible();
    const extrefs = (await (await request.get(`/api/actor/extrefs/${id}`)).json()) as {
      external_source: string;
      external_id: string;
      match_type: number;
    }[];
    expect(extrefs).toContainEqual(
      expect.objectContaining({
        external_source: 'stashdb performer',
        external_id: performerId,
        match_type: 90,
      }),
    );
    // Refreshing the performer answers empty and keeps the link.
    const refreshed = await request.get(`/api/extref/stashdb/refresh_performer/${performerId}`);
    expect(refreshed.status()).toBe(200);
    await page.screenshot({ path: `${shots}stashdb-actor-linked.png` });
  });
});
