import { expect, test, type Locator, type Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;
const api = (path: string) => `${process.env.FOVEA_E2E_URL?.replace(/\/$/, '') ?? ''}${path}`;

interface SceneFacts {
  id: number;
  title: string;
  tags: string[];
}

/** The scene of the first card on the scenes route, as the server has it. */
async function firstScene(page: Page): Promise<{ card: Locator; scene: SceneFacts }> {
  await page.goto('/ui/');
  // The seeded scenes' files are not on disk, so show every scene, not only the available ones.
  await page.getByText(/^Any \(\d+\)$/).click();
  const card = page.getByTestId('scene-card').first();
  await expect(card).toBeVisible();
  const id = Number(await card.getAttribute('data-scene-id'));
  const response = await page.request.get(api(`/api/scene/${id}`));
  const body = (await response.json()) as { id: number; title: string; tags: { name: string }[] };
  return { card, scene: { id: body.id, title: body.title, tags: body.tags.map((tag) => tag.name) } };
}

/** Opens the scene details overlay from a card. */
async function openDetails(page: Page, card: Locator, title: string): Promise<Locator> {
  await card.getByRole('button', { name: `Show the details of ${title}`, exact: true }).click();
  // The overlay is a dialog named by the scene title (which the edit test extends, so only its start counts).
  const details = page.getByRole('dialog', { name: new RegExp(`^${title}(?!\\d)`) });
  await expect(details).toBeVisible();
  await expect(details).toContainText(title);
  return details;
}

test.describe('scene cuepoints and scene edit', () => {
  let restore: SceneFacts | null = null;

  test.afterEach(async ({ request }) => {
    // Leave the shared seeded library as it was for the other specs.
    if (restore === null) return;
    await request.post(api(`/api/scene/edit/${restore.id}`), {
      data: { title: restore.title, tagsArray: restore.tags },
    });
    restore = null;
  });

  test('adds a cuepoint (with the end-time rule), edits it and deletes it', async ({ page }) => {
    const { card, scene } = await firstScene(page);
    const details = await openDetails(page, card, scene.title);
    await details.getByRole('tab', { name: /^Cuepoints/ }).click();
    const tab = details.getByTestId('cuepoints-tab');
    await expect(tab.getByTestId('cuepoint-empty')).toBeVisible();

    const add = tab.getByRole('button', { name: 'Add new' });
    await expect(add).toBeDisabled();
    await tab.getByRole('combobox', { name: 'Position' }).fill('standing');
    await tab.getByRole('combobox', { name: 'Action' }).fill('blowjob');
    await tab.getByRole('combobox', { name: 'Action' }).press('Escape');
    await tab.getByTestId('cuepoint-time-start').fill('');
    await tab.getByTestId('cuepoint-time-start').pressSequentially('000015');
    await expect(tab.getByTestId('cuepoint-time-start')).toHaveValue('00:00:15');

    // An end time without a track is refused.
    await tab.getByTestId('cuepoint-time-end').pressSequentially('00:01:30');
    await expect(tab.getByText('End Time is only valid for HSP Cuepoints')).toBeVisible();
    await expect(add).toBeDisabled();
    await tab.getByTestId('cuepoint-time-end').fill('');
    await expect(tab.getByText('End Time is only valid for HSP Cuepoints')).toBeHidden();

    // Alt+A is the Add new access key.
    await expect(add).toBeEnabled();
    await page.keyboard.press('Alt+a');
    const rows = tab.getByTestId('cuepoint-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('standing-blowjob');
    await expect(rows.first()).toContainText('00:00:15');
    await expect(details.getByRole('tab', { name: 'Cuepoints (1)' })).toBeVisible();
    await page.screenshot({ path: `${shots}scene-cuepoints.png` });

    // Selecting the row loads it; Save edit (Alt+S) replaces it.
    await rows.first().click();
    await expect(tab.getByRole('combobox', { name: 'Action' })).toHaveValue('blowjob');
    await tab.getByRole('combobox', { name: 'Action' }).fill('cowgirl');
    await tab.getByRole('combobox', { name: 'Action' }).press('Escape');
    await page.keyboard.press('Alt+s');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('standing-cowgirl');
    await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: `${shots}scene-cuepoints-edited.png` });

    await tab.getByRole('button', { name: 'Delete cuepoint standing-cowgirl' }).click();
    await expect(rows).toHaveCount(0);
    await expect(details.getByRole('tab', { name: 'Cuepoints (0)' })).toBeVisible();
    const stored = (await (await page.request.get(api(`/api/scene/${scene.id}`))).json()) as {
      cuepoints: unknown[];
    };
    expect(stored.cuepoints).toEqual([]);
  });

  test('edits the title and tags; the card and details show them; unsaved changes are asked about', async ({
    page,
  }) => {
    const { card, scene } = await firstScene(page);
    restore = scene;
    const details = await openDetails(page, card, scene.title);
    await page.locator('body').press('e');
    const dialog = page.getByRole('dialog', { name: /^Edit scene:/ });
    await expect(dialog).toBeVisible();
    const title = dialog.getByRole('textbox', { name: /^Title/ });
    await expect(title).toHaveValue(scene.title);

    const edited = `${scene.title} (edited)`;
    await title.fill(edited);
    const tags = dialog.getByTestId('scene-edit-tags');
    await tags.fill('E2E Edited');
    await tags.press('Enter');
    await tags.fill('e2e edited');
    await tags.press('Enter');
    await expect(dialog.getByText('e2e edited is already in the list')).toBeVisible();
    await expect(dialog.getByTestId('scene-edit-dirty')).toBeVisible();
    await page.screenshot({ path: `${shots}scene-edit.png` });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(details).toContainText(edited);
    await expect(details.getByTestId('scene-details-chips')).toContainText('e2e edited');

    // Unsaved changes: Esc asks first; Cancel keeps the dialog, confirming closes without saving.
    await page.locator('body').press('e');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Not saved');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Close without saving' });
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: `${shots}scene-edit-unsaved.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Not saved');
    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: 'Close without saving' }).click();
    await expect(dialog).toBeHidden();
    await expect(details).toBeVisible();
    await expect(details).toContainText(edited);

    // Unchanged, Esc closes the dialog at once and only the dialog.
    await page.locator('body').press('e');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    const editedCard = page.locator(`[data-testid="scene-card"][data-scene-id="${scene.id}"]`);
    await expect(editedCard).toContainText(edited);
  });
});
