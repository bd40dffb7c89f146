import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCoverServer } from './cover-server';
import { startE2eStashdb } from './fake-stashdb';
import { startFakeStudio } from './fake-studio';
import { addAndScanClips, makeE2eClips } from './media-clips';
import { addPreviewSource } from './preview-source';
import { seedLibrary } from './seed-library';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A stand-in for the GitHub releases API that says a newer version exists. */
async function startReleaseServer(): Promise<{ url: string; close(): void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ tag_name: 'v99.0.0' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/latest`,
    close: () => server.close(),
  };
}

function waitForAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`Fovea exited with ${code} before listening:\n${output}`)));
  });
}

/** Seeds a temp library, starts the built server on it, and hands its URL to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fovea-e2e-'));
  const covers = await startCoverServer();
  await seedLibrary(dataDir, 3000, covers.url);
  await addPreviewSource(dataDir);
  const stashdb = await startE2eStashdb(covers.url);
  const clipsDir = join(dataDir, 'clips');
  await makeE2eClips(clipsDir);
  const releases = await startReleaseServer();
  const studio = await startFakeStudio(dataDir);
  const server = spawn(
    process.execPath,
    [join(root, 'server/dist/main.js'), '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
    {
      cwd: root,
      env: { ...process.env, FOVEA_UPDATE_URL: releases.url, FOVEA_STASHDB_URL: stashdb.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const teardown = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    releases.close();
    studio.close();
    covers.close();
    await stashdb.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const address = await waitForAddress(server);
    process.env.FOVEA_E2E_URL = address;
    process.env.FOVEA_E2E_DATA_DIR = dataDir;
    process.env.FOVEA_E2E_CLIPS_DIR = clipsDir;
    process.env.FOVEA_E2E_COVERS_URL = covers.url;
    process.env.FOVEA_E2E_STUDIO_URL = studio.url;
    await addAndScanClips(address.replace(/\/$/, ''), clipsDir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
