import type { RemoteState } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { encodeFrame } from '../../../src/players/deovr-remote/deovr-frames';
import { createDeovrRemote } from '../../../src/players/deovr-remote/deovr-remote.factory';
import type { DeovrRemoteService } from '../../../src/players/deovr-remote/deovr-remote.service';
import { PlayerHosts } from '../../../src/players/player-hosts';
import { EventBus } from '../../../src/realtime/event-bus';
import { KvRepository } from '../../../src/repositories/kv.repository';
import { OptionsService } from '../../../src/services/options.service';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { FakeDeovr } from './fake-deovr';

const DEAD_MS = 700;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FoveaApp;
let fake: FakeDeovr;
let hosts: PlayerHosts;
let options: OptionsService;
let remote: DeovrRemoteService;
const states: RemoteState[] = [];
const scene = { a: 0, b: 0 };
const file = { a: 0, b: 0, unmatched: 0 };

/** Options of the remote alone (the app's own remote stays off: its options are another instance). */
async function setDeovr(values: { enabled?: boolean; track_watch_time?: boolean; remote_enabled?: boolean }) {
  await options.update((current) => ({
    ...current,
    interfaces: { ...current.interfaces, deovr: { ...current.interfaces.deovr, ...values } },
  }));
}

const urlOf = (fileId: number) => `http://127.0.0.1:9999/api/dms/file/${fileId}/${fileId} - Title?dnt=true`;

async function play(fileId: number, playerState: number, frames: number, startAt = 10): Promise<void> {
  for (let n = 0; n < frames; n++) {
    fake.sendStatus({
      path: urlOf(fileId),
      duration: 600,
      currentTime: startAt + n,
      playbackSpeed: 1,
      playerState,
    });
    await sleep(100);
  }
}

/** Waits for a published state matching `match` after index `from`; answers it. */
async function stateAfter(from: number, match: (state: RemoteState) => boolean): Promise<RemoteState> {
  return vi.waitFor(
    () => {
      const found = states.slice(from).find(match);
      if (!found) throw new Error('no such remote.state yet');
      return found;
    },
    { timeout: 4000, interval: 20 },
  );
}

const histories = (sceneId: number) =>
  app.database.db.selectFrom('histories').selectAll().where('scene_id', '=', sceneId).orderBy('id').execute();

beforeAll(async () => {
  app = await createTestApp();
  fake = await FakeDeovr.start();
  const f = libraryFactory(app.database.db);
  const volume = await f.volume();
  scene.a = await f.scene({ title: 'Remote A' });
  scene.b = await f.scene({ title: 'Remote B' });
  file.a = await f.file({ volume_id: volume, scene_id: scene.a });
  file.b = await f.file({ volume_id: volume, scene_id: scene.b });
  file.unmatched = await f.file({ volume_id: volume, scene_id: null });
  hosts = new PlayerHosts();
  options = new OptionsService(new KvRepository(app.database.db), app.logger.logger);
  await options.load();
  const events = new EventBus({ publish: () => undefined });
  events.subscribe((event) => {
    if (event.topic === 'remote.state') states.push(event.payload);
  });
  remote = createDeovrRemote({
    db: app.database.db,
    hosts,
    options,
    events,
    sceneStatus: app.sceneStatus,
    logger: app.logger.logger,
    client: { port: fake.port, retryMs: 100, pingMs: 100, connectTimeoutMs: 1000, silenceTimeoutMs: 60_000 },
    sessionDeadMs: DEAD_MS,
  });
});

afterAll(async () => {
  await remote.stop();
  await fake.close();
  await app.close();
});

describe('DeoVR remote control', () => {
  it('stays off until DeoVR, watch-time tracking and remote mode are all on', async () => {
    await remote.start();
    expect(remote.isRunning).toBe(false);
    await setDeovr({ remote_enabled: true, track_watch_time: false });
    expect(remote.isRunning).toBe(false);
    await setDeovr({ track_watch_time: true, enabled: false });
    expect(remote.isRunning).toBe(false);
    await sleep(250);
    expect(states).toEqual([]);
    expect(fake.connections).toHaveLength(0);
  });

  it('while no player is known, says it is not connected every retry; connects once DeoVR has called', async () => {
    await setDeovr({ enabled: true });
    expect(remote.isRunning).toBe(true);
    await vi.waitFor(() => expect(states.length).toBeGreaterThanOrEqual(2));
    expect(states.every((state) => JSON.stringify(state) === '{"connected":false}')).toBe(true);
    expect(fake.connections).toHaveLength(0);

    const from = states.length;
    hosts.record('::ffff:127.0.0.1');
    expect(await stateAfter(from, (state) => state.connected)).toEqual({
      connected: true,
      deovrHost: '127.0.0.1',
    });
    expect(fake.connections).toHaveLength(1);
    // The client pings (empty frames) every 100 ms here.
    await vi.waitFor(() => expect(fake.received[0]?.length ?? 0).toBeGreaterThanOrEqual(3));
    expect(fake.received[0]?.every((frame) => frame.length === 0)).toBe(true);
  });

  it('publishes each playing frame with its file and scene, and records a session that ends 5 s (here 0.7 s) later', async () => {
    const from = states.length;
    const startedAt = Date.now();
    await play(file.a, 0, 6);
    const state = await stateAfter(from, (s) => s.currentPosition === 15);
    expect(state).toMatchObject({
      connected: true,
      deovrHost: '127.0.0.1',
      isPlaying: true,
      currentFileID: file.a,
      currentSceneID: scene.a,
    });
    expect(Date.parse(state.sessionStart ?? '')).toBeGreaterThanOrEqual(startedAt - 5);
    expect(Date.parse(state.sessionEnd ?? '') - Date.parse(state.sessionStart ?? '')).toBeGreaterThan(300);
    const open = await histories(scene.a);
    expect(open).toHaveLength(1);
    expect(open[0]?.time_end).toBeNull();
    const opened = await app.database.db
      .selectFrom('scenes')
      .select(['last_opened', 'is_watched'])
      .where('id', '=', scene.a)
      .executeTakeFirstOrThrow();
    expect(opened.last_opened).toBe(open[0]?.time_start);
    expect(opened.is_watched).toBe(0);

    await vi.waitFor(async () => expect((await histories(scene.a))[0]?.time_end).not.toBeNull(), {
      timeout: 3000,
    });
    const [row] = await histories(scene.a);
    expect(row?.duration).toBeGreaterThan(0.3);
    expect(row?.duration).toBeLessThan(1.5);
    const watched = await app.database.db
      .selectFrom('scenes')
      .select('is_watched')
      .where('id', '=', scene.a)
      .executeTakeFirstOrThrow();
    expect(watched.is_watched).toBe(1);
  });

  it('paused frames, unmatched files and foreign paths are shown but record nothing', async () => {
    let from = states.length;
    await play(file.b, 1, 3, 40);
    expect(await stateAfter(from, (s) => s.currentPosition === 42)).toEqual({
      connected: true,
      deovrHost: '127.0.0.1',
      isPlaying: false,
      currentPosition: 42,
      currentFileID: file.b,
      currentSceneID: scene.b,
    });
    from = states.length;
    await play(file.unmatched, 0, 2, 70);
    expect(await stateAfter(from, (s) => s.currentPosition === 71)).toEqual({
      connected: true,
      deovrHost: '127.0.0.1',
      isPlaying: true,
      currentPosition: 71,
      currentFileID: file.unmatched,
    });
    from = states.length;
    fake.sendStatus({ path: '/storage/emulated/0/Movies/own.mp4', currentTime: 5, playerState: 0 });
    fake.sendStatus({ playerState: 2 });
    expect(await stateAfter(from, (s) => s.currentPosition === 0)).toEqual({
      connected: true,
      deovrHost: '127.0.0.1',
      isPlaying: false,
      currentPosition: 0,
    });
    expect(states.slice(from).find((s) => s.currentPosition === 5)).toEqual({
      connected: true,
      deovrHost: '127.0.0.1',
      isPlaying: true,
      currentPosition: 5,
    });
    expect(await histories(scene.b)).toEqual([]);
    expect(await app.database.db.selectFrom('histories').select('id').execute()).toHaveLength(1);
  });

  it('skips junk frames and keeps the connection', async () => {
    const from = states.length;
    const connections = fake.connections.length;
    const junk = (text: string) => {
      const body = Buffer.from(text);
      const header = Buffer.alloc(4);
      header.writeUInt32LE(body.length, 0);
      return Buffer.concat([header, body]);
    };
    fake.sendRaw(
      Buffer.concat([junk('not json'), junk('[1,2,3]'), junk('null'), junk('{"playerState":"x"}')]),
    );
    fake.sendRaw(Buffer.concat([Buffer.alloc(4), junk('{"currentTime":"soon"}'), junk('{"path":7}')]));
    await sleep(100);
    expect(states.length).toBe(from);
    // A valid frame in two pieces.
    const valid = encodeFrame({ currentTime: 99, playerState: 1 });
    fake.sendRaw(valid.subarray(0, 6));
    await sleep(50);
    fake.sendRaw(valid.subarray(6));
    expect(await stateAfter(from, () => true)).toEqual({
      connected: true,
      deovrHost: '127.0.0.1',
      isPlaying: false,
      currentPosition: 99,
    });
    expect(fake.connections).toHaveLength(connections);
    expect(fake.current.destroyed).toBe(false);
  });

  it('drops a stream that is out of step and connects again', async () => {
    const from = states.length;
    const connections = fake.connections.length;
    fake.sendRaw(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x7b]));
    await stateAfter(from, (s) => !s.connected);
    await stateAfter(from, (s) => s.connected && states.slice(from).some((earlier) => !earlier.connected));
    expect(fake.connections).toHaveLength(connections + 1);
    fake.sendStatus({ currentTime: 3, playerState: 1 });
    await stateAfter(from, (s) => s.currentPosition === 3);
  });

  it('reconnects when DeoVR closes the connection', async () => {
    const from = states.length;
    const connections = fake.connections.length;
    fake.current.destroy();
    await stateAfter(from, (s) => !s.connected);
    await vi.waitFor(() => expect(fake.connections).toHaveLength(connections + 1));
    await stateAfter(from, (s) => s.connected);
  });

  it('follows the player host: another host drops the connection, the old one gets it back', async () => {
    const from = states.length;
    const connections = fake.connections.length;
    const old = fake.current;
    hosts.record('127.0.0.2');
    await vi.waitFor(() => expect(old.destroyed || old.readyState === 'closed').toBe(true));
    await stateAfter(from, (s) => !s.connected);
    await sleep(250);
    // Nothing listens on 127.0.0.2: no state says connected.
    expect(states.slice(from).some((s) => s.connected)).toBe(false);
    hosts.record('127.0.0.1');
    await stateAfter(from, (s) => s.connected && s.deovrHost === '127.0.0.1');
    expect(fake.connections).toHaveLength(connections + 1);
  });

  it('switching remote mode off ends the open session, closes the connection and says so', async () => {
    await play(file.b, 0, 3, 100);
    await vi.waitFor(async () => expect(await histories(scene.b)).toHaveLength(1));
    const socket = fake.current;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await setDeovr({ remote_enabled: false });
    await vi.waitFor(() => expect(remote.isRunning).toBe(false));
    await remote.idle();
    await closed;
    await vi.waitFor(async () => expect((await histories(scene.b))[0]?.time_end).not.toBeNull());
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ connected: false }));
    const connections = fake.connections.length;
    const published = states.length;
    await sleep(300);
    expect(fake.connections).toHaveLength(connections);
    expect(states).toHaveLength(published);
  });
});

describe('DeoVR remote: a silent connection', () => {
  it('is dropped after the silence time and tried again', async () => {
    const silent = await FakeDeovr.start();
    const quiet = new OptionsService(new KvRepository(app.database.db), app.logger.logger);
    await quiet.load();
    await quiet.update((current) => ({
      ...current,
      interfaces: {
        ...current.interfaces,
        deovr: { ...current.interfaces.deovr, enabled: true, track_watch_time: true, remote_enabled: true },
      },
    }));
    const silentHosts = new PlayerHosts();
    silentHosts.record('127.0.0.1');
    const other = createDeovrRemote({
      db: app.database.db,
      hosts: silentHosts,
      options: quiet,
      events: new EventBus({ publish: () => undefined }),
      sceneStatus: app.sceneStatus,
      logger: app.logger.logger,
      client: { port: silent.port, retryMs: 50, pingMs: 50, silenceTimeoutMs: 300 },
    });
    try {
      await other.start();
      await vi.waitFor(() => expect(silent.connections.length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
      expect(silent.connections[0]?.destroyed || silent.connections[0]?.readyState === 'closed').toBe(true);
    } finally {
      await other.stop();
      await silent.close();
    }
  });
});
