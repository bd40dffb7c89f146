// npm run bench: seeds a synthetic library (100k scenes, 20k files, 10k actors, 3k tags) in a temp data folder,
// starts the server on a loopback port and times a fixed mix of calls over HTTP (design §7). Prints figures
// and PASS/FAIL per budget; never exits non-zero for a missed budget.
//
// Environment: BENCH_SCENES, BENCH_FILES (library size), BENCH_SAMPLES (timed calls per case, default 30),
// BENCH_DATA_DIR (time an already seeded folder, e.g. from `npm run bench:seed`, instead of seeding one),
// BENCH_ONLY (a regular expression: time only the calls whose name matches it; the server memory, web load,
// rescan, scraper, bundle, limits and cache reports run when it matches "memory", "web", "rescan", "scrape",
// "bundle", "limits" and "cache"; the aggregator scrape when it matches "scrape-aggregator": BENCH_AGG_SCENES
// scenes, default 5,000).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SceneListRequest } from '@fovea/contract';
import { createApp, type FoveaApp } from '../../server/src/app';
import { benchConfig } from './bench-config';
import { HttpClient } from './http-client';
import { serverMemory, type MixCall } from './server-memory';
import { defaultView, getCases, listCases, type GetCase, type ListCase } from './cases';
import { actorListCases, type ActorListCase } from './actor-cases';
import { availableSceneIds, libraryEntries, playerCases, type PlayerCase } from './player-cases';
import { readProbes } from './probes';
import { reportBundle } from './bundle-bench';
import { reportCache } from './cache-bench';
import { reportLimits } from './limits-bench';
import { reportRescan } from './rescan-bench';
import { reportScrape } from './scrape-bench';
import { reportAggregatorScrape } from './scrape-aggregator';
import { reportWebLoad } from './web-load';
import { captureStatements, rawRunner } from '../../server/test/helpers/capture-statements';
import { printVerdicts, table, TARGETS, type Row } from './report';
import { seedSyntheticLibrary } from './synthetic-library';
import { measured, percentile, sampleInTurns, sampleReported, timed } from './timing';

const SCENES = Number(process.env.BENCH_SCENES ?? 100_000);
const FILES = Number(process.env.BENCH_FILES ?? 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const WARMUP = 3;
/** Where the built server listens for the memory check. */
const MEMORY_PORT = Number(process.env.BENCH_MEMORY_PORT ?? 9398);
const timing = { samples: SAMPLES, warmup: WARMUP };
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const selected = <T extends { name: string }>(cases: T[]): T[] =>
  ONLY ? cases.filter((test) => ONLY.test(test.name)) : cases;

const resultsIn = (text: string): number | undefined => {
  const parsed = JSON.parse(text) as { results?: unknown };
  return typeof parsed.results === 'number' ? parsed.results : undefined;
};

async function timeList(app: FoveaApp, client: HttpClient, test: ListCase): Promise<Row> {
  const row: Row = { name: test.name, group: 'list', http: null };
  // Nothing per request is cached; the status snapshot and the cast actors are kept until the data changes
  // (timed after a change separately, see afterChanges). HTTP, the raw SQL and list() are timed in turns.
  try {
    row.results = resultsIn(await client.call('/api/scene/list', test.body));
    const request = SceneListRequest.parse(test.body);
    const statements = await captureStatements(app, () => app.sceneList.list(request));
    const { http, query, list } = await sampleInTurns(
      {
        http: () => client.timed('/api/scene/list', test.body),
        query: measured(rawRunner(app, statements)),
        list: measured(() => app.sceneList.list(request)),
      },
      timing,
    );
    Object.assign(row, { http, query, list });
  } catch (error) {
    row.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  return row;
}

/**
 * The default view right after a write that changes scene status and actors, so the status snapshot and
 * every cast actor are read again (the versions are moved as the triggers would).
 */
async function afterChanges(app: FoveaApp, client: HttpClient): Promise<string> {
  const move = app.database.sqlite.prepare('UPDATE data_versions SET version = version + 1');
  const result = await sampleReported(() => client.timed('/api/scene/list', defaultView()), {
    ...timing,
    before: () => {
      move.run();
    },
  });
  return `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`;
}

/** One actor-list call over HTTP (the actor list keeps nothing between requests). */
async function timeActorList(client: HttpClient, test: ActorListCase): Promise<Row> {
  const row: Row = { name: test.name, group: test.screen ? 'actors' : 'actors-full', http: null };
  try {
    row.results = resultsIn(await client.call('/api/actor/list', test.body));
    row.http = await sampleReported(() => client.timed('/api/actor/list', test.body), timing);
  } catch (error) {
    row.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  return row;
}

/** One player call over HTTP; library calls count towards the player budget, scene calls are reported. */
async function timePlayer(client: HttpClient, test: PlayerCase): Promise<Row> {
  const row: Row = { name: test.name, group: test.library ? 'players' : 'other', http: null };
  try {
    row.results = libraryEntries(await client.call(test.path(0), test.body));
    row.http = await sampleReported((i) => client.timed(test.path(i), test.body), timing);
  } catch (error) {
    row.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  return row;
}

async function timeGet(client: HttpClient, test: GetCase): Promise<Row> {
  const row: Row = { name: test.name, group: test.group, http: null };
  try {
    row.results = resultsIn(await client.call(test.path(0)));
    row.http = await sampleReported((i) => client.timed(test.path(i)), timing);
  } catch (error) {
    row.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  return row;
}

/** The probes (popular names, ids) of a seeded folder. */
async function probesOf(dataDir: string) {
  const app = await createApp(benchConfig(dataDir));
  try {
    return await readProbes(app.database.db);
  } finally {
    await app.close();
  }
}

/** The built server in its own process, driven by the whole mix: its RSS against the budget. */
async function reportServerMemory(dataDir: string, lists: ListCase[], gets: GetCase[]): Promise<void> {
  const mix: MixCall[] = [
    ...lists.map((test) => ({ path: '/api/scene/list', body: test.body })),
    ...gets.map((test) => ({ path: test.path(0) })),
  ];
  const { startedMb, afterMb } = await serverMemory(dataDir, MEMORY_PORT, mix);
  const mb = (value: number | null) => (value === null ? 'unknown' : `${value.toFixed(0)} MB`);
  const pass = afterMb !== null && afterMb < TARGETS.serverMemoryMb;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  server memory < ${TARGETS.serverMemoryMb} MB: the built server's RSS ` +
      `${mb(startedMb)} once serving, ${mb(afterMb)} after the call mix three times`,
  );
}

/** The machine the figures come from: shared or busy machines give slower, noisier figures. */
function machine(): string {
  const [one, five] = loadavg();
  return (
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ` +
    `load average ${one?.toFixed(1)} (1 min) ${five?.toFixed(1)} (5 min)`
  );
}

async function main(): Promise<void> {
  console.log(machine());
  const given = process.env.BENCH_DATA_DIR?.trim();
  const dataDir = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'fovea-bench-'));
  try {
    if (!given) {
      console.log(`seeding ${SCENES} scenes and ${FILES} files into ${dataDir}`);
      const seeded = await seedSyntheticLibrary(dataDir, { scenes: SCENES, files: FILES }, (line) =>
        console.log(`  ${line}`),
      );
      const rows = Object.entries(seeded.rows).map(([name, n]) => `${name} ${n}`);
      console.log(`  rows: ${rows.join(', ')}`);
      console.log(`seeded in ${(seeded.timings.total / 1000).toFixed(1)} s`);
      console.log(
        `scene status refresh (first, all changed): ${seeded.timings.statusRefresh.toFixed(0)} ms, ` +
          `${seeded.statusRefresh.changed} scenes updated`,
      );
    } else {
      console.log(`timing the seeded data folder ${dataDir}`);
    }

    const app = await createApp(benchConfig(dataDir));
    const address = await app.listen();
    const client = new HttpClient(address);
    try {
      const again = await timed(() => app.sceneStatus.refreshAll());
      console.log(`scene status refresh (nothing changed): ${again.ms.toFixed(0)} ms`);

      const options: number[] = [];
      for (let i = 0; i < 200; i++) options.push(await client.timed('/api/options/state'));
      console.log(
        `GET /api/options/state: p50 ${percentile(options, 50).toFixed(2)} ms, ` +
          `p95 ${percentile(options, 95).toFixed(2)} ms`,
      );

      console.log(`default view right after a status and actor change: ${await afterChanges(app, client)}`);
      const probes = await readProbes(app.database.db);
      const rows: Row[] = [];
      const lists = selected(listCases(probes));
      console.log(
        `timing ${lists.length} scene-list requests (${WARMUP} warm-up, ${SAMPLES} samples each)...`,
      );
      for (const test of lists) rows.push(await timeList(app, client, test));
      for (const test of selected(getCases(probes))) rows.push(await timeGet(client, test));
      const actorLists = selected(actorListCases(probes));
      if (actorLists.length > 0) {
        console.log(`timing ${actorLists.length} actor-list requests...`);
        for (const test of actorLists) rows.push(await timeActorList(client, test));
      }
      const players = selected(playerCases(await availableSceneIds(app.database.db)));
      if (players.length > 0) {
        console.log(`timing ${players.length} player calls...`);
        for (const test of players) rows.push(await timePlayer(client, test));
      }

      console.log('');
      console.log(table(rows));
      console.log('');
      printVerdicts(rows);
    } finally {
      await client.close();
      await app.close();
    }
    if (!ONLY || ONLY.test('memory')) {
      const probes = await probesOf(dataDir);
      await reportServerMemory(dataDir, listCases(probes), getCases(probes));
    }
    if (!ONLY || ONLY.test('web')) await reportWebLoad(dataDir, MEMORY_PORT);
    if (!ONLY || ONLY.test('rescan')) await reportRescan(dataDir);
    if (!ONLY || ONLY.test('scrape')) await reportScrape(dataDir);
    if (!ONLY || ONLY.test('scrape-aggregator')) await reportAggregatorScrape(given ? dataDir : null);
    if (!ONLY || ONLY.test('bundle')) await reportBundle(dataDir, MEMORY_PORT);
    if (!ONLY || ONLY.test('limits')) await reportLimits(dataDir, MEMORY_PORT);
    if (!ONLY || ONLY.test('cache')) await reportCache(dataDir);
    console.log(machine());
  } finally {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
