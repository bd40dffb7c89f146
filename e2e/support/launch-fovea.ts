import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVER_HOST } from './cover-server';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface LaunchedFovea {
  process: ChildProcess;
  /** The server's address (http://127.0.0.1:PORT), once its "listening" line is logged. */
  address: Promise<string>;
  /** Stops the server (SIGTERM, as a service manager would) and waits until it has closed. */
  stop(): Promise<void>;
}

/**
 * Starts the built server on `dataDir` through e2e-server.mjs: the code of server/dist/main.js with the cover
 * host name answered by the loopback cover server, which the image proxy takes as public.
 */
export function launchFovea(dataDir: string, env: NodeJS.ProcessEnv = {}): LaunchedFovea {
  const child = spawn(
    process.execPath,
    [
      join(root, 'e2e/support/e2e-server.mjs'),
      ...['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
      ...['--image-host', `${COVER_HOST}=127.0.0.1`],
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = new Promise<string>((resolve, reject) => {
    let output = '';
    let listening = false;
    // The pipes are read to the end (a full pipe would stall the server); only the start is kept.
    const onData = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString();
      const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) {
        listening = true;
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`Fovea exited with ${code} before listening:\n${output}`)));
  });
  return {
    process: child,
    address,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
