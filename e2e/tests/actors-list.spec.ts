import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/*
 * The actor list on the seeded library: 12 performers with profiles and scenes plus 48 without scenes (names
 * under every jump letter), so at least 4 pages of 18. Other specs may add actors, so page counts come from
 * the server's own answer.
 */

interface ListAnswer {
  results: number;
  offset: number;
  actors: { id: number; name: string; favourite: boolean }[];
}

async function listActors(request: APIRequestContext, body: object): Promise<ListAnswer> {
  const answer = await request.post('/api/actor/list', { data: { with_scenes: false, ...body } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as ListAnswer;
}

const cards = (page: Page) => page.getByTestId('actor-grid').getByTestId('actor-card');
const pageInput = (page: Page) => page.getByTestId('pager-input');
const cardNames = (page: Page) => page.getByTestId('actor-grid').getByTestId('actor-card-name');

async function openList(page: Page) {
  await page.goto('/ui/#/actors');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('actors-total')).toBeVisible();
}

/** The page shown is `n`, and its first card is the one the server puts first at that offset. */
async function expectPage(page: Page, request: APIRequestContext, n: number, limit = 18) {
  await expect(pageInput(page)).toHaveValue(String(n));
  const answer = await listActors(request, { offset: (n - 1) * limit, limit });
  await expect(cardNames(page).first()).toHaveText(answer.actors[0]?.name ?? '');
  await expect(cards(page)).toHaveCount(answer.actors.length);
}

test.describe('actors list', () => {
  test('shows the first page with counts, and pages with the keys, wrapping', async ({ page, request }) => {
    const all = await listActors(request, { limit: 18 });
    const pages = Math.ceil(all.results / 18);
    expect(pages).toBeGreaterThanOrEqual(4);
    await openList(page);
    await expect(page.getByTestId('actors-total')).toHaveText(`${all.results} actors`);
    await expect(page.getByTestId('pager-pages')).toHaveText(`of ${pages}`);
    await expect(cards(page)).toHaveCount(18);
    await expect(page.getByTestId('jump-strip')).toBeVisible();
    // A seeded performer with a profile: counts and age show on the card.
    const aria = cards(page).filter({ hasText: 'Aria Vale' });
    await expect(aria.getByTestId('actor-card-counts')).toHaveText(/\d+ scenes? \/ \d+ available/);
    await expect(aria.getByTestId('actor-card-age')).toHaveText(/\d+ years old/);
    await page.screenshot({ path: `${shots}actors-list.png`, fullPage: true });

    await page.keyboard.press('ArrowRight');
    await expectPage(page, request, 2);
    await page.keyboard.press('p');
    await expectPage(page, request, 3);
    await page.keyboard.press('o');
    await expectPage(page, request, 2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, request, pages);
    await page.keyboard.press('p');
    await expectPage(page, request, 1);

    // Not while typing in a field.
    await pageInput(page).focus();
    await page.keyboard.press('p');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(400);
    await expect(pageInput(page)).toHaveValue('1');
    await pageInput(page).blur();

    // The page number applies after typing stops, clamped.
    await pageInput(page).fill('3');
    await expectPage(page, request, 3);
    await pageInput(page).fill('999');
    await expectPage(page, request, pages);
  });

  test('jumps to a letter and hides the strip for other sorts', async ({ page, request }) => {
    await openList(page);
    const strip = page.getByTestId('jump-strip');
    for (const letter of ['M', 'W/X/Y/Z', 'Q/R']) {
      const answer = await listActors(request, { jumpTo: letter, limit: 18 });
      await strip.getByRole('button', { name: `Names from ${letter}` }).click();
      await expect(pageInput(page)).toHaveValue(String(answer.offset / 18 + 1));
      const first = letter.split('/')[0] ?? letter;
      const names = await cardNames(page).allTextContents();
      expect(names.some((name) => name.toUpperCase().startsWith(first))).toBe(true);
      await expect(strip.getByRole('button', { name: `Names from ${letter}` })).toHaveAttribute(
        'aria-current',
        'true',
      );
    }
    await page.screenshot({ path: `${shots}actors-jump.png`, fullPage: true });
    // Name Z-A still has the strip; scene count does not.
    await page.goto(
      `/ui/#/actors?q=${encodeURIComponent(Buffer.from(JSON.stringify({ sort: 'scene_count_desc' })).toString('base64'))}`,
    );
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByTestId('jump-strip')).toHaveCount(0);
  });

  test('card sizes change the page size and stay out of the address', async ({ page, request }) => {
    await openList(page);
    await page.getByTestId('card-size').getByText('M', { exact: true }).click();
    await expect(cards(page)).toHaveCount(10);
    await expectPage(page, request, 1, 10);
    await page.getByTestId('card-size').getByText('L', { exact: true }).click();
    await expect(cards(page)).toHaveCount(8);
    await page.keyboard.press('p');
    await expectPage(page, request, 2, 8);
    expect(page.url()).not.toContain('q=');
    await page.screenshot({ path: `${shots}actors-large-cards.png`, fullPage: true });
    await page.reload();
    await expect(cards(page)).toHaveCount(8);
    await page.getByTestId('card-size').getByText('S', { exact: true }).click();
    await expect(cards(page)).toHaveCount(18);
    // A phone: the header wraps, two cards a row.
    await page.setViewportSize({ width: 400, height: 860 });
    await expect(page.getByTestId('pager-input')).toBeVisible();
    await page.screenshot({ path: `${shots}actors-narrow.png` });
  });

  test('details open from a card and from actor_id; the list keys wait while they are open', async ({
    page,
    request,
  }) => {
    await openList(page);
    const first = await listActors(request, { limit: 18 });
    const second = first.actors[1];
    expect(second).toBeDefined();
    await cardNames(page).nth(1).click();
    await expect(page).toHaveURL(new RegExp(`actor_id=${second?.id}`));
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await expect(pageInput(page)).toHaveValue('1');
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/actor_id=/);
    await page.keyboard.press('ArrowRight');
    await expect(pageInput(page)).toHaveValue('2');

    await page.goto(`/ui/#/actors?actor_id=${second?.id}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText(second?.name ?? '');
    await page.screenshot({ path: `${shots}actors-details-from-link.png` });
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/actor_id=/);
  });

  test('favourite flips at once on a card and survives a reload', async ({ page, request }) => {
    const answer = await listActors(request, { limit: 18 });
    const target = answer.actors[2];
    expect(target).toBeDefined();
    await openList(page);
    const card = cards(page).nth(2);
    const before = target?.favourite === true;
    const button = card.locator('[data-flag="favourite"]');
    await expect(button).toHaveAttribute('aria-pressed', String(before));
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', String(!before));
    await expect
      .poll(async () => (await listActors(request, { limit: 18 })).actors[2]?.favourite)
      .toBe(!before);
    await page.reload();
    await expect(cards(page).nth(2).locator('[data-flag="favourite"]')).toHaveAttribute(
      'aria-pressed',
      String(!before),
    );
    // Restore.
    await cards(page).nth(2).locator('[data-flag="favourite"]').click();
    await expect
      .poll(async () => (await listActors(request, { limit: 18 })).actors[2]?.favourite)
      .toBe(before);
  });
});
