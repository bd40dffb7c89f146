import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  parent = makeTempDir('fovea-remove-scan-');
});
afterAll(() => removeTempDir(parent));

describe('DELETE /api/options/storage/{id} while the location is being scanned', () => {
  it('cancels the scan first, waits for it, then removes the location: no foreign-key error, no rows', async () => {
    const held = new HeldProbe();
    const { app, events } = await heldScanApp(held);
    try {
      // Adding the folder queues its scan, which is caught at its first probes.
      const volumeId = await addStorageFolder(app, fakeClipFolder(parent, 'scanned', 3));
      await held.firstProbe;
      const [scan] = await jobRows(app, 'rescan');
      expect(scan?.status).toBe('running');

      const asked = whenCancelAsked(app);
      const removing = app.http.inject({ method: 'DELETE', url: `/api/options/storage/${volumeId}` });
      await asked;
      held.release();
      const removed = await removing;
      expect(removed.statusCode).toBe(200);
      await app.queue.idle();

      expect((await jobRows(app, 'rescan')).map((row) => row.status)).toEqual(['cancelled']);
      expect(jobProgressOf(events, scan?.id ?? 0).at(-1)).toMatchObject({ status: 'cancelled' });
      expect(await filesOf(app, volumeId)).toEqual([]);
      const volumes = await app.database.db.selectFrom('volumes').select('id').execute();
      expect(volumes).toEqual([]);
      // The navbar's Files line gets its end: the lock is free and the last rescan line is the cancel.
      const lastLock = events.filter((event) => event.topic === 'lock.change').at(-1);
      expect(lastLock?.payload).toEqual({ name: 'rescan', locked: false });
      expect(loggedErrors(events)).toEqual([]);
      const logFile = readFileSync(join(app.paths.logs, 'fovea.log'), 'utf8');
      expect(logFile).not.toMatch(/FOREIGN KEY/i);
      expect(logFile).toMatch(/cancelled the rescan of a storage location being removed/);
    } finally {
      held.release();
      await closeHeldScanApp(app);
    }
  });

  it('leaves the rescan of another location alone', async () => {
    const held = new HeldProbe();
    const { app } = await heldScanApp(held);
    try {
      const kept = await addStorageFolder(app, fakeClipFolder(parent, 'kept', 2));
      await held.firstProbe;
      const gone = await addStorageFolder(app, fakeClipFolder(parent, 'gone', 2));
      // The second folder's rescan is queued behind the first: removing the second cancels only its own.
      const removed = await app.http.inject({ method: 'DELETE', url: `/api/options/storage/${gone}` });
      expect(removed.statusCode).toBe(200);
      held.release();
      await app.queue.idle();

      const rows = await jobRows(app, 'rescan');
      expect(rows.map((row) => [JSON.parse(row.payload) as unknown, row.status])).toEqual([
        [{ volumeId: kept }, 'done'],
        [{ volumeId: gone }, 'cancelled'],
      ]);
      expect(await filesOf(app, kept)).toHaveLength(2);
    } finally {
      held.release();
      await closeHeldScanApp(app);
    }
  });
});
