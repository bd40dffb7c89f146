import { readFileSync } from 'node:fs';
import { startBuiltServer } from './built-server';

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
  const server = await startBuiltServer(dataDir, port, 'server');
  try {
    const startedMb = residentMb(server.pid);
    for (let round = 0; round < rounds; round++) {
      for (const call of mix) await server.client.timed(call.path, call.body);
    }
    return { startedMb, afterMb: residentMb(server.pid) };
  } finally {
    await server.stop();
  }
}
