import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type FoveaApp } from '../../src/app';
import type { AppConfig } from '../../src/config/config';
import { makeTempDir } from './temp-dir';

export interface TestAppOptions {
  dataDir?: string;
  updateUrl?: string;
  /** A folder holding a built web UI (index.html); one with a stub page is made when omitted. */
  webDir?: string;
  /** put.io API base; a closed loopback port unless a test runs a fake put.io. */
  putioUrl?: string;
  /** StashDB GraphQL endpoint; a closed loopback port unless a test runs a fake StashDB. */
  stashdbUrl?: string;
  /** Studio hosts answered by local servers ('vrbangers.com' -> 'http://127.0.0.1:PORT'). */
  scrapeHostMap?: Record<string, string>;
  /** Image proxy host names answered by local servers, taken as public ('images.test' -> '127.0.0.1'). */
  imageHostMap?: Record<string, string>;
}

/** A folder that looks like a built web UI. */
export function makeWebDir(): string {
  const dir = makeTempDir('fovea-web-');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Fovea</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("fovea")');
  return dir;
}

export function testConfig(options: TestAppOptions = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: options.dataDir ?? makeTempDir('fovea-data-'),
    databaseUrl: undefined,
    // Port 9 (discard) on loopback refuses at once: the update check is "unreachable" unless a test says otherwise.
    updateUrl: options.updateUrl ?? 'http://127.0.0.1:9/releases/latest',
    webDir: options.webDir ?? makeWebDir(),
    logLevel: 'info',
    logToStdout: false,
    version: '1.2.3',
    putioUrl: options.putioUrl ?? 'http://127.0.0.1:9/v2',
    stashdbUrl: options.stashdbUrl ?? 'http://127.0.0.1:9/graphql',
    ffmpegPath: process.env.FFMPEG_PATH?.trim() || 'ffmpeg',
    ffprobePath: process.env.FFPROBE_PATH?.trim() || 'ffprobe',
    dlnaPort: 0,
  };
}

/** The real app on a fresh SQLite file in a temp data folder (use app.http.inject for requests). */
export async function createTestApp(options: TestAppOptions = {}): Promise<FoveaApp> {
  const app = await createApp(testConfig(options), {
    ...(options.scrapeHostMap ? { scrapeHostMap: options.scrapeHostMap } : {}),
    ...(options.imageHostMap ? { imageHostMap: options.imageHostMap } : {}),
  });
  await app.http.ready();
  await app.queue.start();
  return app;
}
