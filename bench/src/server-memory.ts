import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClient } from './http-client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** One call of the mix: a GET path, or a POST path with its JSON body. */
export interface MixCall {
  path: string;
  body?: unknown;
}

/** The resident memory of a process in MB (Linux /proc; null elsewhere). */
function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

async function waitUntilServing(client: HttpClient, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await client.call('/api/options/state');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/**
 * The server's memory as users run it: the built server (`server/dist/main.js`, rebuilt first: under a
 * second) started in its own process on `dataDir`, its RSS once serving, and again after `rounds` passes of
 * the call mix (the benchmark process itself also holds the client, tsx and the timing data).
 */
export async function serverMemory(
  dataDir: string,
  port: number,
  mix: readonly MixCall[],
  rounds = 3,
): Promise<{ startedMb: number | null; afterMb: number | null }> {
  const build = spawnSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['run', 'build', '-w', 'server'],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  if (build.status !== 0) throw new Error('npm run build -w server failed');
  const server = spawn(
    process.execPath,
    [join(ROOT, 'server/dist/main.js'), '--data-dir', dataDir, '--port', String(port), '--host', '127.0.0.1'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const client = new HttpClient(`http://127.0.0.1:${port}`);
  try {
    await waitUntilServing(client, 60_000);
    const pid = server.pid ?? 0;
    const startedMb = residentMb(pid);
    for (let round = 0; round < rounds; round++) {
      for (const call of mix) await client.timed(call.path, call.body);
    }
    return { startedMb, afterMb: residentMb(pid) };
  } finally {
    await client.close();
    const exited = new Promise((done) => server.once('exit', done));
    server.kill();
    await exited;
  }
}
