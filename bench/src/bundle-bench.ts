// The bundle figures of `npm run bench` (issue 18): a backup of the bench library, its restore into an empty
// data folder, and the move-in from an XBVR database of the same size, each on the built server in its own
// process (as users run it), with its RSS sampled every 100 ms (/proc/<pid>/status).
//
// 1. Backup: GET /api/task/bundle/backup with every switch on (settings too) and download=true, on the seeded
//    data folder: wall time, the bundle's size and records, peak memory. Targets: under 30 s, under 500 MB.
// 2. Restore: a second server on an empty data folder; the bundle file POSTed as a raw body streamed from disk,
//    then the restore report polled until it ends: time from the POST to the report's end, peak memory, the
//    report's message and rejections, and the restored rows against the source's. Targets: 60 s, 500 MB.
// 3. Move-in: an XBVR database built from the seeded one (xbvr-bench-db.ts); a third server on an empty data
//    folder runs the dry run, then the import: their times and peak memory. Target: the import under 60 s.
// The bundle file (in the seeded folder's downloads/) and the other folders are removed afterwards.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_FILE_NAME, DataTransferReports, type DataTransferReport } from '@fovea/contract';
import {
  acceptedJob,
  awaitReport,
  countRows,
  describeReport,
  postFile,
  watchMemory,
  type Watched,
} from './bundle-bench-tools';
import { describeSteps, JobStepWatch } from './bundle-job-steps';
import { startBuiltServer, type BuiltServer } from './built-server';
import { buildXbvrBenchDb } from './xbvr-bench-db';

export const BACKUP_TARGET_MS = 30_000;
export const RESTORE_TARGET_MS = 60_000;
export const IMPORT_TARGET_MS = 60_000;
export const BUNDLE_MEMORY_TARGET_MB = 500;
/** How long a restore or move-in may run before the benchmark gives up on it. */
const REPORT_TIMEOUT_MS = Number(process.env.BENCH_BUNDLE_TIMEOUT_S ?? 900) * 1000;
/** Every include switch of the backup on, settings included (xbvr-wire §11.1). */
const BACKUP_QUERY =
  'allSites=true&inclScenes=true&inclHistory=true&inclLinks=true&inclCuepoints=true&inclActions=true' +
  '&inclPlaylists=true&inclActorAkas=true&inclTagGroups=true&inclVolumes=true&inclExtRefs=true' +
  '&inclSites=true&inclActors=true&inclActorActions=true&inclConfig=true&download=true';
/** The tables whose rows must come across exactly; the others are printed beside them. */
const EXACT_TABLES = ['scenes', 'files', 'actors'] as const;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const mb = (value: number | null): string => (value === null ? 'unknown' : `${value.toFixed(0)} MB`);
const verdict = (pass: boolean): string => (pass ? 'PASS' : 'FAIL');
const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

function printMemory(what: string, watched: Watched<unknown>): void {
  const pass = watched.peakMb !== null && watched.peakMb < BUNDLE_MEMORY_TARGET_MB;
  console.log(
    `${verdict(pass)}  server memory < ${BUNDLE_MEMORY_TARGET_MB} MB during the ${what}: peak RSS ` +
      `${mb(watched.peakMb)} (${mb(watched.beforeMb)} before)`,
  );
}

/** The built server on `dataDir`, once its start-up warm-up is over (so that is not in the figures). */
async function startServer(dataDir: string, port: number): Promise<BuiltServer> {
  const server = await startBuiltServer(dataDir, port, 'server');
  await Promise.race([server.warmedUp, new Promise((done) => setTimeout(done, 60_000))]);
  return server;
}

async function latestReports(server: BuiltServer): Promise<DataTransferReports> {
  return DataTransferReports.parse(JSON.parse(await server.client.call('/api/task/data/reports')));
}

/** Rows of the copy against the source's: whether the exact tables agree, and the line that says so. */
function compareRows(source: Record<string, number>, copy: Record<string, number>): [boolean, string] {
  const pass = EXACT_TABLES.every((table) => copy[table] === source[table]);
  const line = Object.keys(source)
    .map((table) =>
      copy[table] === source[table]
        ? `${table} ${copy[table]}`
        : `${table} ${copy[table]} of ${source[table]}`,
    )
    .join(', ');
  return [pass, line];
}

/** The backup on the seeded folder; answers whether the bundle file was written. */
async function reportBackup(dataDir: string, port: number, bundleFile: string): Promise<boolean> {
  const server = await startServer(dataDir, port);
  try {
    const watched = await watchMemory(server.pid, () =>
      server.client.call(`/api/task/bundle/backup?${BACKUP_QUERY}`),
    );
    const report = (await latestReports(server)).backup;
    const size = statSync(bundleFile).size;
    const records = Object.values(report?.sections ?? {}).reduce((sum, counts) => sum + counts.read, 0);
    const pass = watched.ms < BACKUP_TARGET_MS && report?.status === 'ok';
    console.log(
      `${verdict(pass)}  backup < ${BACKUP_TARGET_MS / 1000} s: ${seconds(watched.ms)} for a bundle of ` +
        `${(size / 1024 ** 2).toFixed(1)} MB, ${records} records (every switch on, settings included)`,
    );
    printMemory('backup', watched);
    if (report) console.log(`  backup report: ${report.status}: ${describeReport(report)}`);
    return true;
  } catch (error) {
    console.log(`FAIL  backup: ${firstLine(error)}`);
    return false;
  } finally {
    await server.stop();
  }
}

/** The bundle restored into an empty data folder, then its rows compared with the source's. */
async function reportRestore(
  restoredDir: string,
  port: number,
  bundleFile: string,
  source: Record<string, number>,
): Promise<void> {
  mkdirSync(restoredDir, { recursive: true });
  const server = await startServer(restoredDir, port);
  let uploadMs = Number.NaN;
  let finished: DataTransferReport | undefined;
  const steps = new JobStepWatch(restoredDir);
  try {
    const watched = await watchMemory(server.pid, async () => {
      const started = performance.now();
      const url = `http://127.0.0.1:${port}/api/task/bundle/restore?inclConfig=true&overwrite=true`;
      const jobId = acceptedJob(await postFile(url, bundleFile));
      uploadMs = performance.now() - started;
      steps.follow(jobId);
      return awaitReport(server.client, 'restore', jobId, REPORT_TIMEOUT_MS);
    });
    finished = watched.value;
    const jobMs = Date.parse(finished.finishedAt ?? '') - Date.parse(finished.startedAt);
    const pass = watched.ms < RESTORE_TARGET_MS && finished.status === 'ok';
    console.log(
      `${verdict(pass)}  restore < ${RESTORE_TARGET_MS / 1000} s: ${seconds(watched.ms)} from the POST to the ` +
        `report's end (upload ${seconds(uploadMs)}, the job ${seconds(jobMs)}; the file streamed from disk)`,
    );
    printMemory('restore', watched);
    console.log(
      `  restore report: ${finished.status}: "${finished.message}" (${finished.rejectedTotal} rejected)`,
    );
    for (const rejected of finished.rejected.slice(0, 3)) {
      console.log(`    rejected ${rejected.section} ${rejected.key}: ${rejected.reason}`);
    }
  } catch (error) {
    console.log(`FAIL  restore: ${firstLine(error)}`);
  } finally {
    console.log(`  restore steps: ${describeSteps(steps.stop())}`);
    await server.stop();
  }
  if (finished === undefined) return;
  const [pass, line] = compareRows(source, countRows(restoredDir));
  console.log(`${verdict(pass)}  restored rows equal the source's (${EXACT_TABLES.join(', ')}): ${line}`);
}

/** POSTs a move-in (dry run or not) and awaits its report, watching the server's memory. */
async function moveIn(server: BuiltServer, dataDir: string, xbvrFile: string, dryRun: boolean) {
  const steps = new JobStepWatch(dataDir);
  try {
    return await watchMemory(server.pid, async () => {
      const body = { source: { kind: 'sqlite', path: xbvrFile }, pathMappings: [], dryRun, overwrite: true };
      const jobId = acceptedJob(JSON.parse(await server.client.call('/api/task/xbvr-import', body)));
      steps.follow(jobId);
      return awaitReport(server.client, dryRun ? 'xbvr-dry-run' : 'xbvr-import', jobId, REPORT_TIMEOUT_MS);
    });
  } finally {
    console.log(`  ${dryRun ? 'dry run' : 'move-in'} steps: ${describeSteps(steps.stop())}`);
  }
}

/** An XBVR database built from the seeded one, moved into an empty data folder (dry run first). */
async function reportXbvrImport(
  dataDir: string,
  work: string,
  port: number,
  source: Record<string, number>,
): Promise<void> {
  const xbvrDir = join(work, 'xbvr');
  const movedDir = join(work, 'moved-in');
  mkdirSync(xbvrDir, { recursive: true });
  mkdirSync(movedDir, { recursive: true });
  const xbvrFile = join(xbvrDir, 'main.db');
  const builtAt = performance.now();
  const rows = buildXbvrBenchDb(join(dataDir, 'fovea.db'), xbvrFile);
  console.log(
    `  XBVR database built in ${seconds(performance.now() - builtAt)} ` +
      `(${(statSync(xbvrFile).size / 1024 ** 2).toFixed(0)} MB): ` +
      `${Object.entries(rows)
        .map(([table, n]) => `${table} ${n}`)
        .join(', ')}`,
  );
  const server = await startServer(movedDir, port);
  let imported = false;
  try {
    const dry = await moveIn(server, movedDir, xbvrFile, true);
    console.log(
      `  move-in dry run: ${seconds(dry.ms)}, peak RSS ${mb(dry.peakMb)}: ${dry.value.status}: ` +
        `"${dry.value.message}"`,
    );
    const run = await moveIn(server, movedDir, xbvrFile, false);
    imported = true;
    const pass = run.ms < IMPORT_TARGET_MS && run.value.status === 'ok';
    console.log(
      `${verdict(pass)}  move-in from XBVR < ${IMPORT_TARGET_MS / 1000} s: ${seconds(run.ms)} from the POST ` +
        `to the report's end; peak RSS ${mb(run.peakMb)} (${mb(run.beforeMb)} before)`,
    );
    console.log(
      `  move-in report: ${run.value.status}: "${run.value.message}" (${run.value.rejectedTotal} rejected)`,
    );
    for (const rejected of run.value.rejected.slice(0, 3)) {
      console.log(`    rejected ${rejected.section} ${rejected.key}: ${rejected.reason}`);
    }
  } catch (error) {
    console.log(`FAIL  move-in from XBVR: ${firstLine(error)}`);
  } finally {
    await server.stop();
  }
  if (!imported) return;
  const [pass, line] = compareRows(source, countRows(movedDir));
  console.log(`${verdict(pass)}  moved-in rows equal the source's (${EXACT_TABLES.join(', ')}): ${line}`);
}

/** Prints the backup, restore and move-in figures against their targets (never fails the process). */
export async function reportBundle(dataDir: string, port: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'fovea-bench-bundle-'));
  const bundleFile = join(dataDir, 'downloads', BUNDLE_FILE_NAME);
  try {
    const source = countRows(dataDir);
    console.log(
      `\n== Bundles: backup, restore and the move-in from XBVR (${source.scenes} scenes, ${source.files} files, ` +
        `${source.actors} actors; built server, RSS sampled every 100 ms)`,
    );
    if (await reportBackup(dataDir, port, bundleFile)) {
      await reportRestore(join(work, 'restored'), port, bundleFile, source);
    }
    rmSync(bundleFile, { force: true });
    await reportXbvrImport(dataDir, work, port, source);
  } finally {
    rmSync(bundleFile, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
