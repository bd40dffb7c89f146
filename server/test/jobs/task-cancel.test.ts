import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Job } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { libraryFactory } from '../factories/library.factory';
import { makeClip } from '../fixtures/media-fixtures';
import {
  HeldProbe,
  addStorageFolder,
  closeHeldScanApp,
  fakeClipFolder,
  heldScanApp,
  jobProgressOf,
  jobRows,
  loggedErrors,
  whenCancelAsked,
} from '../helpers/held-scan';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { filesOf } from '../scanner/rescan-helpers';

let parent: string;
beforeAll(() => {
  parent = makeTempDir('fovea-cancel-');
});
afterAll(() => removeTempDir(parent));

const cancel = (app: FoveaApp, id: number | string) =>
  app.http.inject({ method: 'POST', url: `/api/task/cancel/${id}`, payload: {} });

describe('POST /api/task/cancel/{id}', () => {
  it('stops a running rescan mid-batch: nothing of the batch is written, the job ends cancelled', async () => {
    const held = new HeldProbe();
    const { app, events } = await heldScanApp(held);
    try {
      // Adding the folder queues its rescan, which stops at the held probe.
      const volumeId = await addStorageFolder(app, fakeClipFolder(parent, 'rescan', 12));
      await held.firstProbe;
      const [job] = await jobRows(app, 'rescan');
      expect(job?.status).toBe('running');
      const jobId = job?.id ?? 0;

      const asked = whenCancelAsked(app);
      const cancelling = cancel(app, jobId);
      await asked;
      held.release();
      const answer = await cancelling;
      expect(answer.statusCode).toBe(200);
      const ended = Job.parse(answer.json());
      expect(ended).toMatchObject({ id: jobId, name: 'rescan', status: 'cancelled', error: null });
      expect(ended.finished_at).not.toBeNull();

      // Only the probes already in flight ran; nothing of the batch was written.
      expect(held.probes).toBeLessThanOrEqual(2);
      expect(await filesOf(app, volumeId)).toEqual([]);
      expect(jobProgressOf(events, jobId).at(-1)).toMatchObject({
        status: 'cancelled',
        message: 'Rescan cancelled',
      });
      const lastLock = events.filter((event) => event.topic === 'lock.change').at(-1);
      expect(lastLock?.payload).toEqual({ name: 'rescan', locked: false });
      expect(loggedErrors(events)).toEqual([]);

      // Cancelling again answers the ended job as it is; the next rescan runs through.
      expect(Job.parse((await cancel(app, jobId)).json()).status).toBe('cancelled');
      await app.http.inject({ method: 'GET', url: `/api/task/rescan/${volumeId}` });
      await app.queue.idle();
      expect(await filesOf(app, volumeId)).toHaveLength(12);
      expect((await jobRows(app, 'rescan')).map((row) => row.status)).toEqual(['cancelled', 'done']);
    } finally {
      held.release();
      await closeHeldScanApp(app);
    }
  });

  it('refuses an unknown job with 404 and a bad id with 400', async () => {
    const held = new HeldProbe();
    const { app } = await heldScanApp(held);
    try {
      const unknown = await cancel(app, 424242);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: 'No job 424242' });
      expect((await cancel(app, 'abc')).statusCode).toBe(400);
    } finally {
      await closeHeldScanApp(app);
    }
  });

  it('stops a preview generation: the remaining scenes get no clip and no partial file is left', async () => {
    const held = new HeldProbe();
    const { app, events } = await heldScanApp(held);
    const clips = join(parent, 'previews');
    try {
      const make = libraryFactory(app.database.db);
      mkdirSync(clips);
      await makeClip(join(clips, 'clip-0.mp4'), {
        width: 480,
        height: 270,
        fps: '25',
        seconds: 10,
        codec: 'h264',
      });
      const volume = await make.volume({ path: clips });
      const sceneIds: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const id = await make.scene({ scene_id: `cancel-pv-${i}` });
        const filename = `clip-${i}.mp4`;
        if (i > 0) copyFileSync(join(clips, 'clip-0.mp4'), join(clips, filename));
        await make.file({ volume_id: volume, scene_id: id, path: clips, filename, projection: 'flat' });
        sceneIds.push(id);
      }
      await app.sceneStatus.refreshScenes(sceneIds);

      // Cancel as soon as the job announces its scenes: at most the scene being rendered then is made.
      const announced = new Promise<number>((resolve) => {
        app.events.subscribe((event: RealtimeEvent) => {
          if (event.topic === 'service.log' && event.payload.message.startsWith('Generating previews for')) {
            resolve(event.payload.data.jobId ?? 0);
          }
        });
      });
      await app.http.inject({ method: 'GET', url: '/api/task/preview/generate' });
      const jobId = await announced;
      const answer = await cancel(app, jobId);
      expect(Job.parse(answer.json())).toMatchObject({ status: 'cancelled' });
      await app.queue.idle();

      const made = readdirSync(app.paths.previews).filter((name) => name.startsWith('cancel-pv-'));
      expect(made.length).toBeLessThan(4);
      expect(readdirSync(app.paths.tmp).filter((name) => name.startsWith('preview-'))).toEqual([]);
      expect(jobProgressOf(events, jobId).at(-1)).toMatchObject({
        name: 'preview-generate',
        status: 'cancelled',
        message: 'Preview generation cancelled',
      });
      expect(loggedErrors(events)).toEqual([]);
      expect(existsSync(join(app.paths.previews, 'cancel-pv-3.mp4'))).toBe(false);
    } finally {
      await closeHeldScanApp(app);
    }
  }, 60_000);
});
