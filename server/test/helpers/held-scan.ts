import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StorageResponse } from '@fovea/contract';
import { vi } from 'vitest';
import { createApp, type FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { defaultScanMedia, type ScanMedia } from '../../src/scanner/inspect-files';
import { removeTempDir } from './temp-dir';
import { testConfig } from './test-app';

/**
 * A probe the test holds: every probe call waits until the test opens the gate, and the first call tells the
 * test that the scan has reached its probing step (mid-batch, before anything of the batch is written).
 */
export class HeldProbe {
  probes = 0;
  readonly firstProbe: Promise<void>;
  private open: () => void = () => {};
  private reached: () => void = () => {};
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));

  constructor() {
    this.firstProbe = new Promise<void>((resolve) => (this.reached = resolve));
  }

  media(base: ScanMedia): ScanMedia {
    return {
      ...base,
      probe: async (file) => {
        this.probes += 1;
        this.reached();
        await this.gate;
        return base.probe(file);
      },
    };
  }

  release(): void {
    this.open();
  }
}

/** The real app on a fresh SQLite file whose rescans probe through `held`; `events` collects what it publishes. */
export async function heldScanApp(held: HeldProbe): Promise<{ app: FoveaApp; events: RealtimeEvent[] }> {
  const config = testConfig();
  const app = await createApp(config, { scanMedia: held.media(defaultScanMedia(config.ffprobePath)) });
  await app.http.ready();
  await app.queue.start();
  const events: RealtimeEvent[] = [];
  app.events.subscribe((event) => events.push(event));
  return { app, events };
}

export async function closeHeldScanApp(app: FoveaApp): Promise<void> {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
}

/**
 * Resolves once JobQueue.cancel has been entered. Its abort of a running job is synchronous, so from then on
 * the job's signal is set and held probes can be let go without racing the stop request.
 */
export function whenCancelAsked(app: FoveaApp): Promise<void> {
  return new Promise((resolve) => {
    const original = app.queue.cancel.bind(app.queue);
    vi.spyOn(app.queue, 'cancel').mockImplementation((jobId) => {
      const ended = original(jobId);
      resolve();
      return ended;
    });
  });
}

/** A folder of `count` small fake videos (ffprobe refuses them; their rows are recorded all the same). */
export function fakeClipFolder(parent: string, name: string, count: number): string {
  const dir = join(parent, name);
  mkdirSync(dir);
  for (let i = 0; i < count; i += 1) {
    writeFileSync(join(dir, `clip-${String(i).padStart(3, '0')}.mp4`), `not a video ${i}`);
  }
  return dir;
}

/** POST /api/options/storage (which queues the folder's rescan); answers the new location's id. */
export async function addStorageFolder(app: FoveaApp, dir: string): Promise<number> {
  const added = await app.http.inject({
    method: 'POST',
    url: '/api/options/storage',
    payload: { path: dir, type: 'local' },
  });
  if (added.statusCode !== 200) throw new Error(`adding ${dir} answered ${added.statusCode}: ${added.body}`);
  const listed = await app.http.inject({ method: 'GET', url: '/api/options/storage' });
  const name = dir.split('/').at(-1) ?? dir;
  const volume = StorageResponse.parse(listed.json()).volumes.find((v) => v.path.endsWith(`/${name}`));
  if (!volume) throw new Error(`${dir} is not listed`);
  return volume.id;
}

export async function jobRows(app: FoveaApp, name: string) {
  return app.database.db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('id').execute();
}

/** Error lines and foreign-key complaints the server logged (service.log relays every log line). */
export function loggedErrors(events: readonly RealtimeEvent[]): string[] {
  return events.flatMap((event) =>
    event.topic === 'service.log' &&
    (event.payload.level === 'error' || /FOREIGN KEY/i.test(event.payload.message))
      ? [event.payload.message]
      : [],
  );
}

export function jobProgressOf(events: readonly RealtimeEvent[], jobId: number) {
  return events.flatMap((event) =>
    event.topic === 'job.progress' && event.payload.jobId === jobId ? [event.payload] : [],
  );
}
