import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { createTestApp } from '../../helpers/test-app';
import { HEADER, seedScene, setOptions, type SeededScene } from './heresphere-fixture';

let app: FoveaApp;
let scene: SeededScene;

beforeAll(async () => {
  app = await createTestApp();
  scene = await seedScene(app);
});
afterAll(() => app.close());

const event = (id: number, payload: string | object, contentType = 'application/json') =>
  app.http.inject({
    method: 'POST',
    url: `/heresphere/events/${id}`,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const history = () =>
  app.database.db
    .selectFrom('histories')
    .selectAll()
    .where('scene_id', '=', scene.id)
    .orderBy('id')
    .execute();

describe('HereSphere playback events', () => {
  it('turns play and pause into one watch session', async () => {
    const play = await event(scene.id, {
      id: 'x',
      title: 't',
      event: 1,
      time: 0,
      speed: 1,
      utc: 1,
      connectionKey: 'k',
    });
    expect(play.statusCode).toBe(200);
    expect(play.headers[HEADER]).toBe('1');
    expect(play.json()).toEqual({ recorded: true });
    const rows = await history();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.time_end).toBeNull();
    // A play while playing changes nothing; a pause ends the played stretch.
    expect((await event(scene.id, { event: 1 })).json()).toEqual({ recorded: true });
    expect((await event(scene.id, { event: 2 })).json()).toEqual({ recorded: true });
    expect((await event(scene.id, { event: 2 })).json()).toEqual({ recorded: false });
    // Played again soon after: the same session goes on.
    expect((await event(scene.id, { event: 1 })).json()).toEqual({ recorded: true });
    expect((await event(scene.id, { event: 3 })).json()).toEqual({ recorded: true });
    expect(await history()).toHaveLength(1);
    await app.watchSessions.flushIdle(new Date(Date.now() + 120_000));
    const [ended] = await history();
    expect(ended?.time_end).not.toBeNull();
    expect(ended?.duration).toBeGreaterThanOrEqual(0);
    expect(ended?.duration).toBeLessThan(60);
    const row = await app.database.db
      .selectFrom('scenes')
      .select(['is_watched', 'last_opened'])
      .where('id', '=', scene.id)
      .executeTakeFirstOrThrow();
    expect(row.is_watched).toBe(1);
    expect(row.last_opened).toBe(ended?.time_start);
  });

  it('ignores junk, open, unknown codes and unknown scenes', async () => {
    const before = (await history()).length;
    for (const payload of ['garbage{', '[1,2]', '{"event":"play"}', '']) {
      const response = await event(scene.id, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ recorded: false });
    }
    expect((await event(scene.id, 'event=1', 'application/x-www-form-urlencoded')).json()).toEqual({
      recorded: false,
    });
    expect((await event(scene.id, { event: 0 })).json()).toEqual({ recorded: false });
    expect((await event(scene.id, { event: 9 })).json()).toEqual({ recorded: false });
    expect((await event(999_999, { event: 1 })).json()).toEqual({ recorded: false });
    expect(await history()).toHaveLength(before);
  });

  it('records nothing while watch time tracking is off', async () => {
    await setOptions(app, (o) => ({
      ...o,
      interfaces: { ...o.interfaces, deovr: { ...o.interfaces.deovr, track_watch_time: false } },
    }));
    const before = (await history()).length;
    expect((await event(scene.id, { event: 1 })).json()).toEqual({ recorded: false });
    expect(await history()).toHaveLength(before);
  });
});
