import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Sqlite from 'better-sqlite3';
import { z } from 'zod';
import { ActorListRequest, SceneEditBody, SceneListRequest } from '@fovea/contract';
import { createApp } from '../../server/src/app';
import { benchConfig } from './bench-config';
import { startBuiltServer } from './built-server';
import { HttpClient } from './http-client';

/*
 * The limits of issue 19: while the heaviest requests the server accepts run (every list and edit field at its
 * bound), the longest the server's event loop is held (measured inside the server with monitorEventLoopDelay,
 * the app running in this process, its client in another); and the built server's memory when six clients
 * each send a body of the maximum size at once.
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
interface HeavyRequest {
  name: string;
  /** The path of the n-th call: an edit goes to another scene each time, so every call changes something. */
  path: (call: number) => string;
  body: Json;
}

function heavyRequests(db: Sqlite.Database): HeavyRequest[] {
  const sceneIds = db
    .prepare('SELECT id FROM scenes ORDER BY id LIMIT ?')
    .pluck()
    .all(HEAVY_REPEATS + 1) as number[];
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
    { name: 'scene list, every filter at its bound', path: () => '/api/scene/list', body: sceneList },
    { name: 'actor list, every filter at its bound', path: () => '/api/actor/list', body: actorList },
    {
      name: 'scene edit, cast and tags at their bound (another scene each call)',
      path: (call) => `/api/scene/edit/${sceneIds[call % sceneIds.length] ?? 1}`,
      body: edit,
    },
  ];
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

/** The worst event-loop stall of the in-process app while each heavy request runs a few times. */
async function reportStalls(dataDir: string, heavy: HeavyRequest[]): Promise<void> {
  const app = await createApp({ ...benchConfig(dataDir), logLevel: 'error' });
  const address = await app.listen();
  const client = new HttpClient(address.replace(/\/$/, ''));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  try {
    let worst = 0;
    for (const request of heavy) {
      await client.timed(request.path(HEAVY_REPEATS), request.body);
      delay.reset();
      let took = 0;
      for (let repeat = 0; repeat < HEAVY_REPEATS; repeat++)
        took += await client.timed(request.path(repeat), request.body);
      const stall = delay.max / 1e6;
      worst = Math.max(worst, stall);
      console.log(
        `  ${request.name}: ${(JSON.stringify(request.body).length / 1024).toFixed(0)} KB, ` +
          `${(took / HEAVY_REPEATS).toFixed(0)} ms each; longest event-loop stall ${stall.toFixed(1)} ms`,
      );
    }
    console.log(
      `${worst < STALL_TARGET_MS ? 'PASS' : 'FAIL'}  worst event-loop stall < ${STALL_TARGET_MS} ms: ${worst.toFixed(1)} ms`,
    );
  } finally {
    delay.disable();
    await client.close();
    await app.close();
  }
}

/** The built server's peak RSS while six clients at a time send bodies just under the 1 MB limit. */
async function reportBodyMemory(dataDir: string, port: number): Promise<void> {
  const server = await startBuiltServer(dataDir, port, 'server');
  const base = `http://127.0.0.1:${port}`;
  try {
    await server.warmedUp;
    const body = paddedBody({ dlState: 'available', limit: 80 }, MAX_BODY_BYTES);
    const before = residentMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(server.pid));
    }, 5);
    const statuses = new Set<number>();
    try {
      for (let round = 0; round < BODY_ROUNDS; round++) {
        const answers = await Promise.all(
          Array.from({ length: CONCURRENT_BODIES }, () => send(base, '/api/scene/list', body)),
        );
        for (const status of answers) statuses.add(status);
      }
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `  ${CONCURRENT_BODIES} concurrent scene-list bodies of ${(body.length / 1024).toFixed(0)} KB, ${BODY_ROUNDS} ` +
        `rounds (HTTP ${[...statuses].join('/')}): RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
    );
    console.log(
      `${peak < MEMORY_TARGET_MB ? 'PASS' : 'FAIL'}  server memory with maximum bodies < ${MEMORY_TARGET_MB} MB: ${peak.toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
  }
}

/** Prints the worst stall and the memory under maximum bodies; runs on a copy of the data folder (edits). */
export async function reportLimits(dataDir: string, port: number): Promise<void> {
  const copy = mkdtempSync(join(tmpdir(), 'fovea-limits-'));
  try {
    copyFileSync(join(dataDir, 'fovea.db'), join(copy, 'fovea.db'));
    const db = new Sqlite(join(copy, 'fovea.db'), { readonly: true });
    const heavy = heavyRequests(db);
    db.close();
    console.log('\nLimits (issue 19): the heaviest accepted requests and maximum bodies');
    await reportStalls(copy, heavy);
    await reportBodyMemory(copy, port);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
