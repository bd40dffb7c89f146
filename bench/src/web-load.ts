// The web figures of `npm run bench` (design §7, issues 5 and 20): the initial JavaScript (gzipped), how long
// the first page of scenes takes to show after opening /ui/ on the 100k-scene library, and how many bytes went
// over the wire by then (compressed bodies and headers, as the browser received them), in Debian's Chromium
// against the built server (as `npm start` runs it), cold: a fresh browser each time.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './built-server';

export const INITIAL_JS_TARGET_KB = 350;
export const FIRST_PAGE_TARGET_MS = 1000;
export const TRANSFERRED_TARGET_KB = 400;
/** A scene card of the list; the first one on screen means the first page shows. */
const FIRST_CARD = '[data-testid="scene-card"]';
const RUNS = 3;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface PageLoad {
  /** From navigation start to the first scene card in the page, per the page's own clock. */
  firstCardMs: number;
  /** Every JavaScript file the page loaded by then, gzipped (KB), and how many. */
  scriptsKb: number;
  scripts: number;
  /** Every answer until then as transferred (body as encoded on the wire, plus headers), KB, and how many. */
  transferredKb: number;
  requests: number;
}

async function loadOnce(url: string): Promise<PageLoad> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const bodies: Promise<Buffer>[] = [];
    const transfers: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) bodies.push(response.body());
    });
    page.on('requestfinished', (request) => {
      // Answers still arriving when the browser closes are not counted (and must not reject unhandled).
      transfers.push(
        request.sizes().then(
          (sizes) => sizes.responseBodySize + sizes.responseHeadersSize,
          () => 0,
        ),
      );
    });
    await page.goto(url);
    await page.waitForSelector(FIRST_CARD, { timeout: 60_000 });
    const firstCardMs = await page.evaluate(() => performance.now());
    const counted = transfers.length;
    const scripts = await Promise.all(bodies);
    const bytes = scripts.reduce((sum, body) => sum + gzipSync(body).length, 0);
    const transferred = (await Promise.all(transfers.slice(0, counted))).reduce((sum, size) => sum + size, 0);
    return {
      firstCardMs,
      scriptsKb: bytes / 1024,
      scripts: scripts.length,
      transferredKb: transferred / 1024,
      requests: counted,
    };
  } finally {
    await browser.close();
  }
}

/** Builds (server and web), starts the built server on `dataDir`, and times the first page RUNS times. */
export async function reportWebLoad(dataDir: string, port: number): Promise<void> {
  const server = await startBuiltServer(dataDir, port, 'all');
  try {
    // Timed as users meet it: on a server that has finished starting (its warm-up), not during it.
    const warmUpMs = await server.warmedUp;
    console.log(`server warm-up after start: ${warmUpMs} ms`);
    const loads: PageLoad[] = [];
    // Each run is a fresh browser: nothing cached, as a first visit.
    for (let run = 0; run < RUNS; run++) loads.push(await loadOnce(`http://127.0.0.1:${port}/ui/`));
    const worst = Math.max(...loads.map((load) => load.firstCardMs));
    const js = loads[0]?.scriptsKb ?? Number.NaN;
    console.log(
      `${js < INITIAL_JS_TARGET_KB ? 'PASS' : 'FAIL'}  initial JS < ${INITIAL_JS_TARGET_KB} KB gzipped: ` +
        `${js.toFixed(0)} KB in ${loads[0]?.scripts ?? 0} files (everything loaded until the first scenes show)`,
    );
    console.log(
      `${worst < FIRST_PAGE_TARGET_MS ? 'PASS' : 'FAIL'}  first page of scenes < ${FIRST_PAGE_TARGET_MS} ms ` +
        `after opening /ui/: ${loads.map((load) => `${load.firstCardMs.toFixed(0)} ms`).join(', ')} ` +
        `(fresh browser each time)`,
    );
    const transferred = Math.max(...loads.map((load) => load.transferredKb));
    console.log(
      `${transferred < TRANSFERRED_TARGET_KB ? 'PASS' : 'FAIL'}  transferred until the first scenes show ` +
        `< ${TRANSFERRED_TARGET_KB} KB: ${transferred.toFixed(0)} KB in ${loads[0]?.requests ?? 0} answers ` +
        `(bodies as sent, brotli where the browser takes it, plus headers; the worst of ${RUNS} runs)`,
    );
  } finally {
    await server.stop();
  }
}
