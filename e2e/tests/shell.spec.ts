import { expect, test } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

test.describe('the web shell', () => {
  test('renders the top bar with version, nav and a live websocket', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ui\/#?\/?$/);
    await expect(page.getByTestId('app-version')).toHaveText(/0\.1\.0/);
    for (const label of ['Scenes', 'Actors', 'Files', 'Options']) {
      await expect(page.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(page.getByTestId('quick-find-button')).toBeVisible();
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('status-line-rescan')).toContainText('Files');
    await expect(page.getByTestId('status-line-scrape')).toContainText('Data');
    await page.screenshot({ path: `${shots}shell.png`, fullPage: true });
  });

  test('pulses the Files indicator while the scene refresh holds its lock, then shows its message', async ({
    page,
    request,
  }) => {
    await page.goto('/ui/');
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
    const indicator = page.getByTestId('lock-indicator-rescan');
    await expect(indicator).toHaveAttribute('data-locked', 'false');
    // The seeded library has 3000 scenes, half with a file; their statuses are computed by the refresh.
    await expect(page.getByTestId('scene-results-count')).toHaveText(/^\d+ scenes?$/);

    const response = await request.get('/api/task/scene-refresh');
    expect(response.ok()).toBe(true);
    await expect(indicator).toHaveAttribute('data-locked', 'true');
    await page.screenshot({ path: `${shots}shell-lock.png` });
    await expect(page.getByTestId('status-text-rescan')).toContainText('Scene statuses refreshed', {
      timeout: 20_000,
    });
    await expect(indicator).toHaveAttribute('data-locked', 'false');
    // The default view (available scenes) now shows every seeded scene with a file.
    const list = await request.post('/api/scene/list', { data: { offset: 0, limit: 1 } });
    const available = ((await list.json()) as { count_available: number }).count_available;
    expect(available).toBeGreaterThanOrEqual(1500);
    await page.reload();
    await expect(page.getByTestId('scene-results-count')).toHaveText(`${available} scenes`);
  });

  test('shows the update notice until it is dismissed, and remembers that', async ({ page }) => {
    await page.goto('/ui/');
    const notice = page.getByTestId('update-notice');
    await expect(notice).toContainText('99.0.0');
    await page.screenshot({ path: `${shots}update-notice.png` });
    await notice.getByRole('button').first().click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('app-version')).toHaveText(/0\.1\.0/);
    await expect(page.getByTestId('update-notice')).toBeHidden();
  });

  test('every route has its page frame and empty state', async ({ page }) => {
    await page.goto('/ui/#/');
    await expect(page.getByRole('heading', { name: 'Scenes' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Actors' }).click();
    await expect(page).toHaveURL(/#\/actors/);
    await expect(page.getByTestId('actors-total')).toBeVisible();
    await page.getByRole('link', { name: 'Files' }).click();
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
    await expect(page.getByTestId('files-total')).toHaveText(/^\d+ files?$/);
    await page.getByRole('textbox', { name: 'File name' }).fill('no such file anywhere');
    await expect(page.getByText('No files matching your selection')).toBeVisible();
    await page.screenshot({ path: `${shots}files-empty.png` });
    await page.getByRole('link', { name: 'Options' }).click();
    await expect(page.getByTestId('options-section-storage')).toBeVisible();
  });

  test('opens Quick find with ? outside inputs only', async ({ page }) => {
    await page.goto('/ui/');
    await page.keyboard.press('?');
    const dialog = page.getByTestId('quick-find');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'title:' }).click();
    await expect(dialog.getByRole('textbox')).toHaveValue(/title:/);
    await page.screenshot({ path: `${shots}quick-find.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('saves Web UI options that survive a reload, and shows a server refusal', async ({
    page,
    request,
  }) => {
    await page.goto('/ui/#/options?section=web');
    const section = page.getByTestId('options-section-web');
    await expect(section).toBeVisible();
    await page.screenshot({ path: `${shots}options-web.png`, fullPage: true });
    const before = await (await request.get('/api/options/state')).json();
    const sceneEdit = section.getByRole('switch').nth(6);
    const wasOn = await sceneEdit.isChecked();
    await sceneEdit.click({ force: true });
    await section.getByRole('button', { name: /save/i }).click();
    await expect
      .poll(async () => (await (await request.get('/api/options/state')).json()).config.web)
      .not.toEqual(before.config.web);
    await page.reload();
    await expect(page.getByTestId('options-section-web').getByRole('switch').nth(6)).toBeChecked({
      checked: !wasOn,
    });

    const refused = await request.put('/api/options/interface/web', { data: { isAvailOpacity: 'loud' } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'Bad Request' });
  });
});
