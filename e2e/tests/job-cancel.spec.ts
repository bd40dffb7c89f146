import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/** Enough small fake videos that their probing (two at a time) takes far longer than the test needs. */
const VIDEOS = 2500;

async function volumeIdOf(request: APIRequestContext, folder: string): Promise<number | undefined> {
  const answer = await request.get('/api/options/storage');
  const body = (await answer.json()) as { volumes: { id: number; path: string }[] };
  return body.volumes.find((volume) => volume.path === folder)?.id;
}

test.describe('cancelling a running rescan', () => {
  let folder = '';

  test.beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'fovea-e2e-cancel-'));
    for (let i = 0; i < VIDEOS; i += 1) {
      writeFileSync(join(folder, `cancel-e2e-${String(i).padStart(4, '0')}.mp4`), `not a video ${i}`);
    }
  });

  test.afterAll(async ({ request }) => {
    const id = await volumeIdOf(request, folder);
    if (id !== undefined) await request.delete(`/api/options/storage/${id}`);
    rmSync(folder, { recursive: true, force: true });
  });

  test('stops the scan from the navbar Files line; the line and Options clear at once', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ui/#/options?section=storage');
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');

    // Adding the folder queues its rescan.
    const added = await request.post('/api/options/storage', { data: { path: folder, type: 'local' } });
    expect(added.ok()).toBe(true);

    const line = page.getByTestId('status-line-rescan');
    const cross = line.getByRole('button', { name: 'Cancel the rescan' });
    await expect(cross).toBeVisible({ timeout: 20_000 });
    // The line shows the scan's latest step with its percentage (its files are not real videos, so the step
    // may be "Scanning …" or "Could not probe …").
    await expect(page.getByTestId('status-text-rescan')).toContainText(/\(\d+%\)/);
    // Options → Storage shows the same job with a Cancel button.
    const optionsCancel = page.getByTestId('options-section-storage').getByTestId('cancel-job-rescan');
    await expect(optionsCancel).toBeVisible();
    await page.screenshot({ path: `${shots}status-line-cancel.png` });

    await cross.click();
    await expect(page.getByTestId('status-text-rescan')).toHaveText('Rescan cancelled');
    await expect(cross).toBeHidden();
    await expect(optionsCancel).toBeHidden();
    await expect(page.getByTestId('lock-indicator-rescan')).toHaveAttribute('data-locked', 'false', {
      timeout: 5_000,
    });

    // The scan stopped well short of the folder.
    const id = await volumeIdOf(request, folder);
    expect(id).toBeDefined();
    const storage = (await (await request.get('/api/options/storage')).json()) as {
      volumes: { id: number; file_count: number }[];
    };
    const count = storage.volumes.find((volume) => volume.id === id)?.file_count ?? -1;
    expect(count).toBeGreaterThanOrEqual(0);
    expect(count).toBeLessThan(VIDEOS);

    // At a narrow width the line keeps its text and shows no × once nothing runs.
    await page.setViewportSize({ width: 420, height: 800 });
    await page.screenshot({ path: `${shots}status-line-cancelled-narrow.png` });
  });
});
