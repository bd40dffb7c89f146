import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchFovea } from './launch-fovea';

export interface ExtraServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A second built Fovea on an empty data folder of its own (a fresh install), for moving data into. */
export async function startExtraServer(): Promise<ExtraServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fovea-e2e-fresh-'));
  const server = launchFovea(dataDir);
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { url: await server.address, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
