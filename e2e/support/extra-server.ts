import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ExtraServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A second built Fovea on an empty data folder of its own (a fresh install), for moving data into. */
export async function startExtraServer(): Promise<ExtraServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fovea-e2e-fresh-'));
  const server = spawn(
    process.execPath,
    [join(root, 'server/dist/main.js'), '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1].replace(/\/$/, ''));
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`Fovea exited with ${code} before listening:\n${output}`)));
  });
  return {
    url,
    dataDir,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
