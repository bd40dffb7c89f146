import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/** Fake videos (ffprobe refuses them; the scan records them all the same) and one funscript. */
const VIDEOS = 24;
const VIDEO_BYTES = 80_000;

test.describe('Options → Storage', () => {
  let folder = '';

  test.beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'fovea-e2e-storage-'));
    for (let i = 0; i < VIDEOS; i += 1) {
      const name = `storage-e2e-${String(i).padStart(2, '0')}_180_LR.mp4`;
      writeFileSync(join(folder, name), Buffer.alloc(VIDEO_BYTES, i));
    }
    writeFileSync(
      join(folder, 'storage-e2e-00_180_LR.funscript'),
      JSON.stringify({ actions: [{ at: 0, pos: 0 }] }),
    );
  });

  test.afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  test('adds a real folder, shows its scan, refuses a missing one, and removes it without touching the disk', async ({
    page,
  }) => {
    await page.goto('/ui/#/options?section=storage');
    const section = page.getByTestId('options-section-storage');
    await expect(section.getByRole('heading', { name: 'Storage' })).toBeVisible();
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');

    // A folder that does not exist: the server's reason shows under the field.
    await section.getByRole('button', { name: 'Add local folder' }).click();
    const pathField = section.getByLabel('Folder path');
    await pathField.fill(join(folder, 'missing'));
    await section.getByRole('button', { name: 'Add folder' }).click();
    await expect(section.getByText(`The folder ${join(folder, 'missing')} does not exist`)).toBeVisible();
    await expect(pathField).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${shots}options-storage-add-error.png`, fullPage: true });

    // The real folder: added as available and never scanned; the rescan that adding starts then fills it in.
    await pathField.fill(folder);
    await section.getByRole('button', { name: 'Add folder' }).click();
    await expect(pathField).toBeHidden();
    const row = section.getByRole('row').filter({ hasText: folder });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('storage-available')).toHaveText('Available');
    await expect(row.getByTestId('storage-last-scan')).toHaveText('never');

    await expect(row.getByTestId('storage-last-scan')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, {
      timeout: 30_000,
    });
    await expect(row.getByTestId('storage-files')).toHaveText(String(VIDEOS + 1));
    await expect(row.getByTestId('storage-unmatched')).toHaveText(String(VIDEOS + 1));
    await expect(row.getByTestId('storage-size')).toHaveText(/^1\.\d MB$/);
    // The navbar's Files line reports the rescan, and its lock is released.
    await expect(page.getByTestId('status-text-rescan')).toContainText('Rescan done');
    await expect(page.getByTestId('lock-indicator-rescan')).toHaveAttribute('data-locked', 'false');
    await expect(section.getByTestId('storage-rescan-all')).toBeEnabled();
    await page.screenshot({ path: `${shots}options-storage.png`, fullPage: true });

    // The storage options: hash matching and the video extensions as pills (looked at, not saved).
    await section.getByRole('button', { name: 'Options' }).click();
    const options = section.getByTestId('storage-options');
    await expect(options.getByRole('switch', { name: 'Match by OpenSubtitles hash' })).toBeVisible();
    await expect(options.getByRole('button', { name: 'Remove .mp4' })).toBeVisible();
    await options.getByRole('combobox', { name: 'Video extensions' }).fill('.srt');
    await options.getByRole('combobox', { name: 'Video extensions' }).press('Enter');
    await expect(options.getByText(/\.srt cannot be a video extension/)).toBeVisible();
    await page.screenshot({ path: `${shots}options-storage-options.png`, fullPage: true });
    await expect(options.getByRole('button', { name: 'Save' })).toBeDisabled();
    await section.getByRole('button', { name: 'Options' }).click();
    await expect(options).toBeHidden();

    // Remove, after a confirmation that says what is kept.
    await row.getByRole('button', { name: `Remove ${folder}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove storage' });
    await expect(dialog).toContainText(
      `${folder} leaves the library, with the rows of its ${VIDEOS + 1} files.`,
    );
    await expect(dialog).toContainText('Matches are kept by file name');
    await expect(dialog).toContainText('Nothing on disk is deleted.');
    await page.screenshot({ path: `${shots}options-storage-remove.png` });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('row').filter({ hasText: folder })).toHaveCount(0);
    expect(existsSync(join(folder, 'storage-e2e-00_180_LR.mp4'))).toBe(true);
  });

  test('holds back the rows when more than half of a folder is gone, until the owner keeps or confirms them', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const library = mkdtempSync(join(tmpdir(), 'fovea-e2e-gone-'));
    const away = mkdtempSync(join(tmpdir(), 'fovea-e2e-gone-away-'));
    const names = Array.from({ length: 30 }, (_, i) => `gone-e2e-${String(i).padStart(2, '0')}.mp4`);
    for (const name of names) writeFileSync(join(library, name), Buffer.alloc(1000, 1));
    const gone = names.slice(0, 21);
    try {
      await page.goto('/ui/#/options?section=storage');
      const section = page.getByTestId('options-section-storage');
      await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
      await section.getByRole('button', { name: 'Add local folder' }).click();
      await section.getByLabel('Folder path').fill(library);
      await section.getByRole('button', { name: 'Add folder' }).click();
      const row = section.getByRole('row').filter({ hasText: library });
      await expect(row.getByTestId('storage-files')).toHaveText('30', { timeout: 30_000 });
      await expect(section.getByTestId('storage-rescan-all')).toBeEnabled({ timeout: 30_000 });

      // 21 of 30 files leave the disk (a share that went half-synchronised, say): the rescan keeps their rows.
      for (const name of gone) renameSync(join(library, name), join(away, name));
      const rescan = () => row.getByRole('button', { name: `Rescan ${library}` }).click();
      await rescan();
      const warning = section.getByRole('alert').filter({ hasText: `Files gone from ${library}` });
      await expect(warning).toContainText(
        '21 files seem to be gone (more than half of this folder). Confirm removal or keep them.',
      );
      await expect(row.getByTestId('storage-files')).toHaveText('30');
      await expect(row.getByTestId('storage-gone-badge')).toHaveText('21 gone?');
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}options-storage-gone.png`, fullPage: true });

      // Keep: the rows stay and the warning goes; the next rescan asks again, as the files are still gone.
      await warning.getByRole('button', { name: /^Keep them/ }).click();
      await expect(warning).toBeHidden();
      await expect(row.getByTestId('storage-files')).toHaveText('30');
      await rescan();
      await expect(warning).toBeVisible();

      // Confirm: exactly the rows of the files still gone leave; nothing on disk is touched.
      await warning.getByRole('button', { name: /^Confirm removal/ }).click();
      await expect(page.getByText('Removed the rows of 21 gone files')).toBeVisible();
      await expect(warning).toBeHidden();
      await expect(row.getByTestId('storage-files')).toHaveText('9');
      expect(readdirSync(away)).toHaveLength(21);
      expect(readdirSync(library)).toHaveLength(9);

      await row.getByRole('button', { name: `Remove ${library}` }).click();
      await page
        .getByRole('dialog', { name: 'Remove storage' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(row).toHaveCount(0);
    } finally {
      rmSync(library, { recursive: true, force: true });
      rmSync(away, { recursive: true, force: true });
    }
  });
});
