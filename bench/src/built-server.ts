import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClient } from './http-client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltServer {
  client: HttpClient;
  pid: number;
  /** Resolves with the warm-up's duration (ms) once the server has finished it. */
  warmedUp: Promise<number>;
  stop(): Promise<void>;
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
 * Fovea as users run it: built first (`npm run build`, or only the server's build), then `server/dist/main.js`
 * started in its own process on `dataDir` and `port`, answered once it serves.
 */
export async function startBuiltServer(
  dataDir: string,
  port: number,
  build: 'server' | 'all',
): Promise<BuiltServer> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = build === 'server' ? ['run', 'build', '-w', 'server'] : ['run', 'build'];
  if (spawnSync(npm, args, { cwd: ROOT, stdio: 'ignore' }).status !== 0) {
    throw new Error(`npm ${args.join(' ')} failed`);
  }
  const server = spawn(
    process.execPath,
    [join(ROOT, 'server/dist/main.js'), '--data-dir', dataDir, '--port', String(port), '--host', '127.0.0.1'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  // The start-up warm-up (cache sizes, default list, filter choices) is over once it logs so.
  const warmedUp = new Promise<number>((done) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"ms":(\d+),"msg":"warm-up finished"/.exec(output);
      if (match) done(Number(match[1]));
      // A failed warm-up is over too (the figures then show what it cost).
      else if (output.includes('"msg":"warm-up after start failed"')) done(Number.NaN);
      if (output.length > 100_000) output = output.slice(-1000);
    });
  });
  const client = new HttpClient(`http://127.0.0.1:${port}`);
  const stop = async () => {
    await client.close();
    const exited = new Promise((done) => server.once('exit', done));
    server.kill();
    await exited;
  };
  try {
    await waitUntilServing(client, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { client, pid: server.pid ?? 0, warmedUp, stop };
}
