// The aggregator scrape figure of `npm run bench` (issue 21): a full scrape of one aggregator studio with
// BENCH_AGG_SCENES scenes (5,000 by default) through the real app, its job queue, the SLR definition, the HTTP
// layer and the scene writer, against a local site in its own process that generates SLR API pages (listing
// pages of 36, one scene document each). Into a copy of the seeded library when BENCH_DATA_DIR is given,
// else into a fresh data folder. Prints the time, the request rate against the per-host limits the run was
// configured with, and the peak resident memory of the bench process (app and scrape) during the run.
//
// The limits: the built-in SLR definition paces a host at 300–900 ms a request, which makes a 5,000-scene run
// last about an hour; the bench overrides it (an owner definition with the same id, as an owner would) with
// BENCH_AGG_MIN_DELAY / BENCH_AGG_MAX_DELAY ms (10 / 30 by default) and checks that the run keeps to them.
//
// Alone: `BENCH_AGG_SCENES=200 npx tsx bench/src/scrape-aggregator.ts` (no library is seeded then).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import type { SiteWithHealth } from '@fovea/contract';
import { createApp } from '../../server/src/app';
import { dataPaths } from '../../server/src/config/data-paths';
import { builtinDefinitionsDir } from '../../server/src/scrapers/definitions/builtin-dir';
import { benchConfig } from './bench-config';

const SCENES = Number(process.env.BENCH_AGG_SCENES ?? 5000);
const MIN_DELAY_MS = Number(process.env.BENCH_AGG_MIN_DELAY ?? 10);
const MAX_DELAY_MS = Math.max(MIN_DELAY_MS, Number(process.env.BENCH_AGG_MAX_DELAY ?? 30));
const CONCURRENCY = 2;
const SITE_ID = 'slr-originals';
const STUDIO_CODE = '224';
const API_HOST = 'api.sexlikereal.com';
/**
 * The site sees a request a little after the limiter let it go, by a delay that varies with the app's work, so
 * single gaps between arrivals jitter by a few ms; the pacing is judged on the mean gap over WINDOW requests.
 */
const WINDOW = 10;
const GAP_SLACK_MS = 1;

/**
 * The generated SLR site (plain JavaScript, run by `node -e` in its own process so its work and memory stay
 * out of the figures). Scene n (0 = newest) has the label `bench-scene-<n>-<id>`; it answers the studio's
 * listing pages and the scene documents, and reports the request starts it saw when asked.
 */
const SITE_PROCESS = `
const http = require('node:http');
const N = Number(process.env.SCENES), PER = 36, CODE = process.env.CODE;
const PAGES = Math.ceil(N / PER);
const starts = [];
let inFlight = 0, maxInFlight = 0, bytes = 0, misses = 0;
const id = (n) => 900000 + n;
const label = (n) => 'bench-scene-' + n + '-' + id(n);
const pick = (n, size, count) => Array.from({ length: count }, (_, k) => (n * 7 + k * 13) % size);
const item = (n) => ({ id: id(n), label: label(n), fullVideoLength: 1500 + (n % 40) * 30,
  categories: pick(n, 120, 4).map((t) => ({ tag: { name: 'Bench tag ' + t } })), fleshlight: [] });
const scene = (n) => ({ data: {
  id: id(n), label: label(n), title: 'Bench scene ' + n + ': a night out?',
  description: 'Synopsis of generated scene ' + n + '. ' + 'It is long enough to look real. '.repeat(8),
  date: 1700000000 - n * 86400, fullVideoLength: 1500 + (n % 40) * 30, studio: { id: 224, name: 'SLR Originals' },
  actors: pick(n, 800, 3).map((a) => ({ id: a, name: 'Bench Performer ' + a, thumbnailUrl: 'https://cdn.bench.example/a/' + a + '.jpg' })),
  categories: pick(n, 120, 8).map((t) => ({ name: 'Bench tag ' + t })),
  thumbnailUrl: 'https://cdn.bench.example/' + id(n) + '/cover-app.jpg',
  images: Array.from({ length: 10 }, (_, g) => ({ imageUrl: 'https://cdn.bench.example/' + id(n) + '/original/' + g + '.jpg' })),
  trailerEncodings: [{ name: 'h265', videoSources: [2900, 1920, 720].map((resolution) => ({ resolution })) }],
  scripts: n % 3 === 0 ? [{ id: n }] : [], scriptAI: n % 6 === 0,
} });
const server = http.createServer((request, response) => {
  starts.push(performance.now());
  inFlight++; maxInFlight = Math.max(maxInFlight, inFlight);
  const url = new URL(request.url, 'http://site');
  let body = null;
  if (url.pathname === '/v3/scenes' && url.searchParams.get('studios') === CODE) {
    const page = Number(url.searchParams.get('page'));
    const items = [];
    for (let n = (page - 1) * PER; n < Math.min(N, page * PER); n++) items.push(item(n));
    body = { data: items, meta: { pagination: { page, perPage: PER, totalPages: PAGES, total: N } } };
  } else {
    const match = /^\\/v3\\/scenes\\/bench-scene-(\\d+)-\\d+$/.exec(url.pathname);
    if (match && Number(match[1]) < N) body = scene(Number(match[1]));
  }
  const text = body === null ? 'not found' : JSON.stringify(body);
  if (body === null) misses++;
  bytes += text.length;
  response.writeHead(body === null ? 404 : 200, { 'content-type': body === null ? 'text/plain' : 'application/json' });
  response.end(text, () => { inFlight--; });
});
process.on('message', (message) => {
  if (message === 'stats') process.send({ starts, maxInFlight, bytes, misses });
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;

interface SiteStats {
  starts: number[];
  maxInFlight: number;
  bytes: number;
  misses: number;
}

function startSite(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['-e', SITE_PROCESS], {
    env: { ...process.env, SCENES: String(SCENES), CODE: STUDIO_CODE },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolvePort, reject) => {
    child.once('error', reject);
    child.once('message', (message: { port: number }) =>
      resolvePort({ child, base: `http://127.0.0.1:${message.port}` }),
    );
  });
}

function siteStats(child: ChildProcess): Promise<SiteStats> {
  return new Promise((resolveStats) => {
    child.once('message', (message: SiteStats) => resolveStats(message));
    child.send('stats');
  });
}

/** The built-in SLR definition with the bench's limits, as an owner definition overriding it. */
function benchDefinition(): string {
  const definition = parse(readFileSync(join(builtinDefinitionsDir(), 'slr.yaml'), 'utf8')) as {
    http: Record<string, unknown>;
  };
  definition.http = {
    ...definition.http,
    min_delay_ms: MIN_DELAY_MS,
    max_delay_ms: MAX_DELAY_MS,
    concurrency: CONCURRENCY,
  };
  return stringify(definition);
}

async function call<T>(base: string, method: 'GET' | 'PUT', path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { method });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const meanGapOf = (gaps: number[]) =>
  gaps.length > 0 ? gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length : 0;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The figure; `seedDir` is the seeded library to copy (null: a fresh data folder). Answers PASS or not. */
export async function reportAggregatorScrape(seedDir: string | null): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fovea-bench-aggregator-'));
  const { child, base } = await startSite();
  try {
    if (seedDir) cpSync(seedDir, dataDir, { recursive: true });
    const paths = dataPaths(dataDir);
    mkdirSync(paths.scrapers, { recursive: true });
    writeFileSync(join(paths.scrapers, 'slr.yaml'), benchDefinition());

    const app = await createApp(
      { ...benchConfig(dataDir), logLevel: 'error' },
      {
        scrapeHostMap: { [API_HOST]: base },
      },
    );
    const address = await app.listen();
    try {
      const library = app.database.sqlite.prepare('SELECT count(*) AS n FROM scenes').get() as { n: number };
      console.log(
        `\n== Scrapers: a full scrape of an SLR studio with ${SCENES} scenes into ` +
          `${seedDir ? `a copy of the library (${library.n} scenes)` : 'a fresh data folder'}, ` +
          `limits ${MIN_DELAY_MS}–${MAX_DELAY_MS} ms a request, ${CONCURRENCY} at a time`,
      );
      const rssStart = process.memoryUsage().rss;
      let rssPeak = rssStart;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 100);
      const started = performance.now();
      await call(address, 'GET', `/api/task/scrape?site=${SITE_ID}`);
      await app.queue.idle();
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

      const sites = await call<SiteWithHealth[]>(address, 'GET', '/api/scrapers/sites');
      const run = sites.find((site) => site.id === SITE_ID)?.last_run;
      const stats = await siteStats(child);
      const gaps = stats.starts.slice(1).map((at, i) => at - (stats.starts[i] ?? at));
      const minGap = gaps.length > 0 ? Math.min(...gaps) : 0;
      const windowGaps = stats.starts
        .slice(WINDOW - 1)
        .map((at, i) => (at - (stats.starts[i] ?? at)) / (WINDOW - 1));
      const minWindowGap = windowGaps.length > 0 ? Math.min(...windowGaps) : meanGapOf(gaps);
      const meanGap = meanGapOf(gaps);
      const requests = stats.starts.length;
      const rate = requests / seconds;
      const ceiling = 1000 / Math.max(1, MIN_DELAY_MS);
      const paced = 1000 / ((MIN_DELAY_MS + MAX_DELAY_MS) / 2);

      console.log(
        `  run: ${run?.status ?? 'none'}, ${run?.scenes_new ?? 0} new scenes, ${run?.scenes_rejected ?? 0} rejected, ` +
          `${run?.pages_fetched ?? 0} documents fetched (${stats.misses} not found)`,
      );
      console.log(
        `  time: ${seconds.toFixed(1)} s, ${((seconds * 1000) / Math.max(1, SCENES)).toFixed(1)} ms a scene, ` +
          `${(stats.bytes / 1024 / 1024).toFixed(1)} MB served`,
      );
      console.log(
        `  requests: ${requests} at ${rate.toFixed(1)} a second (limits allow at most ${ceiling.toFixed(0)}, ` +
          `${paced.toFixed(0)} on average); gap between arrivals mean ${meanGap.toFixed(1)} ms, ` +
          `min ${minGap.toFixed(1)} ms single, ${minWindowGap.toFixed(1)} ms over ${WINDOW} requests; ` +
          `at most ${stats.maxInFlight} in flight`,
      );
      console.log(`  memory (RSS): ${mb(rssStart)} before the run, peak ${mb(rssPeak)} during it`);

      const complete = run?.status === 'ok' && run.scenes_new === SCENES;
      const held =
        minWindowGap >= MIN_DELAY_MS - GAP_SLACK_MS && stats.maxInFlight <= CONCURRENCY && rate <= ceiling;
      console.log(
        `  ${complete ? 'PASS' : 'FAIL'} every scene stored; ${held ? 'PASS' : 'FAIL'} the per-host limits held`,
      );
      return complete && held;
    } finally {
      await app.close();
    }
  } finally {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const given = process.env.BENCH_DATA_DIR?.trim();
  reportAggregatorScrape(given ? resolve(given) : null).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
