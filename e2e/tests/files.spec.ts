import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { E2E_CLIPS } from '../support/media-clips';

const shots = new URL('../artifacts/', import.meta.url).pathname;
const clipsDir = process.env.FOVEA_E2E_CLIPS_DIR ?? '';

/** The custom scene this spec creates (and deletes again, so the other specs see the seeded library). */
const CUSTOM_ID = 'fovea-e2e-custom';
const CUSTOM_TITLE = 'Fovea Holiday Clip';

const [alpha, bravo, charlie] = E2E_CLIPS;
const names = E2E_CLIPS.map((clip) => clip.filename);

const hhmmss = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');

const rows = (page: Page) => page.getByTestId('file-row');
const row = (page: Page, filename: string) => rows(page).filter({ hasText: filename });
const fileNames = (page: Page) => page.getByTestId('file-name').allTextContents();

async function openFiles(page: Page) {
  await page.goto('/ui/#/files');
  await expect(page.getByTestId('files-table')).toBeVisible();
}

/** The element starts below the app's top bar, so it covers none of the navbar status lines. */
async function expectBelowTopBar(page: Page, element: Locator) {
  const bar = await page.locator('header').first().boundingBox();
  const box = await element.boundingBox();
  expect(bar).not.toBeNull();
  expect(box).not.toBeNull();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
}

/** Picks All, Matched or Unmatched (the radio inputs of the segmented control are hidden behind labels). */
const chooseState = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** Shows every clip, matched or not (the seeded files are left out by the name filter). */
async function showAllClips(page: Page) {
  await page.getByRole('textbox', { name: 'File name' }).fill('fovea-e2e');
  await chooseState(page, 'All');
}

test.describe.serial('the files screen', () => {
  test.afterAll(async ({ request }) => {
    const found = await request.get(`/api/scene/${CUSTOM_ID}`);
    if (!found.ok()) return;
    const scene = (await found.json()) as { id: number };
    if (scene.id > 0) await request.post('/api/scene/delete', { data: { scene_id: scene.id } });
  });

  test('lists the scanned clips, unmatched and newest first, with their dimensions and durations', async ({
    page,
  }) => {
    await openFiles(page);
    await expect(page.getByRole('radio', { name: 'Unmatched' })).toBeChecked();
    await expect(rows(page)).toHaveCount(E2E_CLIPS.length);
    await expect(page.getByTestId('files-total')).toHaveText(`${E2E_CLIPS.length} files`);
    for (const clip of E2E_CLIPS) {
      const line = row(page, clip.filename);
      await expect(line.locator('[data-column="video_width"]')).toHaveText(String(clip.width));
      await expect(line.locator('[data-column="video_height"]')).toHaveText(String(clip.height));
      await expect(line.locator('[data-column="duration"]')).toHaveText(hhmmss(clip.seconds));
      await expect(line.locator('[data-column="video_avgfps_val"]')).toHaveText(String(clip.fps));
      await expect(line.locator('[data-column="created_time"]')).toHaveText(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      );
      await expect(line.locator('[data-column="size"]')).toHaveText(/^\d+(\.\d)? (B|kB|MB)$/);
      await expect(line.getByText(clipsDir, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Sort by Created' }).locator('..')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.screenshot({ path: `${shots}files.png`, fullPage: true });
  });

  test('filters by state and file name, and sorts by a column', async ({ page }) => {
    await openFiles(page);
    await chooseState(page, 'Matched');
    // The seeded scenes' 1500 files and the script matched to e2e-2.
    await expect(page.getByTestId('files-total')).toHaveText('1501 files');
    await chooseState(page, 'All');
    await expect(page.getByTestId('files-total')).toHaveText(`${1501 + E2E_CLIPS.length} files`);
    await chooseState(page, 'Unmatched');
    await expect(rows(page)).toHaveCount(E2E_CLIPS.length);

    const filename = page.getByRole('textbox', { name: 'File name' });
    await filename.fill('bra');
    // Three characters do not reload the list.
    await expect(rows(page)).toHaveCount(E2E_CLIPS.length);
    await filename.fill('bravo');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(bravo?.filename ?? '');
    await filename.fill('');
    await expect(rows(page)).toHaveCount(E2E_CLIPS.length);

    const byDuration = [...E2E_CLIPS].sort((a, b) => a.seconds - b.seconds).map((clip) => clip.filename);
    await page.getByRole('button', { name: 'Sort by Duration' }).click();
    await expect.poll(() => fileNames(page)).toEqual(byDuration);
    await page.getByRole('button', { name: 'Sort by Duration' }).click();
    await expect.poll(() => fileNames(page)).toEqual([...byDuration].reverse());

    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect.poll(() => fileNames(page)).toEqual([...byDuration].reverse());
    await expect(page.getByRole('button', { name: 'Sort by Duration' }).locator('..')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('plays a clip in the player overlay and seeks with the arrow keys', async ({ page }) => {
    // Tall enough for the 640x640 player with its title and controls.
    await page.setViewportSize({ width: 1280, height: 860 });
    await openFiles(page);
    await row(page, alpha?.filename ?? '')
      .getByRole('button', { name: 'Play' })
      .click();
    const overlay = page.getByTestId('player-overlay');
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveAttribute('data-mode', 'flat');
    const video = page.getByTestId('player-video');
    await expect(video).toHaveAttribute('src', /\/api\/dms\/file\/\d+\?dnt=true$/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(20, 0);

    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 2;
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(2, 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(7, 1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.9, 5);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.screenshot({ path: `${shots}files-player.png` });
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();

    // The 180° side-by-side clip is drawn on a half sphere (three.js), or shown plain without WebGL.
    await row(page, bravo?.filename ?? '')
      .getByRole('button', { name: 'Play' })
      .click();
    await expect(overlay).toHaveAttribute('data-projection', '180_sbs');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    if ((await overlay.getAttribute('data-mode')) === 'vr') {
      await expect(page.getByTestId('player-vr').locator('canvas')).toBeVisible();
    }
    await page.screenshot({ path: `${shots}files-player-vr.png` });
    await page.getByRole('button', { name: 'Close player' }).click();
    await expect(overlay).toBeHidden();
  });

  test('creates a custom scene for a file, which matches the file', async ({ page, request }) => {
    await openFiles(page);
    await row(page, charlie?.filename ?? '')
      .getByRole('button', { name: 'Create custom scene' })
      .click();
    const dialog = page.getByTestId('create-scene');
    const title = dialog.getByRole('textbox', { name: 'Title' });
    // The file name cleaned as the match search text is: separators and technical words go.
    await expect(title).toHaveValue('fovea e2e charlie flat');
    await title.fill('');
    await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await title.fill(CUSTOM_TITLE);
    await dialog.getByRole('textbox', { name: 'Scene Id' }).fill(CUSTOM_ID);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, charlie?.filename ?? '')).toHaveCount(0);

    const scene = await (await request.get(`/api/scene/${CUSTOM_ID}`)).json();
    expect(scene).toMatchObject({ scene_id: CUSTOM_ID, title: CUSTOM_TITLE });
    expect(scene.file.map((file: { filename: string }) => file.filename)).toEqual([charlie?.filename]);
  });

  test('matches a file to a scene in the match dialog, then unmatches it after confirmation', async ({
    page,
  }) => {
    await openFiles(page);
    await row(page, alpha?.filename ?? '')
      .getByRole('button', { name: 'Match to a scene' })
      .click();
    const dialog = page.getByTestId('match-dialog');
    await expect(dialog.getByTestId('match-file-name')).toHaveText(alpha?.filename ?? '');
    const search = dialog.getByRole('textbox', { name: 'Search scenes' });
    await expect(search).toHaveValue('fovea e2e amber flat');
    await search.fill(`title:"${CUSTOM_TITLE}"`);
    const result = dialog.locator(`[data-testid="match-result"][data-scene-id="${CUSTOM_ID}"]`);
    await expect(result).toBeVisible();
    await expect(result).toContainText(CUSTOM_TITLE);
    await expect(result).toContainText('1 video');
    await page.screenshot({ path: `${shots}files-match.png` });
    await result.getByRole('button', { name: 'Assign' }).click();
    // A toast says where the file went, below the top bar (never over its status lines).
    const toast = page
      .getByRole('alert')
      .filter({ hasText: `${alpha?.filename ?? ''} went to “${CUSTOM_TITLE}”` });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: 'Open the scene' })).toBeVisible();
    await expectBelowTopBar(page, toast);
    // The dialog moves on to the next unmatched file of the list.
    await expect(dialog.getByTestId('match-file-name')).not.toHaveText(alpha?.filename ?? '');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row(page, alpha?.filename ?? '')).toHaveCount(0);

    await showAllClips(page);
    const matched = row(page, alpha?.filename ?? '');
    // The matched row names its scene; the link opens the scene details.
    const sceneLink = matched.getByRole('button', { name: `Open the scene “${CUSTOM_TITLE}”` });
    await expect(sceneLink).toHaveText(`Scene: ${CUSTOM_TITLE}`);
    await sceneLink.click();
    const details = page.getByTestId('scene-details');
    await expect(details.getByRole('heading', { name: new RegExp(`^${CUSTOM_TITLE}`) })).toBeVisible();
    await page.screenshot({ path: `${shots}files-matched-scene.png` });
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await matched.getByRole('button', { name: 'Unmatch' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(page.getByRole('dialog', { name: 'Unmatch file' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Unmatch' }).click();
    await expect(confirm).toBeHidden();
    await expect(matched.getByRole('button', { name: 'Match to a scene' })).toBeVisible();
  });

  test('removes a file from disk after confirmation', async ({ page }) => {
    const target = charlie?.filename ?? '';
    expect(existsSync(join(clipsDir, target))).toBe(true);
    await openFiles(page);
    await showAllClips(page);
    await expect(rows(page)).toHaveCount(E2E_CLIPS.length);
    await row(page, target).getByRole('button', { name: 'Delete from disk' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove file' })).toBeVisible();
    // Cancel keeps the file.
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, target)).toHaveCount(1);
    await row(page, target).getByRole('button', { name: 'Delete from disk' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete from disk' }).click();
    await expect(row(page, target)).toHaveCount(0);
    await expect(rows(page)).toHaveCount(E2E_CLIPS.length - 1);
    expect(existsSync(join(clipsDir, target))).toBe(false);
    for (const name of names.filter((name) => name !== target)) {
      expect(existsSync(join(clipsDir, name))).toBe(true);
    }
  });
});
