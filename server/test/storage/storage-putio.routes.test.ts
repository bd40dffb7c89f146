import { ApiError, StorageResponse } from '@fovea/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { startFakePutio, type FakePutio } from '../helpers/putio-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let fake: FakePutio;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  fake = await startFakePutio();
  app = await createTestApp({ putioUrl: fake.url });
  app.events.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

// Adding an account queues its rescan, which runs in the background and publishes its own change.
beforeEach(async () => {
  fake.failWith = null;
  await app.queue.idle();
});

async function add(token: string) {
  const response = await app.http.inject({
    method: 'POST',
    url: '/api/options/storage',
    payload: { type: 'putio', token },
  });
  return { code: response.statusCode, body: response.json<unknown>() };
}

async function storedVolumes() {
  return app.database.db.selectFrom('volumes').select(['id', 'type', 'path', 'metadata']).execute();
}

async function storage(): Promise<StorageResponse> {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/storage' });
  return StorageResponse.parse(response.json());
}

const storageEvents = () => events.filter((event) => event.topic === 'state.change.optionsStorage').length;

describe('POST /api/options/storage (put.io)', () => {
  it('adds the account named after its user, keeps the token on the server and publishes the change', async () => {
    fake.accounts.set('good-token', { username: 'alice', files: [] });
    const before = storageEvents();
    expect(await add('good-token')).toEqual({ code: 200, body: null });
    expect(storageEvents()).toBeGreaterThan(before);
    expect(fake.requests).toContainEqual(
      expect.objectContaining({ url: '/v2/account/info', authorization: 'Bearer good-token' }),
    );
    const [stored] = await storedVolumes();
    expect(stored).toMatchObject({ type: 'putio', path: 'Put.io (alice)', metadata: 'good-token' });
    await app.queue.idle();
    expect((await storage()).volumes).toEqual([
      {
        id: stored?.id,
        type: 'putio',
        path: 'Put.io (alice)',
        metadata: '',
        last_scan: expect.any(String),
        is_available: true,
        file_count: 0,
        unmatched_count: 0,
        total_size: 0,
        pending_gone_count: 0,
      },
    ]);
  });

  it('replaces the token when the same account is added again', async () => {
    fake.accounts.set('new-token', { username: 'alice', files: [] });
    expect((await add('new-token')).code).toBe(200);
    const volumes = await storedVolumes();
    expect(volumes).toHaveLength(1);
    expect(volumes[0]?.metadata).toBe('new-token');
  });

  it('answers 400 when put.io refuses the token, and stores nothing', async () => {
    const before = storageEvents();
    const answer = await add('expired');
    expect(answer.code).toBe(400);
    expect(ApiError.parse(answer.body).message).toBe('put.io refused the token');
    expect(await storedVolumes()).toHaveLength(1);
    await app.queue.idle();
    expect(storageEvents()).toBe(before);
  });

  it('answers 502 when put.io fails', async () => {
    fake.failWith = 500;
    const answer = await add('new-token');
    expect(answer.code).toBe(502);
    expect(ApiError.parse(answer.body).message).toContain('put.io answered 500');
  });

  it('answers 502 when put.io cannot be reached', async () => {
    await fake.close();
    const answer = await add('new-token');
    expect(answer.code).toBe(502);
    expect(ApiError.parse(answer.body).message).toBe(
      'put.io could not be asked for the account: put.io could not be reached',
    );
    expect(await storedVolumes()).toHaveLength(1);
  });
});
