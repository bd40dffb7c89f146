import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { VersionCheckService } from '../../src/services/version-check.service';
import { compareVersions } from '../../src/services/version-compare';
import { startReleaseServer, type ReleaseServer } from '../helpers/release-server';
import { createTestApp } from '../helpers/test-app';
import { removeTempDir } from '../helpers/temp-dir';

const logger = pino({ level: 'silent' });
let server: ReleaseServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('compareVersions', () => {
  it.each([
    ['1.2.3', '1.2.3', 0],
    ['v1.2.4', '1.2.3', 1],
    ['1.10.0', '1.9.9', 1],
    ['1.2', '1.2.0', 0],
    ['1.0.0-beta.1', '1.0.0', -1],
    ['2.0.0', '10.0.0', -1],
  ])('%s vs %s is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('gives null for something that is not a version', () => {
    expect(compareVersions('latest', '1.0.0')).toBeNull();
  });
});

describe('VersionCheckService', () => {
  it('reports a newer release and caches it', async () => {
    server = await startReleaseServer('v1.3.0');
    const service = new VersionCheckService({ currentVersion: '1.2.3', updateUrl: server.url }, logger);
    expect(await service.check(true)).toEqual({
      current_version: '1.2.3',
      latest_version: '1.3.0',
      update_notify: true,
    });
    await service.check(true);
    expect(server.hits).toBe(1);
  });

  it('does not notify when the release is older than this build', async () => {
    server = await startReleaseServer('v1.2.0');
    const service = new VersionCheckService({ currentVersion: '1.2.3', updateUrl: server.url }, logger);
    expect(await service.check(true)).toEqual({
      current_version: '1.2.3',
      latest_version: '1.2.0',
      update_notify: false,
    });
  });

  it('asks nobody when the update check is off', async () => {
    server = await startReleaseServer('v9.0.0');
    const service = new VersionCheckService({ currentVersion: '1.2.3', updateUrl: server.url }, logger);
    expect(await service.check(false)).toEqual({
      current_version: '1.2.3',
      latest_version: '1.2.3',
      update_notify: false,
    });
    expect(server.hits).toBe(0);
  });

  it.each([
    ['an HTTP error', { status: 503 }],
    ['an answer without tag_name', { body: '{"message":"Not Found"}' }],
    ['an answer that is not JSON', { body: '<html>rate limited</html>' }],
  ])('treats %s as "no newer version" and backs off', async (_case, respond) => {
    server = await startReleaseServer('v2.0.0');
    server.respond = respond;
    const service = new VersionCheckService({ currentVersion: '1.2.3', updateUrl: server.url }, logger);
    expect(await service.check(true)).toMatchObject({ latest_version: '1.2.3', update_notify: false });
    await service.check(true);
    expect(server.hits).toBe(1);
  });

  it('answers without waiting for a slow look-up, and uses its result once it arrives', async () => {
    server = await startReleaseServer('v1.4.0');
    server.respond.delayMs = 400;
    const service = new VersionCheckService(
      { currentVersion: '1.2.3', updateUrl: server.url, answerWithinMs: 50 },
      logger,
    );
    expect(await service.check(true)).toEqual({
      current_version: '1.2.3',
      latest_version: '1.2.3',
      update_notify: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await service.check(true)).toMatchObject({ latest_version: '1.4.0', update_notify: true });
    expect(server.hits).toBe(1);
  });

  it('treats an unreachable URL as "no newer version"', async () => {
    const service = new VersionCheckService(
      { currentVersion: '1.2.3', updateUrl: 'http://127.0.0.1:9/releases/latest' },
      logger,
    );
    expect(await service.check(true)).toMatchObject({ latest_version: '1.2.3', update_notify: false });
  });
});

describe('GET /api/options/version-check', () => {
  it('answers the three keys from FOVEA_UPDATE_URL and obeys the updateCheck option', async () => {
    server = await startReleaseServer('v1.5.0');
    const app = await createTestApp({ updateUrl: server.url });
    try {
      const first = await app.http.inject({ method: 'GET', url: '/api/options/version-check' });
      expect(first.json()).toEqual({
        current_version: '1.2.3',
        latest_version: '1.5.0',
        update_notify: true,
      });
      await app.http.inject({
        method: 'PUT',
        url: '/api/options/interface/web',
        payload: { updateCheck: false },
      });
      const off = await app.http.inject({ method: 'GET', url: '/api/options/version-check' });
      expect(off.json()).toEqual({ current_version: '1.2.3', latest_version: '1.2.3', update_notify: false });
    } finally {
      await app.close();
      removeTempDir(app.config.dataDir);
      removeTempDir(app.config.webDir);
    }
  });
});
