import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import type { PlayersCore } from '../../../src/players/players-core';
import type { DeovrService } from '../../../src/players/deovr/deovr.service';
import { hashPlayerPassword, isBcryptHash, PlayerAuth } from '../../../src/players/player-auth';
import { PlayerHosts } from '../../../src/players/player-hosts';
import type { PlayerLibraryService } from '../../../src/players/player-library.service';
import { deovrRoutes } from '../../../src/routes/deovr.routes';
import { createTestApp } from '../../helpers/test-app';
import { DeoDeniedSchema, DeoLibrarySchema, DeoVideoSchema } from '../schemas/deovr.schemas';
import { seedDeoLibrary, setDeovr, type DeoLibrarySeed } from './deovr-fixture';

let app: FoveaApp;
let seed: DeoLibrarySeed;
let hash: string;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };

function post(url: string, payload: string, headers: Record<string, string>) {
  return app.http.inject({ method: 'POST', url, payload, headers: { host: '192.168.1.25', ...headers } });
}

beforeAll(async () => {
  app = await createTestApp();
  seed = await seedDeoLibrary(app);
  hash = await hashPlayerPassword('s3cret pass');
});
afterAll(() => app.close());

describe('DeoVR login', () => {
  it('grants everybody while authentication is off, whatever is sent', async () => {
    await setDeovr(app, { auth_enabled: false, username: 'deo', password: hash });
    const response = await post('/deovr', 'login=x&password=y', FORM);
    expect(DeoLibrarySchema.parse(response.json()).authorized).toBe('1');
  });

  it('grants everybody when authentication is on without a username or password set', async () => {
    await setDeovr(app, { auth_enabled: true, username: '', password: '' });
    expect(DeoLibrarySchema.parse((await post('/deovr', '', {})).json()).authorized).toBe('1');
    await setDeovr(app, { auth_enabled: true, username: 'deo', password: '' });
    expect(DeoLibrarySchema.parse((await post('/deovr', '', {})).json()).authorized).toBe('1');
  });

  describe('with authentication on', () => {
    beforeAll(() => setDeovr(app, { auth_enabled: true, username: 'deo', password: hash }));

    it('asks for a login when nothing is sent, on every route', async () => {
      for (const url of ['/deovr', `/deovr/${seed.one}`, `/deovr/file/${seed.unmatched}`]) {
        const get = await app.http.inject({ method: 'GET', url });
        expect(DeoDeniedSchema.parse(get.json())).toEqual({
          authorized: '0',
          scenes: [{ name: 'Login Required', list: null }],
        });
        const empty = await post(url, 'login=&password=', FORM);
        expect(DeoDeniedSchema.parse(empty.json()).authorized).toBe('0');
      }
    });

    it('treats a junk body as nothing sent', async () => {
      const response = await post('/deovr', '{"login": broken', JSON_TYPE);
      expect(response.statusCode).toBe(200);
      expect(DeoDeniedSchema.parse(response.json()).authorized).toBe('0');
    });

    it('refuses a wrong password, a wrong login, or half the credentials', async () => {
      for (const payload of [
        'login=deo&password=wrong',
        'login=other&password=s3cret%20pass',
        'login=deo',
        'password=s3cret%20pass',
      ]) {
        const response = await post('/deovr', payload, FORM);
        expect(DeoDeniedSchema.parse(response.json())).toEqual({
          authorized: '-1',
          scenes: [{ name: 'Login Failed', list: null }],
        });
      }
      const json = await post('/deovr', JSON.stringify({ login: 'deo', password: 42 }), JSON_TYPE);
      expect(DeoDeniedSchema.parse(json.json()).authorized).toBe('-1');
    });

    it('grants the right credentials as a form, as JSON, or without a content type', async () => {
      const form = await post('/deovr', 'login=deo&password=s3cret+pass', FORM);
      expect(DeoLibrarySchema.parse(form.json()).authorized).toBe('1');
      const json = await post(
        `/deovr/${seed.one}`,
        JSON.stringify({ login: 'deo', password: 's3cret pass' }),
        JSON_TYPE,
      );
      expect(DeoVideoSchema.parse(json.json()).id).toBe(seed.one);
      const untyped = await app.http.inject({
        method: 'POST',
        url: `/deovr/file/${seed.unmatched}`,
        // No content type at all (light-my-request sends none for a string payload).
        payload: 'login=deo&password=s3cret%20pass',
      });
      expect(untyped.raw.req.headers['content-type']).toBeUndefined();
      expect(DeoVideoSchema.parse(untyped.json()).title).toBe('loose.mp4');
      const text = await post('/deovr', 'login=deo&password=s3cret%20pass', { 'content-type': 'text/plain' });
      expect(DeoLibrarySchema.parse(text.json()).authorized).toBe('1');
    });

    it('still answers HEAD with an empty 200 and nothing when disabled', async () => {
      const head = await app.http.inject({ method: 'HEAD', url: '/deovr' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      await setDeovr(app, { enabled: false });
      try {
        expect((await post('/deovr', 'login=deo&password=wrong', FORM)).body).toBe('');
      } finally {
        await setDeovr(app, { enabled: true });
      }
    });
  });
});

describe('PlayerAuth', () => {
  it('hashes with bcrypt and compares a hand-written plain password as text', async () => {
    expect(isBcryptHash(hash)).toBe(true);
    expect(isBcryptHash('s3cret pass')).toBe(false);
    const auth = new PlayerAuth(app.options);
    await setDeovr(app, { auth_enabled: true, username: 'deo', password: 'plain' });
    expect(await auth.check({ username: 'deo', password: 'plain' })).toBe(1);
    expect(await auth.check({ username: 'deo', password: 'plain!' })).toBe(-1);
    expect(await auth.check({})).toBe(0);
  });
});

describe('player host recording', () => {
  it('records the caller of a granted DeoVR call only', async () => {
    const hosts = new PlayerHosts();
    const core = {
      auth: new PlayerAuth(app.options),
      hosts,
      library: {} as PlayerLibraryService,
    } satisfies PlayersCore;
    const deovr = {
      libraryAnswer: async () => ({ authorized: '1', scenes: [] }),
    } as unknown as DeovrService;
    const http = Fastify();
    http.setValidatorCompiler(validatorCompiler);
    http.setSerializerCompiler(serializerCompiler);
    await http.register(deovrRoutes({ core, options: app.options, deovr }));
    // The lenient parsers stay inside the DeoVR plugin: a sibling route still refuses broken JSON.
    http.post('/sibling', async (request) => request.body);
    try {
      await setDeovr(app, { auth_enabled: true, username: 'deo', password: hash });
      await http.inject({
        method: 'POST',
        url: '/deovr',
        remoteAddress: '10.0.0.5',
        payload: 'login=deo&password=no',
        headers: FORM,
      });
      expect(hosts.lastPlayerHost()).toBeNull();
      await http.inject({
        method: 'POST',
        url: '/deovr',
        remoteAddress: '::ffff:10.0.0.6',
        payload: 'login=deo&password=s3cret%20pass',
        headers: FORM,
      });
      expect(hosts.lastPlayerHost()).toBe('10.0.0.6');
      const sibling = await http.inject({
        method: 'POST',
        url: '/sibling',
        payload: '{broken',
        headers: { 'content-type': 'application/json' },
      });
      expect(sibling.statusCode).toBe(400);
    } finally {
      await http.close();
    }
  });
});
