import type { RemoteState } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { DEOVR_REMOTE_PORT } from '../../../src/players/deovr-remote/deovr-remote.client';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { FakeDeovr } from './fake-deovr';

/**
 * The app's own remote (players-area wiring): DeoVR calls /deovr, remote mode is switched on, and the app
 * connects to the caller on the real DeoVR port, here a fake DeoVR on loopback.
 */
let app: FoveaApp;
let fake: FakeDeovr;
const states: RemoteState[] = [];

beforeAll(async () => {
  try {
    fake = await FakeDeovr.start('127.0.0.1', DEOVR_REMOTE_PORT);
  } catch (error) {
    throw new Error(`the fake DeoVR needs 127.0.0.1:${DEOVR_REMOTE_PORT} free`, { cause: error });
  }
  app = await createTestApp();
  app.events.subscribe((event) => {
    if (event.topic === 'remote.state') states.push(event.payload);
  });
});

afterAll(async () => {
  await app.close();
  await fake.close();
});

describe('DeoVR remote in the app', () => {
  it('connects to the last /deovr caller once remote mode is on, and records what it plays', async () => {
    const f = libraryFactory(app.database.db);
    const volume = await f.volume();
    const sceneId = await f.scene({ title: 'Wired' });
    const fileId = await f.file({ volume_id: volume, scene_id: sceneId });

    const library = await app.http.inject({ method: 'GET', url: '/deovr' });
    expect(library.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.connections).toHaveLength(0);
    expect(states).toEqual([]);

    await app.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        deovr: { ...options.interfaces.deovr, enabled: true, track_watch_time: true, remote_enabled: true },
      },
    }));
    await vi.waitFor(() => expect(fake.connections).toHaveLength(1), { timeout: 3000 });
    await vi.waitFor(() => expect(states).toContainEqual({ connected: true, deovrHost: '127.0.0.1' }));

    fake.sendStatus({ path: `http://127.0.0.1/api/dms/file/${fileId}/x`, currentTime: 8, playerState: 0 });
    await vi.waitFor(() => expect(states.at(-1)).toMatchObject({ currentSceneID: sceneId, isPlaying: true }));
    const rows = await app.database.db
      .selectFrom('histories')
      .selectAll()
      .where('scene_id', '=', sceneId)
      .execute();
    expect(rows).toHaveLength(1);

    const socket = fake.current;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await app.options.update((options) => ({
      ...options,
      interfaces: { ...options.interfaces, deovr: { ...options.interfaces.deovr, remote_enabled: false } },
    }));
    await closed;
    await vi.waitFor(async () => {
      const [row] = await app.database.db
        .selectFrom('histories')
        .select('time_end')
        .where('scene_id', '=', sceneId)
        .execute();
      expect(row?.time_end).not.toBeNull();
    });
    expect(states.at(-1)).toEqual({ connected: false });
  });
});
