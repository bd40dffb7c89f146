import { expect, test } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

test.describe('quick find', () => {
  test('finds scenes as you type, and Enter opens the highlighted one on the scenes route', async ({
    page,
  }) => {
    await page.goto('/ui/#/files');
    await expect(page.getByRole('textbox', { name: 'File name' })).toBeVisible();
    await page.locator('body').press('?');

    const dialog = page.getByRole('dialog', { name: 'Quick find' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('textbox', { name: 'Search' });
    await expect(input).toBeFocused();

    // An empty query does nothing.
    await input.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('option')).toHaveCount(0);

    await input.pressSequentially('E2E scene 12');
    const results = dialog.getByRole('option');
    await expect(results.first()).toContainText('E2E scene 12');
    // The answer to the whole text is in (an earlier one may have matched too).
    await expect(input).toHaveAttribute('aria-busy', 'false');
    const count = await results.count();
    expect(count).toBeGreaterThan(1);
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(results.first()).toHaveAttribute('aria-selected', 'false');
    await page.screenshot({ path: `${shots}quick-find-results.png` });

    // A selected multi-word text goes into the helper's field, quoted.
    await input.press('ControlOrMeta+a');
    await dialog.getByRole('button', { name: 'title:' }).click();
    await expect(input).toHaveValue('title:"E2E scene 12"');
    await expect(input).toBeFocused();
    await expect(results).toHaveCount(1);
    const only = results.first();
    await expect(only).toContainText('E2E scene 12');
    await expect(only).toContainText('2024-01-01');
    await expect(only.getByRole('img', { name: /^Rating/ })).toBeVisible();

    await input.press('ArrowDown');
    await expect(only).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: `${shots}quick-find-title-helper.png` });
    await input.press('Enter');

    await expect(dialog).toBeHidden();
    // The scenes route, its address naming the scene shown (a shareable link).
    await expect(page).toHaveURL(/#\/\?scene_id=\d+$/);
    const details = page.getByRole('dialog', { name: /^E2E scene 12(?!\d)/ });
    await expect(details).toBeVisible();
  });

  test('shows results for a broad search, and says when nothing matches', async ({ page }) => {
    await page.goto('/ui/');
    await page.getByTestId('quick-find-button').click();
    const dialog = page.getByRole('dialog', { name: 'Quick find' });
    const input = dialog.getByRole('textbox', { name: 'Search' });
    await input.fill('E2E scene');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await input.fill('nothing-like-this-zz');
    await expect(dialog.getByText('No scenes found')).toBeVisible();
  });

  test('? typed inside a field is just a character', async ({ page }) => {
    await page.goto('/ui/#/files');
    const filename = page.getByRole('textbox', { name: 'File name' });
    await filename.click();
    await filename.press('?');
    await expect(filename).toHaveValue('?');
    await expect(page.getByRole('dialog', { name: 'Quick find' })).toBeHidden();

    await filename.blur();
    await page.keyboard.press('?');
    const input = page.getByRole('dialog', { name: 'Quick find' }).getByRole('textbox', { name: 'Search' });
    await expect(input).toBeFocused();
    await input.press('?');
    await expect(input).toHaveValue('?');
  });
});
