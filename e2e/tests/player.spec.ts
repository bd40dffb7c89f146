import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_CLIPS } from '../support/media-clips';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/** The scene this spec makes of two clips (and removes again, so the other specs see the seeded library). */
const SCENE_ID = 'fovea-e2e-player';
const SCENE_TITLE = 'Fovea Player Clip';

/**
 * An English SubRip file (BOM, CRLF, as editors on Windows write them) in a storage folder of its own, so the
 * clips folder the other specs count stays as it is; matched to the scene for the subtitle test.
 */
const SUBTITLE_NAME = 'fovea-player-subs.en.srt';
const SUBTITLE_SRT =
  '\uFEFF1\r\n00:00:00,000 --> 00:00:03,000\r\nHello from Fovea\r\n\r\n' +
  '2\r\n00:00:03,000 --> 00:00:30,000\r\n<i>Second</i> cue\r\n';
const subtitleDir = mkdtempSync(join(tmpdir(), 'fovea-e2e-subs-'));

const amber = E2E_CLIPS.find((clip) => clip.filename.includes('amber'));
const bravo = E2E_CLIPS.find((clip) => clip.filename.includes('bravo'));
const delta = E2E_CLIPS.find((clip) => clip.filename.includes('delta'));

interface ClipFile {
  id: number;
  filename: string;
  projection: string;
  scene_id: number;
}

async function clipFiles(request: APIRequestContext): Promise<ClipFile[]> {
  const answer = await request.post('/api/files/page', {
    data: { state: 'all', filename: 'fovea-e2e', limit: 50 },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { files: ClipFile[] }).files;
}

async function clipFile(request: APIRequestContext, filename: string): Promise<ClipFile> {
  const file = (await clipFiles(request)).find((candidate) => candidate.filename === filename);
  if (!file) throw new Error(`${filename} is not in the library`);
  return file;
}

const videoOf = (root: Locator) => root.getByTestId('player-video');
const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const paused = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.paused);

/** Waits until the real clip has frames and its time advances while playing. */
async function expectPlaying(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => paused(video)).toBe(false);
  const start = await currentTime(video);
  await expect.poll(() => currentTime(video), { timeout: 10_000 }).toBeGreaterThan(start + 0.3);
}

type SeekWatchedVideo = HTMLVideoElement & { seekLanding?: Promise<number> };

/**
 * Runs `act` (a click or key that seeks) and answers where the video's next seek landed, read at its `seeked`
 * event: a poll after a seek of a playing clip may find it already seconds further on a busy machine.
 */
async function seekLanding(video: Locator, act: () => Promise<void>): Promise<number> {
  await video.evaluate((v: SeekWatchedVideo) => {
    v.seekLanding = new Promise<number>((resolve) => {
      v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
    });
  });
  await act();
  return video.evaluate((v: SeekWatchedVideo) => v.seekLanding ?? Promise.resolve(Number.NaN));
}

/** The files screen with every clip listed, matched or not. */
async function openClips(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ui/#/files');
  await expect(page.getByTestId('files-table')).toBeVisible();
  await page.getByRole('textbox', { name: 'File name' }).fill('fovea-e2e');
  await page.locator('label').filter({ hasText: /^All$/ }).click();
}

async function playFromFiles(page: Page, filename: string): Promise<Locator> {
  await page
    .getByTestId('file-row')
    .filter({ hasText: filename })
    // Exact: a matched row also links its scene, whose title may hold "Play".
    .getByRole('button', { name: 'Play', exact: true })
    .click();
  const overlay = page.getByTestId('player-overlay');
  await expect(overlay).toBeVisible();
  return overlay;
}

test.describe.serial('the player', () => {
  // Each test decodes real clips and draws them with three.js in Chromium's software WebGL: 10–25 s on two
  // shared cores, so the default 30 s left no margin (a slow moment failed one test and skipped the rest).
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async ({ request }) => {
    const first = await clipFile(request, bravo?.filename ?? '');
    const second = await clipFile(request, delta?.filename ?? '');
    const created = await request.post('/api/scene/create', {
      data: { title: SCENE_TITLE, id: SCENE_ID, file_id: first.id },
    });
    expect(created.ok()).toBe(true);
    const matched = await request.post('/api/files/match', {
      data: { file_id: second.id, scene_id: SCENE_ID },
    });
    expect(matched.ok()).toBe(true);

    writeFileSync(join(subtitleDir, SUBTITLE_NAME), SUBTITLE_SRT);
    expect(
      (await request.post('/api/options/storage', { data: { type: 'local', path: subtitleDir } })).ok(),
    ).toBe(true);
    let subtitle: { id: number } | undefined;
    await expect
      .poll(
        async () => {
          const page = await request.post('/api/files/page', {
            data: { state: 'all', filename: 'fovea-player-subs', limit: 5 },
          });
          subtitle = ((await page.json()) as { files: { id: number }[] }).files[0];
          return subtitle?.id ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const subtitleMatched = await request.post('/api/files/match', {
      data: { file_id: subtitle?.id ?? 0, scene_id: SCENE_ID },
    });
    expect(subtitleMatched.ok()).toBe(true);
  });

  test.afterAll(async ({ request }) => {
    for (const file of await clipFiles(request)) {
      if (file.filename === bravo?.filename || file.filename === delta?.filename) {
        await request.post('/api/files/unmatch', { data: { file_id: file.id } });
      }
    }
    const found = await request.get(`/api/scene/${SCENE_ID}`);
    if (!found.ok()) return;
    const scene = (await found.json()) as { id: number };
    if (scene.id > 0) await request.post('/api/scene/delete', { data: { scene_id: scene.id } });
    const storage = (await (await request.get('/api/options/storage')).json()) as {
      volumes: { id: number; path: string }[];
    };
    const volume = storage.volumes.find((candidate) => candidate.path === subtitleDir);
    if (volume) await request.delete(`/api/options/storage/${volume.id}`);
    rmSync(subtitleDir, { recursive: true, force: true });
  });

  test('files overlay: plays a real flat clip, skips with the buttons (clamped), seeks 5 s with the keys', async ({
    page,
  }) => {
    await openClips(page);
    const overlay = await playFromFiles(page, amber?.filename ?? '');
    await expect(overlay).toHaveAttribute('data-mode', 'flat');
    const video = videoOf(overlay);
    await expect(video).toHaveAttribute('src', /\/api\/dms\/file\/\d+\?dnt=true$/);
    await expectPlaying(video);

    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 2;
    });
    await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(2);
    const before = await currentTime(video);
    const skipped = await seekLanding(video, () =>
      overlay.getByRole('button', { name: 'Skip forward 10 seconds' }).click(),
    );
    expect(skipped).toBeGreaterThanOrEqual(before + 10);
    expect(skipped).toBeLessThan(before + 12);
    // Skipping resumes playback.
    await expect.poll(() => paused(video)).toBe(false);
    await expect(overlay.getByTestId('player-skip-10')).toHaveAttribute('data-remembered', 'true');
    const later = await currentTime(video);
    const back = await seekLanding(video, () =>
      overlay.getByRole('button', { name: 'Skip back 5 seconds' }).click(),
    );
    expect(back).toBeLessThan(later - 3);
    const start = await seekLanding(video, () =>
      overlay.getByRole('button', { name: 'Skip back 5 minutes' }).click(),
    );
    expect(start).toBeLessThan(1);
    await expect.poll(() => paused(video)).toBe(false);
    // Past the end clamps at the end of the 20 s clip.
    await overlay.getByRole('button', { name: 'Skip forward 5 minutes' }).click();
    await expect.poll(() => currentTime(video)).toBeCloseTo(20, 0);

    // Keys (with the focus off the last clicked button): Left seeks 5 s back, Down lowers the volume by
    // 0.1, Space plays.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 12;
    });
    await expect.poll(() => currentTime(video)).toBeCloseTo(12, 1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(video)).toBeCloseTo(7, 1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.9, 5);
    await page.keyboard.press('Space');
    await expect.poll(() => paused(video)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test('files overlay: draws 180° side-by-side video in three.js and zooms with the wheel (30–130°)', async ({
    page,
  }) => {
    await openClips(page);
    const overlay = await playFromFiles(page, bravo?.filename ?? '');
    await expect(overlay).toHaveAttribute('data-projection', '180_sbs');
    await expect(overlay).toHaveAttribute('data-mode', 'vr');
    const canvas = overlay.getByTestId('player-vr').locator('canvas');
    await expect(canvas).toBeVisible();
    await expectPlaying(videoOf(overlay));
    const fov = overlay.getByTestId('player-fov');
    await expect(fov).toHaveText('FOV 90°');
    await canvas.hover();
    await page.mouse.wheel(0, -200);
    await expect(fov).toHaveText('FOV 80°');
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 1000);
    await expect(fov).toHaveText('FOV 130°');
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -1000);
    await expect(fov).toHaveText('FOV 30°');
    await page.mouse.wheel(0, 1000);
    await expect(fov).toHaveText('FOV 80°');
    // Drag to look a little to the right and up.
    const box = await canvas.boundingBox();
    if (box) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 60, { steps: 6 });
      await page.mouse.up();
    }
    await page.screenshot({ path: `${shots}player-180.png` });
    await page.getByRole('button', { name: 'Close player' }).click();
    await expect(overlay).toBeHidden();
  });

  test('files overlay: draws a fisheye (MKX200) file on its dome', async ({ page }) => {
    // The e2e clips are all equirectangular or flat: this test relabels the 180° clip as an MKX200 fisheye
    // file in the files list the browser receives, so the fisheye mapping draws the real video.
    await page.route('**/api/files/page', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { files: ClipFile[] };
      for (const file of body.files) if (file.filename === bravo?.filename) file.projection = 'mkx200';
      await route.fulfill({ response, json: body });
    });
    await openClips(page);
    const overlay = await playFromFiles(page, bravo?.filename ?? '');
    await expect(overlay).toHaveAttribute('data-projection', 'mkx200');
    await expect(overlay).toHaveAttribute('data-mode', 'vr');
    await expectPlaying(videoOf(overlay));
    await overlay.getByTestId('player-vr').hover();
    await page.mouse.wheel(0, 600);
    await expect(overlay.getByTestId('player-fov')).toHaveText('FOV 120°');
    await page.screenshot({ path: `${shots}player-fisheye.png` });
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test('scene details: the Player tab plays the scene’s files, untracked (dnt), and skips with Left/Right', async ({
    page,
    request,
  }) => {
    const scene = (await (await request.get(`/api/scene/${SCENE_ID}`)).json()) as { id: number };
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`/ui/#/?scene_id=${scene.id}`);
    const details = page.getByTestId('scene-details');
    const playerTab = details.getByRole('tab', { name: 'Player' });
    await expect(playerTab).toBeVisible();
    await playerTab.click();
    const player = details.getByTestId('scene-player');
    await expect(player).toBeVisible();
    // Two video files: a choice, the first by the players' sort option (file name).
    const choice = details.getByRole('combobox', { name: 'Video file' });
    await expect(choice).toHaveValue(new RegExp(`^${bravo?.filename.replace(/\./g, '\\.')}`));
    await expect(player).toHaveAttribute('data-projection', '180_sbs');
    await expect(player).toHaveAttribute('data-mode', 'vr');
    const video = videoOf(player);
    await expect(video).toHaveAttribute('src', /\/api\/dms\/file\/\d+\?dnt=true$/);

    await player.getByRole('button', { name: 'Play' }).click();
    await expectPlaying(video);
    const landed = await seekLanding(video, () =>
      video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = 1;
      }),
    );
    expect(landed).toBeLessThan(2);
    // Right skips forward by the remembered interval (5 s at first), playing on.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(6);
    await expect.poll(() => paused(video)).toBe(false);
    // Left skips back by the same 5 s (clamped at the start).
    const beforeLeft = await currentTime(video);
    const firstLeft = await seekLanding(video, () => page.keyboard.press('ArrowLeft'));
    expect(firstLeft).toBeLessThan(beforeLeft - 3);
    const secondLeft = await seekLanding(video, () => page.keyboard.press('ArrowLeft'));
    expect(secondLeft).toBeLessThan(Math.max(firstLeft - 3, 1));

    await player.getByTestId('player-vr').hover();
    await page.mouse.wheel(0, -400);
    await expect(player.getByTestId('player-fov')).toHaveText('FOV 70°');
    await page.screenshot({ path: `${shots}player-details.png` });

    // The flat file of the scene.
    await choice.click();
    await page.getByRole('option', { name: new RegExp(delta?.filename.replace(/\./g, '\\.') ?? '') }).click();
    await expect(player).toHaveAttribute('data-mode', 'flat');
    await expectPlaying(video);
    await expect(player.getByTestId('player-fov')).toHaveCount(0);
  });

  test('scene details: the scene’s .srt is a text track; CC shows it in VR and flat; plays become history', async ({
    page,
    request,
  }) => {
    test.slow(); // two files, VR and flat, and the history afterwards
    const read = async () =>
      (await (await request.get(`/api/scene/${SCENE_ID}`)).json()) as {
        id: number;
        history: { duration: number }[];
      };
    const scene = await read();
    const sessionsBefore = scene.history.length;
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`/ui/#/?scene_id=${scene.id}`);
    const details = page.getByTestId('scene-details');
    await details.getByRole('tab', { name: 'Player' }).click();
    const player = details.getByTestId('scene-player');
    await expect(player).toHaveAttribute('data-mode', 'vr');
    const video = videoOf(player);
    const track = () =>
      video.evaluate((v: HTMLVideoElement) => {
        const text = v.textTracks[0];
        return text
          ? {
              count: v.textTracks.length,
              kind: text.kind,
              label: text.label,
              language: text.language,
              mode: text.mode,
              cues: Array.from(text.cues ?? [], (cue) => (cue as VTTCue).text),
            }
          : null;
      });
    await expect.poll(track).toMatchObject({ count: 1, kind: 'subtitles', label: 'English', language: 'en' });

    // VR: the video element is hidden, so the page draws the active cue over the canvas.
    await player.getByRole('button', { name: 'Show subtitles' }).click();
    await expect.poll(async () => (await track())?.mode).toBe('hidden');
    await expect.poll(async () => (await track())?.cues).toEqual(['Hello from Fovea', '<i>Second</i> cue']);
    await player.getByRole('button', { name: 'Play' }).click();
    await expectPlaying(video);
    const cue = player.getByTestId('player-subtitle-cue');
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1;
    });
    await expect(cue).toHaveText('Hello from Fovea');
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 4;
    });
    await expect(cue).toHaveText('Second cue');
    await page.screenshot({ path: `${shots}player-subtitles-vr.png` });
    await player.getByRole('button', { name: 'Hide subtitles' }).click();
    await expect(cue).toHaveCount(0);
    await expect.poll(async () => (await track())?.mode).toBe('disabled');

    // Flat: the browser draws the track itself.
    await details.getByRole('combobox', { name: 'Video file' }).click();
    await page.getByRole('option', { name: new RegExp(delta?.filename.replace(/\./g, '\\.') ?? '') }).click();
    await expect(player).toHaveAttribute('data-mode', 'flat');
    await player.getByRole('button', { name: 'Show subtitles' }).click();
    await expect.poll(async () => (await track())?.mode).toBe('showing');
    await expectPlaying(video);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => paused(video)).toBe(true);

    // The player reported its plays: the history holds sessions of real, short durations (5 s clips).
    await expect
      .poll(async () => (await read()).history.length, { timeout: 15_000 })
      .toBeGreaterThan(sessionsBefore);
    const added = (await read()).history.slice(sessionsBefore);
    for (const session of added) {
      expect(session.duration).toBeGreaterThan(0);
      expect(session.duration).toBeLessThanOrEqual(16);
    }
  });
});
