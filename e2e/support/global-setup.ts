import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCoverServer } from './cover-server';
import { startE2eStashdb } from './fake-stashdb';
import { startFakeAlternateSite } from './fake-alternate-site';
import { startFakeStudio } from './fake-studio';
import { launchFovea } from './launch-fovea';
import { addAndScanClips, makeE2eClips } from './media-clips';
import { addPreviewSource } from './preview-source';
import { seedLibrary } from './seed-library';

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

/** Seeds a temp library, starts the built server on it (launch-fovea.ts), and hands its URL to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fovea-e2e-'));
  const covers = await startCoverServer();
  await seedLibrary(dataDir, 3000, covers.url);
  await addPreviewSource(dataDir);
  const stashdb = await startE2eStashdb(covers.url);
  // Outside the data folder: Fovea refuses a storage folder inside its own.
  const clipsDir = mkdtempSync(join(tmpdir(), 'fovea-e2e-clips-'));
  await makeE2eClips(clipsDir);
  const releases = await startReleaseServer();
  const studio = await startFakeStudio(dataDir);
  const alternateSite = await startFakeAlternateSite(dataDir);
  const server = launchFovea(dataDir, { FOVEA_UPDATE_URL: releases.url, FOVEA_STASHDB_URL: stashdb.url });
  const teardown = async () => {
    await server.stop();
    releases.close();
    studio.close();
    alternateSite.close();
    covers.close();
    await stashdb.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clipsDir, { recursive: true, force: true });
  };
  try {
    const address = await server.address;
    process.env.FOVEA_E2E_URL = address;
    process.env.FOVEA_E2E_DATA_DIR = dataDir;
    process.env.FOVEA_E2E_CLIPS_DIR = clipsDir;
    process.env.FOVEA_E2E_COVERS_URL = covers.url;
    process.env.FOVEA_E2E_STUDIO_URL = studio.url;
    await addAndScanClips(address, clipsDir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
