import { appendFileSync, readFileSync, statSync } from 'node:fs';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { makeClip, type ClipSpec } from '../fixtures/media-fixtures';

/** Runs GET /api/task/rescan (or /{id}) and waits for the queue to be idle; returns the answer. */
export async function rescan(app: FoveaApp, volumeId?: number) {
  const url = volumeId === undefined ? '/api/task/rescan' : `/api/task/rescan/${volumeId}`;
  const response = await app.http.inject({ method: 'GET', url });
  await app.queue.idle();
  return { status: response.statusCode, body: response.body };
}

/** Every file row of a volume, by path/filename. */
export async function filesOf(app: FoveaApp, volumeId: number) {
  const rows = await app.database.db
    .selectFrom('files')
    .selectAll()
    .where('volume_id', '=', volumeId)
    .orderBy('id')
    .execute();
  return rows;
}

export async function sceneRow(app: FoveaApp, id: number) {
  return app.database.db.selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function volumeRow(app: FoveaApp, id: number) {
  return app.database.db.selectFrom('volumes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The service.log lines of rescan jobs seen so far. */
export function rescanLogs(events: readonly RealtimeEvent[]): { level: string; message: string }[] {
  return events.flatMap((event) =>
    event.topic === 'service.log' && event.payload.data.task === 'rescan'
      ? [{ level: event.payload.level, message: event.payload.message }]
      : [],
  );
}

/** A clip of at least 64 KiB (zero padding after the container), so it has an OpenSubtitles hash. */
export async function makeHashableClip(file: string, spec: ClipSpec): Promise<void> {
  await makeClip(file, spec);
  const short = 70_000 - statSync(file).size;
  if (short > 0) appendFileSync(file, Buffer.alloc(short));
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expectPng(bytes);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function expectPng(bytes: Buffer): void {
  if (bytes.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
}
