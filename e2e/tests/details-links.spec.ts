import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/** Every scene, available or not (the seeded scenes have no files on disk), as the scenes route's q. */
const ANY_SCENE = Buffer.from(JSON.stringify({ dlState: 'any' })).toString('base64');
const LIST = `/ui/#/?q=${encodeURIComponent(ANY_SCENE)}`;

interface Named {
  id: number;
  title?: string;
  name?: string;
}

async function firstScene(request: APIRequestContext): Promise<Named & { title: string }> {
  const answer = await request.post('/api/scene/list', { data: { dlState: 'any', offset: 0, limit: 1 } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const [scene] = ((await answer.json()) as { scenes: { id: number; title: string }[] }).scenes;
  if (scene === undefined) throw new Error('the seeded library has no scene');
  return scene;
}

/** An actor with scenes: the first cast member of the first scenes that have one. */
async function firstActor(request: APIRequestContext): Promise<Named & { name: string }> {
  const answer = await request.post('/api/scene/list', { data: { dlState: 'any', offset: 0, limit: 50 } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { scenes } = (await answer.json()) as { scenes: { cast: { id: number; name: string }[] | null }[] };
  const actor = scenes.flatMap((scene) => scene.cast ?? []).find((member) => !member.name.startsWith('aka:'));
  if (actor === undefined) throw new Error('the seeded library has no actor with scenes');
  return actor;
}

const sceneDetails = (page: Page) => page.getByTestId('scene-details');
const actorDetails = (page: Page) => page.getByTestId('actor-details');

test.describe('details in the address', () => {
  // Each test loads the app afresh more than once.
  test.describe.configure({ timeout: 60_000 });

  test('a scene opened from the list is in the address: a reload reopens it, Back closes it', async ({
    page,
    request,
  }) => {
    const scene = await firstScene(request);
    await page.goto(LIST);
    const card = page.locator(`[data-testid="scene-card"][data-scene-id="${scene.id}"]`);
    await card.getByRole('button', { name: `Show the details of ${scene.title}` }).click();
    await expect(sceneDetails(page)).toHaveAttribute('data-status', 'ready');
    // The list's own filter stays in the address, the scene is added to it.
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(ANY_SCENE)}.*&scene_id=${scene.id}$`));

    await page.reload();
    await expect(sceneDetails(page)).toHaveAttribute('data-status', 'ready');
    await expect(sceneDetails(page).getByRole('heading', { name: new RegExp(scene.title) })).toBeVisible();

    await page.goBack();
    await expect(sceneDetails(page)).toBeHidden();
    await expect(page).not.toHaveURL(/scene_id=/);
    await expect(page).toHaveURL(/\/ui\/#\/\?q=/);
    await expect(page.getByTestId('scene-card').first()).toBeVisible();
  });

  test('a shared actor link opens over the list, survives a reload, and Back stays in the app', async ({
    page,
    request,
  }) => {
    const actor = await firstActor(request);
    await page.goto(`/ui/#/actors?actor_id=${actor.id}`);
    await expect(page.getByTestId('actor-details-name')).toHaveText(actor.name);
    await page.reload();
    await expect(page.getByTestId('actor-details-name')).toHaveText(actor.name);

    await page.goBack();
    await expect(actorDetails(page)).toBeHidden();
    await expect(page).toHaveURL(/\/ui\/#\/actors$/);
    await expect(page.getByTestId('actor-grid')).toBeVisible();
  });

  test('Back from a scene opened over an actor shows the actor again', async ({ page, request }) => {
    const actor = await firstActor(request);
    await page.goto('/ui/#/actors');
    await page.goto(`/ui/#/actors?actor_id=${actor.id}`);
    await expect(page.getByTestId('actor-details-name')).toHaveText(actor.name);
    await actorDetails(page)
      .getByRole('tab', { name: /Scenes/ })
      .click();
    const tile = actorDetails(page).getByTestId('scene-card').first();
    await tile.getByRole('button', { name: /Show the details of/ }).click();
    await expect(sceneDetails(page)).toHaveAttribute('data-status', 'ready');
    await expect(page).toHaveURL(new RegExp(`actor_id=${actor.id}&scene_id=\\d+$`));

    await page.goBack();
    await expect(sceneDetails(page)).toBeHidden();
    await expect(page.getByTestId('actor-details-name')).toHaveText(actor.name);
    await page.goBack();
    await expect(actorDetails(page)).toBeHidden();
    await expect(page).toHaveURL(/\/ui\/#\/actors$/);
  });

  test('an id that names nothing says so, and its close button closes', async ({ page }) => {
    await page.goto('/ui/#/?scene_id=987654321');
    const notFound = page.getByTestId('scene-details-not-found');
    await expect(notFound).toContainText('There is no such scene');
    await notFound.getByRole('button', { name: 'Close' }).click();
    await expect(sceneDetails(page)).toBeHidden();
    await expect(page).not.toHaveURL(/scene_id=/);

    await page.goto('/ui/#/actors?actor_id=987654321');
    await expect(page.getByTestId('actor-details-not-found')).toContainText('There is no such actor');
  });
});
