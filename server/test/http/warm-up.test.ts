import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { assetsOfIndex, warmUp } from '../../src/http/warm-up';
import { createTestApp, makeWebDir } from '../helpers/test-app';

describe('assetsOfIndex', () => {
  it('lists the scripts, preloads and style sheets of the built page once each', () => {
    const html = `<link rel="icon" href="/ui/favicon.svg" />
      <script type="module" crossorigin src="/ui/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/ui/assets/chunk-B2.js">
      <link rel="stylesheet" crossorigin href="/ui/assets/index-C3.css">
      <link rel="modulepreload" crossorigin href="/ui/assets/chunk-B2.js">`;
    expect(assetsOfIndex(html)).toEqual([
      '/ui/assets/index-A1.js',
      '/ui/assets/chunk-B2.js',
      '/ui/assets/index-C3.css',
    ]);
  });
});

describe('warmUp', () => {
  let app: FoveaApp;

  beforeAll(async () => {
    const webDir = makeWebDir();
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><script type="module" src="/ui/assets/app-1234.js"></script><div id="root"></div>',
    );
    app = await createTestApp({ webDir });
  });

  afterAll(async () => {
    await app.close();
  });

  it('asks for the page, its files and the first screen calls through HTTP', async () => {
    const inject = vi.spyOn(app.http, 'inject');
    const ms = await warmUp(app.http);
    expect(ms).toBeGreaterThanOrEqual(0);
    // inject's overloads leave the spy's call list untyped.
    const calls = inject.mock.calls as unknown as [InjectOptions | string][];
    const urls = calls.map(([options]) => (typeof options === 'string' ? options : options.url));
    expect(urls).toEqual([
      '/ui/',
      '/ui/assets/app-1234.js',
      '/api/options/state',
      '/api/scene/list',
      '/api/options/version-check',
      '/api/playlist',
      '/api/library/summary',
      '/api/scene/filters',
    ]);
    inject.mockRestore();
  });
});
