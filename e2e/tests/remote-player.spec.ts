import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { PREVIEW_SCENE } from '../support/preview-source';

const shots = new URL('../artifacts/', import.meta.url).pathname;

/** DeoVR's remote-control port: Fovea connects to the player there (xbvr-facts §8.6). */
const DEOVR_REMOTE_PORT = 23554;

interface SceneAnswer {
  id: number;
  title: string;
  file: { id: number; filename: string }[];
}

/** A remote-control frame: a 4-byte little-endian length, then the JSON status. */
function frame(status: object): Buffer {
  const body = Buffer.from(JSON.stringify(status), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  return Buffer.concat([length, body]);
}

test.describe.serial('the DeoVR remote badge', () => {
  let deovr: Server;
  const sockets: Socket[] = [];
  let original: Record<string, unknown> = {};

  test.beforeAll(async ({ request }) => {
    deovr = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      socket.resume();
    });
    await new Promise<void>((resolve) => deovr.listen(DEOVR_REMOTE_PORT, '127.0.0.1', resolve));
    const state = (await (await request.get('/api/options/state')).json()) as {
      config: { interfaces: { deovr: Record<string, unknown> } };
    };
    original = state.config.interfaces.deovr;
  });

  test.afterAll(async ({ request }) => {
    await request.put('/api/options/interface/deovr', {
      data: {
        enabled: original.enabled,
        track_watch_time: original.track_watch_time,
        remote_enabled: original.remote_enabled,
      },
    });
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => deovr.close(resolve));
  });

  test('shows what DeoVR plays, paused or playing, and opens the scene', async ({ page, request }) => {
    const saved = await request.put('/api/options/interface/deovr', {
      data: { enabled: true, track_watch_time: true, remote_enabled: true },
    });
    expect(saved.ok()).toBe(true);
    await page.goto('/ui/');
    await expect(page.getByTestId('remote-badge')).toBeHidden();

    // Any DeoVR request records the player's address; the remote client then connects to it.
    expect((await request.post('/deovr', { data: {} })).ok()).toBe(true);
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);

    const scene = (await (await request.get(`/api/scene/${PREVIEW_SCENE.sceneId}`)).json()) as SceneAnswer;
    const file = scene.file.find((item) => item.filename === PREVIEW_SCENE.filename);
    expect(file).toBeDefined();
    let status = {
      path: `http://127.0.0.1/api/dms/file/${file?.id ?? 0}/${scene.id} - x?dnt=true`,
      duration: 12,
      currentTime: 65,
      playbackSpeed: 1,
      playerState: 0,
    };
    // DeoVR sends its status over and over while connected.
    const sending = setInterval(() => sockets.at(-1)?.write(frame(status)), 300);
    try {
      const badge = page.getByTestId('remote-badge');
      await expect(badge).toBeVisible();
      await badge.click();
      const popover = page.getByTestId('remote-popover');
      await expect(popover.getByTestId('remote-play-state')).toHaveText('Playing');
      await expect(popover.getByTestId('remote-position')).toContainText('01:05');
      await expect(popover.getByTestId('remote-current-scene')).toContainText(scene.title);
      await expect(popover.getByTestId('remote-host')).toContainText('127.0.0.1');
      await page.screenshot({ path: `${shots}remote-player.png` });

      status = { ...status, currentTime: 70, playerState: 1 };
      await expect(popover.getByTestId('remote-play-state')).toHaveText('Paused');
      await expect(popover.getByTestId('remote-position')).toContainText('01:10');

      await popover.getByTestId('remote-current-scene').click();
      await expect(page.getByRole('dialog').getByText(scene.title).first()).toBeVisible();
    } finally {
      clearInterval(sending);
    }
  });
});
