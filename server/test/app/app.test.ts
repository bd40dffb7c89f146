import { Validator } from '@seriousme/openapi-schema-validator';
import { apiRoutes } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { connectWampy, eventCollector } from '../realtime/realtime-harness';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let base: string;

beforeAll(async () => {
  app = await createTestApp();
  base = await app.http.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('the web UI', () => {
  it('redirects / to /ui/ and serves index.html there', async () => {
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/ui/');
    const ui = await fetch(`${base}/ui/`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('cache-control')).toBe('no-cache');
    expect(await ui.text()).toContain('<div id="root">');
    const asset = await fetch(`${base}/ui/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});

describe('errors', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const response = await fetch(`${base}/api/nothing-here?x=1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found', message: 'No route GET /api/nothing-here' });
  });
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document that lists every route of the contract', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    for (const route of Object.values(apiRoutes)) {
      expect(document.paths[route.path], route.path).toBeDefined();
      expect(
        document.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    expect(document.paths['/api/options/interface/web']?.put).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    });
  });
});

describe('live status over /ws/', () => {
  it('tells a WAMP client subscribed to lock.change when the scene refresh takes and releases its lock', async () => {
    const make = libraryFactory(app.database.db);
    const volume = await make.volume();
    const scene = await make.scene({ scene_id: 'lock-test' });
    await make.file({ volume_id: volume, scene_id: scene });

    const client = await connectWampy(`${base.replace('http', 'ws')}/ws/`);
    const locks = eventCollector();
    const logs = eventCollector();
    await client.subscribe('lock.change', locks.onEvent);
    await client.subscribe('service.log', logs.onEvent);

    const response = await fetch(`${base}/api/task/scene-refresh`);
    expect(response.status).toBe(200);
    expect((await locks.next()).argsDict).toEqual({ name: 'rescan', locked: true });
    expect((await locks.next()).argsDict).toEqual({ name: 'rescan', locked: false });

    const done = logs.events.find((event) =>
      String(event.argsDict?.message).startsWith('Scene statuses refreshed'),
    );
    expect(done?.argsDict).toMatchObject({ level: 'info', data: { task: 'rescan' } });
    const row = await app.database.db
      .selectFrom('scenes')
      .selectAll()
      .where('id', '=', scene)
      .executeTakeFirstOrThrow();
    expect(row.is_available).toBe(1);
    await client.disconnect();
  });
});
