import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const dataDir = makeTempDir('fovea-process-');

afterAll(() => removeTempDir(dataDir));

/** Starts the real CLI from source and waits for its "listening" log line. */
function startServer(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, FOVEA_UPDATE_URL: 'http://127.0.0.1:9/latest' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, listening, exited, output: () => output };
}

describe('the fovea process', () => {
  it('serves on the given port and data folder, and on SIGTERM closes the database and exits 0', async () => {
    const server = startServer(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir]);
    const address = await server.listening;
    const answer = await fetch(`${address}/api/options/version-check`);
    expect(await answer.json()).toMatchObject({ update_notify: false });
    const saved = await fetch(`${address}/api/options/interface/web`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sceneDuration: true }),
    });
    expect(saved.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Fovea stopped');
    // A cleanly closed SQLite database leaves no write-ahead log behind.
    expect(existsSync(join(dataDir, 'fovea.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'fovea.db-wal'))).toBe(false);
    expect(readFileSync(join(dataDir, 'logs', 'fovea.log'), 'utf8')).toContain('SIGTERM received');
  });

  it('refuses a bad port with a clear message', async () => {
    const server = startServer(['--port', 'abc', '--data-dir', dataDir]);
    await expect(server.listening).rejects.toThrow('--port must be a port number');
  });
});
