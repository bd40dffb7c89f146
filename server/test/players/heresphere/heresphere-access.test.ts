import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { hashPlayerPassword } from '../../../src/players/player-auth';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { DeniedSchema, VideoSchema } from '../schemas/heresphere.schemas';
import { HEADER, seedScene, setOptions, type SeededScene } from './heresphere-fixture';

let app: FoveaApp;
let scene: SeededScene;
let unmatched: number;

beforeAll(async () => {
  app = await createTestApp();
  scene = await seedScene(app);
  const f = libraryFactory(app.database.db);
  unmatched = await f.file({ volume_id: await f.volume(), filename: 'loose.mp4' });
});
afterAll(() => app.close());

const call = (url: string, payload?: object) =>
  app.http.inject({
    method: 'POST',
    url,
    headers: { host: '192.168.1.20:9999' },
    ...(payload ? { payload } : {}),
  });

describe('HereSphere switch and login', () => {
  it('answers empty while DeoVR/HereSphere is disabled', async () => {
    await setOptions(app, (o) => ({
      ...o,
      interfaces: { ...o.interfaces, deovr: { ...o.interfaces.deovr, enabled: false } },
    }));
    for (const url of ['/heresphere', `/heresphere/${scene.id}`, '/heresphere/scan']) {
      const response = await call(url, {});
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
      expect(response.headers[HEADER]).toBe('1');
    }
    await setOptions(app, (o) => ({
      ...o,
      interfaces: { ...o.interfaces, deovr: { ...o.interfaces.deovr, enabled: true } },
    }));
  });

  it('asks for a login, refuses a wrong one and grants the right one', async () => {
    const password = await hashPlayerPassword('secret');
    await setOptions(app, (o) => ({
      ...o,
      interfaces: {
        ...o.interfaces,
        deovr: { ...o.interfaces.deovr, auth_enabled: true, username: 'owner', password },
      },
    }));
    for (const url of [
      '/heresphere',
      `/heresphere/${scene.id}`,
      `/heresphere/file/${unmatched}`,
      '/heresphere/scan',
    ]) {
      const none = DeniedSchema.parse((await call(url, {})).json());
      expect(none).toEqual({ access: 0, library: [{ name: 'Login Required', list: null }] });
      const wrong = DeniedSchema.parse((await call(url, { username: 'owner', password: 'nope' })).json());
      expect(wrong).toEqual({ access: -1, library: [{ name: 'Login Failed', list: null }] });
    }
    const granted = await call(`/heresphere/${scene.id}`, { username: 'owner', password: 'secret' });
    expect(VideoSchema.parse(granted.json()).access).toBe(1);
    await setOptions(app, (o) => ({
      ...o,
      interfaces: { ...o.interfaces, deovr: { ...o.interfaces.deovr, auth_enabled: false } },
    }));
  });
});

describe('HereSphere in the OpenAPI document', () => {
  it('documents the routes, the scan in milliseconds', async () => {
    const document = (await app.http.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { description?: string; tags?: string[] }>>;
    }>();
    for (const path of ['/heresphere', '/heresphere/scan', '/heresphere/{id}', '/heresphere/file/{id}']) {
      expect(document.paths[path]?.post?.tags, path).toEqual(['players']);
    }
    expect(document.paths['/heresphere/events/{id}']?.post).toBeDefined();
    expect(document.paths['/heresphere/scan']?.post?.description).toContain('milliseconds');
  });
});
