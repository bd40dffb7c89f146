import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { PREVIEW_SCENE } from '../support/preview-source';

const shots = new URL('../artifacts/', import.meta.url).pathname;

interface SceneState {
  id: number;
  scene_id: string;
  has_preview: boolean;
  is_available: boolean;
}

/** The scene list route with a filter state in `q` (base64 JSON). */
const listUrl = (state: Record<string, unknown>) =>
  `/ui/#/?q=${encodeURIComponent(Buffer.from(JSON.stringify(state)).toString('base64'))}`;

async function previewScene(request: APIRequestContext): Promise<SceneState> {
  return (await (await request.get(`/api/scene/${PREVIEW_SCENE.sceneId}`)).json()) as SceneState;
}

/** What the server names a test preview: "test" + sha1 of the settings JSON (xbvr-wire §1.9). */
function testPreviewName(settings: Record<string, unknown>): string {
  return `test${createHash('sha1').update(JSON.stringify(settings)).digest('hex')}`;
}

/** State of the card's preview <video>: null when there is none. */
function videoState(page: Page, sceneId: number) {
  return page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(`[data-scene-id="${id}"] video`);
    if (!video) return null;
    return {
      src: video.getAttribute('src'),
      muted: video.muted,
      loop: video.loop,
      playing: !video.paused && video.readyState >= 2,
      width: video.videoWidth,
      height: video.videoHeight,
    };
  }, sceneId);
}

test.describe.serial('previews', () => {
  test.beforeAll(async ({ request }) => {
    // Seeded scenes become available once the scene-status refresh has run (another spec may have run it).
    if (!(await previewScene(request)).is_available) {
      expect((await request.get('/api/task/scene-refresh')).ok()).toBe(true);
      await expect
        .poll(async () => (await previewScene(request)).is_available, { timeout: 30_000 })
        .toBe(true);
    }
  });

  test('the preview job makes a clip for the scene whose video is on disk', async ({ request }) => {
    const generate = await request.get('/api/task/preview/generate');
    expect(generate.ok()).toBe(true);
    await expect.poll(async () => (await previewScene(request)).has_preview, { timeout: 60_000 }).toBe(true);
    const clip = await request.head(`/api/dms/preview/${PREVIEW_SCENE.sceneId}`);
    expect(clip.status()).toBe(200);
    expect(clip.headers()['content-type']).toBe('video/mp4');
    expect(Number(clip.headers()['content-length'])).toBeGreaterThan(1000);
    // A seeded scene whose file is not on disk gets none.
    expect((await request.head('/api/dms/preview/e2e-12')).status()).toBe(404);
  });

  test('hovering a card plays its preview, muted and looping; leaving stops it', async ({
    page,
    request,
  }) => {
    const scene = await previewScene(request);
    const requested: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/dms/preview/')) requested.push(new URL(req.url()).pathname);
    });
    await page.goto(listUrl({ dlState: 'any', attributes: ['Has Preview'] }));
    const card = page.locator(`[data-scene-id="${scene.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.locator('video')).toHaveCount(0);

    await card.getByTestId('scene-cover-media').hover();
    await expect
      .poll(() => videoState(page, scene.id), { timeout: 15_000 })
      .toMatchObject({
        src: `/api/dms/preview/${PREVIEW_SCENE.sceneId}`,
        muted: true,
        loop: true,
        playing: true,
        width: 300,
        height: 300,
      });
    await page.screenshot({ path: `${shots}previews-hover.png` });

    // Leaving the cover removes (and so stops) the clip.
    await page.getByTestId('scene-results-count').hover();
    await expect(card.locator('video')).toHaveCount(0);
    expect(requested.every((path) => path === `/api/dms/preview/${PREVIEW_SCENE.sceneId}`)).toBe(true);
  });

  test('a card without a preview plays nothing on hover', async ({ page, request }) => {
    const scene = await previewScene(request);
    const requested: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/dms/preview/')) requested.push(req.url());
    });
    await page.goto(listUrl({ dlState: 'any' }));
    const card = page.locator(`[data-testid="scene-card"]:not([data-scene-id="${scene.id}"])`).first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId('scene-cover-media')).toHaveCount(0);
    await card.locator('button').first().hover();
    await page.waitForTimeout(300);
    await expect(card.locator('video')).toHaveCount(0);
    expect(requested).toEqual([]);
  });

  test('a test preview is made with the given settings and served by its name', async ({ request }) => {
    const settings = {
      startTime: 5,
      snippetLength: 0.4,
      snippetAmount: 3,
      resolution: 360,
      extraSnippet: false,
    };
    const answer = await request.post('/api/options/previews/test', { data: settings });
    expect(answer.ok()).toBe(true);
    const name = testPreviewName(settings);
    await expect
      .poll(async () => (await request.head(`/api/dms/preview/${name}`)).status(), { timeout: 30_000 })
      .toBe(200);
  });
});
