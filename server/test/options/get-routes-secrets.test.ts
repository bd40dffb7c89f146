import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type FoveaApp } from '../../src/app';
import { hashPlayerPassword } from '../../src/players/player-auth';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { testConfig } from '../helpers/test-app';

/*
 * Walks every GET route of the OpenAPI document with every kind of secret stored and checks that no answer
 * carries one. The job queue is not started, so the task routes only enqueue. The bundle backup is the owner's
 * explicit export of everything (settings included, as the spec says) and is left out.
 */

const PLAYER_PASSWORD = 'walk-player-pw-3e8';
const SECRETS = {
  stashApiKey: 'walk-stash-key-a41f',
  tpdbToken: 'walk-tpdb-token-77b0',
  proxyPassword: 'walk-proxy-pw-c9d2',
  putioToken: 'walk-putio-token-05ee',
  siteCookie: 'walk-site-cookie-8d1c',
  authHeader: 'walk-auth-header-2f90',
};
const EXPORTS = new Set(['/api/task/bundle/backup', '/download/xbvr-content-bundle.json']);

let app: FoveaApp;
let hash: string;

beforeAll(async () => {
  app = await createApp(testConfig(), {});
  await app.http.ready();
  hash = await hashPlayerPassword(PLAYER_PASSWORD);
  await app.options.update((options) => ({
    ...options,
    advanced: {
      ...options.advanced,
      stashApiKey: SECRETS.stashApiKey,
      scraperProxy: `http://walker:${SECRETS.proxyPassword}@127.0.0.1:3128`,
    },
    vendor: { tpdb: { apiToken: SECRETS.tpdbToken } },
    interfaces: {
      ...options.interfaces,
      deovr: { ...options.interfaces.deovr, auth_enabled: false, username: 'deo', password: hash },
    },
  }));
  // Rows with id 1 for the path parameters: a storage location, a scene with a file and an actor.
  const make = libraryFactory(app.database.db);
  const volume = await make.volume();
  const scene = await make.scene();
  await make.file({ volume_id: volume, scene_id: scene });
  await make.cast(scene, await make.actor('Walker Actor'));
  await app.database.db
    .insertInto('volumes')
    .values({ type: 'putio', path: 'put.io walker', metadata: SECRETS.putioToken, is_available: 1 })
    .execute();
  const collector = await app.http.inject({
    method: 'POST',
    url: '/api/options/save-collector-config',
    payload: {
      domain_key: 'walker-scraper',
      cookies: [{ name: 'sid', value: SECRETS.siteCookie }],
      headers: [{ key: 'X-Auth-Token', value: SECRETS.authHeader }],
    },
  });
  expect(collector.statusCode).toBe(200);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('every GET answer with secrets stored', () => {
  it('carries none of them, nor a bcrypt hash', async () => {
    const document = (await app.http.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const urls = Object.entries(document.paths)
      .filter(([path, methods]) => 'get' in methods && !EXPORTS.has(path))
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    expect(urls.length).toBeGreaterThan(50);
    expect(urls).toContain('/api/options/state');
    const secrets = [...Object.values(SECRETS), PLAYER_PASSWORD, hash];
    const leaks: string[] = [];
    const answered: number[] = [];
    for (const url of urls) {
      const response = await app.http.inject({ method: 'GET', url });
      answered.push(response.statusCode);
      const body = response.body;
      for (const secret of secrets) if (body.includes(secret)) leaks.push(`${url} carries ${secret}`);
      if (/\$2[abxy]?\$\d\d\$/.test(body)) leaks.push(`${url} carries a bcrypt hash`);
    }
    expect(leaks).toEqual([]);
    // The walk reached real answers, not only refusals.
    expect(answered.filter((code) => code === 200).length).toBeGreaterThan(30);
  });
});
