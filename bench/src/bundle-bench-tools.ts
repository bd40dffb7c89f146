// The tools of the bundle benchmark: the built server's peak memory while something runs, a bundle file sent
// from disk as a stream, the transfer report of a job awaited, and row counts of a data folder's database.
import Database from 'better-sqlite3';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DataTransferAccepted,
  DataTransferReports,
  type DataTransferKind,
  type DataTransferReport,
} from '@fovea/contract';
import type { HttpClient } from './http-client';

/** The resident memory of a process in MB (Linux /proc; null elsewhere or once it has exited). */
export function residentMb(pid: number): number | null {
  try {
    // Read synchronously: a few hundred bytes that must not wait behind the benchmark's own work.
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

export interface Watched<T> {
  value: T;
  ms: number;
  /** The highest RSS seen while it ran (MB; null where /proc is not available). */
  peakMb: number | null;
  /** The RSS just before it started. */
  beforeMb: number | null;
}

/** Runs `work` while sampling the server's RSS every `everyMs` ms: its result, wall time and peak memory. */
export async function watchMemory<T>(
  pid: number,
  work: () => Promise<T>,
  everyMs = 100,
): Promise<Watched<T>> {
  const beforeMb = residentMb(pid);
  let peakMb = beforeMb;
  const sample = () => {
    const now = residentMb(pid);
    if (now !== null && (peakMb === null || now > peakMb)) peakMb = now;
  };
  const timer = setInterval(sample, everyMs);
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    sample();
    return { value, ms, peakMb, beforeMb };
  } finally {
    clearInterval(timer);
  }
}

/**
 * POSTs a file as the raw body (application/octet-stream), piped from disk so it is never held whole, and
 * answers the parsed JSON reply; throws with the server's answer on a status other than 200.
 */
export async function postFile(url: string, file: string): Promise<unknown> {
  const size = statSync(file).size;
  return new Promise<unknown>((resolve, reject) => {
    const sending = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': size },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text) as unknown);
        });
      },
    );
    pipeline(createReadStream(file), sending).catch(reject);
  });
}

/** The job id of a restore or move-in that was accepted. */
export const acceptedJob = (answer: unknown): number => DataTransferAccepted.parse(answer).jobId;

/**
 * Polls GET /api/task/data/reports every `everyMs` until the report of `kind` belongs to `jobId` and is no
 * longer running; throws after `timeoutMs`.
 */
export async function awaitReport(
  client: HttpClient,
  kind: DataTransferKind,
  jobId: number,
  timeoutMs: number,
  everyMs = 250,
): Promise<DataTransferReport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reports = DataTransferReports.parse(JSON.parse(await client.call('/api/task/data/reports')));
    const report = reports[kind];
    if (report && report.jobId === jobId && report.status !== 'running') return report;
    if (Date.now() > deadline) {
      throw new Error(`no ${kind} report for job ${jobId} after ${(timeoutMs / 1000).toFixed(0)} s`);
    }
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

/** The tables whose rows a backup, a restore and a move-in carry, counted to compare two data folders. */
export const COMPARED_TABLES = [
  'scenes',
  'files',
  'actors',
  'scene_cast',
  'scene_tags',
  'tags',
  'scene_cuepoints',
  'histories',
  'volumes',
  'playlists',
  'akas',
  'tag_groups',
  'external_references',
  'external_reference_links',
] as const;

/** Rows per table in a data folder's database (opened read-only; the server must be stopped). */
export function countRows(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, 'fovea.db'), { readonly: true, fileMustExist: true });
  try {
    const counts: Record<string, number> = {};
    for (const table of COMPARED_TABLES) {
      counts[table] = (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
    }
    return counts;
  } finally {
    db.close();
  }
}

/** The per-section counts of a report in one line: "scenes 100000 read, 100000 added; …". */
export function describeReport(report: DataTransferReport): string {
  return Object.entries(report.sections)
    .map(([section, counts]) => {
      const parts = [`${counts.read} read`];
      if (counts.added > 0) parts.push(`${counts.added} added`);
      if (counts.updated > 0) parts.push(`${counts.updated} updated`);
      if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
      if (counts.rejected > 0) parts.push(`${counts.rejected} rejected`);
      return `${section} ${parts.join(', ')}`;
    })
    .join('; ');
}
