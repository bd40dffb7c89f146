import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { z } from 'zod';
import { ActorListRequest, SceneEditBody, SceneListRequest } from '@fovea/contract';
import { startBuiltServer } from './built-server';

/*
 * The limits of issue 19, as users feel them: while the heaviest requests the server accepts run (every list
 * and edit field at its bound), how long does a request that does no work wait (the worst event-loop stall);
 * and how much memory does the server take when six clients each send a body of the maximum size at once.
 */

const STALL_TARGET_MS = 100;
const MEMORY_TARGET_MB = 400;
/** JSON bodies are refused above 1 MB; the bodies sent are just under it. */
const MAX_BODY_BYTES = 1024 * 1024 - 1024;
const CONCURRENT_BODIES = 6;
const BODY_ROUNDS = 5;
const HEAVY_REPEATS = 3;

type Json = Record<string, unknown>;

/** The bound a request schema gives a field: its `maxItems` (arrays) or `maxLength` (strings). */
function boundOf(schema: z.ZodType, field: string, kind: 'maxItems' | 'maxLength'): number {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  const bound = json.properties?.[field]?.[kind];
  if (typeof bound !== 'number') throw new Error(`${field} has no ${kind}: the request schema is unbounded`);
  return bound;
}

/** `count` names: the library's own first (most used first), then made-up ones. */
function names(
  db: Sqlite.Database,
  table: 'tags' | 'actors' | 'sites',
  count: number,
  prefix = '',
): string[] {
  const order = table === 'sites' ? 'name' : 'count DESC';
  const rows = db
    .prepare(`SELECT name FROM ${table} ORDER BY ${order} LIMIT ?`)
    .pluck()
    .all(count) as string[];
  const result = rows.map((name) => `${prefix}${name}`);
  for (let index = result.length; index < count; index++) result.push(`${prefix}no such ${table} ${index}`);
  return result;
}

/** The heaviest accepted requests: every filter and edit list at its bound, with names of the library. */
function heavyRequests(db: Sqlite.Database): { name: string; path: string; body: Json }[] {
  const sceneId = db.prepare('SELECT id FROM scenes ORDER BY id LIMIT 1').pluck().get() as number;
  const listOf = (field: string) => boundOf(SceneListRequest, field, 'maxItems');
  const words = (count: number) => Array.from({ length: count }, (_, index) => `*position ${index}*`);
  const sceneList: Json = {
    dlState: 'any',
    cast: names(db, 'actors', listOf('cast')),
    sites: names(db, 'sites', listOf('sites'), '!'),
    tags: names(db, 'tags', listOf('tags'), '!'),
    cuepoint: words(listOf('cuepoint')),
    attributes: Array.from({ length: listOf('attributes') }, (_, index) => `!Resolution ${index}K`),
    limit: 80,
  };
  const actorListOf = (field: string) => boundOf(ActorListRequest, field, 'maxItems');
  const actorList: Json = {
    cast: names(db, 'actors', actorListOf('cast'), '!'),
    sites: names(db, 'sites', actorListOf('sites')),
    attributes: Array.from({ length: actorListOf('attributes') }, (_, index) => `Cup Size ${index}`),
    with_scenes: false,
  };
  const edit: Json = {
    castArray: names(db, 'actors', boundOf(SceneEditBody, 'castArray', 'maxItems')),
    tagsArray: names(db, 'tags', boundOf(SceneEditBody, 'tagsArray', 'maxItems')).map((tag) =>
      tag.toLowerCase(),
    ),
  };
  return [
    { name: 'scene list, every filter at its bound', path: '/api/scene/list', body: sceneList },
    { name: 'actor list, every filter at its bound', path: '/api/actor/list', body: actorList },
    { name: 'scene edit, cast and tags at their bound', path: `/api/scene/edit/${sceneId}`, body: edit },
  ];
}

/** A child process that sends a request doing no work every 10 ms and reports the slowest answers. */
const PROBE_PROCESS = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let running = true;
const once = () => new Promise((done) => {
  const started = performance.now();
  const request = http.get(process.argv[1] + '/api/no-such-route', { agent }, (response) => {
    response.resume();
    response.on('end', () => done(performance.now() - started));
  });
  request.on('error', () => done(NaN));
});
(async () => {
  while (running) {
    latencies.push(await once());
    await new Promise((done) => setTimeout(done, 10));
  }
  process.send(latencies);
})();
process.on('message', () => { running = false; });`;

async function probeWhile(base: string, work: () => Promise<void>): Promise<number[]> {
  const probe = spawn(process.execPath, ['-e', PROBE_PROCESS, base], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = new Promise<number[]>((done) =>
    probe.once('message', (message) => done(message as number[])),
  );
  await new Promise((done) => setTimeout(done, 300));
  await work();
  probe.send('stop');
  const latencies = await result;
  probe.kill();
  return latencies.filter((ms) => Number.isFinite(ms));
}

async function send(base: string, path: string, body: string): Promise<number> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

/** A scene list request padded to `bytes` of JSON with a key the schema drops. */
function paddedBody(heaviest: Json, bytes: number): string {
  const base = JSON.stringify({ ...heaviest, padding: '' });
  return JSON.stringify({ ...heaviest, padding: 'x'.repeat(Math.max(0, bytes - base.length)) });
}

/** Prints the worst stall and the memory under maximum bodies; runs on a copy of the data folder (edits). */
export async function reportLimits(dataDir: string, port: number): Promise<void> {
  const copy = mkdtempSync(join(tmpdir(), 'fovea-limits-'));
  copyFileSync(join(dataDir, 'fovea.db'), join(copy, 'fovea.db'));
  const db = new Sqlite(join(copy, 'fovea.db'), { readonly: true });
  const heavy = heavyRequests(db);
  db.close();
  const server = await startBuiltServer(copy, port, 'server');
  const base = `http://127.0.0.1:${port}`;
  try {
    await server.warmedUp;
    console.log('\nLimits (issue 19): the heaviest accepted requests and maximum bodies');
    let worst = 0;
    for (const request of heavy) {
      const body = JSON.stringify(request.body);
      const statuses: number[] = [];
      const started = performance.now();
      const latencies = await probeWhile(base, async () => {
        for (let repeat = 0; repeat < HEAVY_REPEATS; repeat++)
          statuses.push(await send(base, request.path, body));
      });
      const took = (performance.now() - started) / HEAVY_REPEATS;
      const stall = Math.max(...latencies);
      worst = Math.max(worst, stall);
      console.log(
        `  ${request.name}: ${(body.length / 1024).toFixed(0)} KB, HTTP ${[...new Set(statuses)].join('/')}, ` +
          `${took.toFixed(0)} ms each; slowest idle request meanwhile ${stall.toFixed(1)} ms`,
      );
    }
    console.log(
      `${worst < STALL_TARGET_MS ? 'PASS' : 'FAIL'}  worst event-loop stall < ${STALL_TARGET_MS} ms: ${worst.toFixed(1)} ms`,
    );

    const first = heavy[0];
    if (first === undefined) return;
    const body = paddedBody(first.body, MAX_BODY_BYTES);
    const before = residentMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(server.pid));
    }, 5);
    const statuses = new Set<number>();
    try {
      for (let round = 0; round < BODY_ROUNDS; round++) {
        const answers = await Promise.all(
          Array.from({ length: CONCURRENT_BODIES }, () => send(base, first.path, body)),
        );
        for (const status of answers) statuses.add(status);
      }
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `  ${CONCURRENT_BODIES} concurrent bodies of ${(body.length / 1024).toFixed(0)} KB, ${BODY_ROUNDS} rounds ` +
        `(HTTP ${[...statuses].join('/')}): RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
    );
    console.log(
      `${peak < MEMORY_TARGET_MB ? 'PASS' : 'FAIL'}  server memory with maximum bodies < ${MEMORY_TARGET_MB} MB: ${peak.toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}
