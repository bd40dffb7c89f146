import {
  HttpUrl,
  MAX_BUNDLE_BYTES,
  type BundleBackupQuery,
  type BundleRestoreOptions,
  type DataTransferAccepted,
  type XbvrImportBody,
  type XbvrSource,
} from '@fovea/contract';
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BadRequestError, HttpError } from '../http/http-errors';
import type { JobQueue } from '../jobs/job-queue';
import type { BundleBackupPayload } from '../jobs/handlers/bundle-backup.job';
import type { BundleRestorePayload } from '../jobs/handlers/bundle-restore.job';

/** The wire form's fields besides the bundle; a body is small unless it carries uploadData. */
export interface WireRestoreBody {
  options: BundleRestoreOptions;
  bundleUrl: string;
  uploadBytes: number;
}

export interface TransferRequestDeps {
  queue: Pick<JobQueue, 'enqueue' | 'waitFor'>;
  /** Where uploads wait for their restore job (inside the data folder, never served). */
  uploadsDir: string;
  saveStream(stream: Readable, file: string, maxBytes: number): Promise<number>;
  readWireBody(bodyFile: string, bundleFile: string): Promise<WireRestoreBody>;
  /** Opens and closes XBVR's database, so a wrong path or URL is a 400 at once, not a failed job later. */
  checkXbvrSource(source: XbvrSource): Promise<void>;
  /** Throws a 400 for a playlistId that is not a saved scene search. */
  checkPlaylist(playlistId: number): Promise<void>;
}

/** "{}" re-serialised is 2 bytes: the wire form's way of saying "no file, see bundleUrl". */
const EMPTY_UPLOAD_BYTES = 2;

/**
 * The calls that start a backup, a restore or a move-in: they check what they can at once (4xx), put an upload on
 * disk, and queue the job. A backup waits for its job, as the reference's call does.
 */
export class TransferRequests {
  constructor(private readonly deps: TransferRequestDeps) {}

  /** Runs a backup and resolves when the file is written; throws with the job's error when it failed. */
  async backup(query: BundleBackupQuery): Promise<void> {
    if (query.playlistId > 0) await this.deps.checkPlaylist(query.playlistId);
    // The job stores the options without the call's `download` (the file is always written for download).
    const { download: _download, ...payload } = query;
    const job = await this.deps.queue.enqueue('bundle-backup', payload satisfies BundleBackupPayload);
    const ended = await this.deps.queue.waitFor(job.id);
    if (ended.status === 'failed')
      throw new HttpError(500, `The backup failed: ${ended.error ?? 'unknown error'}`);
    if (ended.status === 'cancelled') throw new HttpError(409, 'The backup was cancelled');
  }

  /** A raw upload: the body is the bundle file; the options came in the query. */
  async restoreUpload(body: Readable, options: BundleRestoreOptions): Promise<DataTransferAccepted> {
    const file = await this.newUploadFile();
    const bytes = await this.save(body, file);
    if (bytes === 0) {
      await rm(file, { force: true });
      throw new BadRequestError('The bundle file is empty.');
    }
    return this.queueRestore({ upload: file, bundleUrl: '', options });
  }

  /** The wire form: JSON options with uploadData (the bundle as a string) or bundleUrl. */
  async restoreWire(body: Readable): Promise<DataTransferAccepted> {
    const bodyFile = await this.newUploadFile();
    const bundleFile = await this.newUploadFile();
    try {
      await this.save(body, bodyFile);
      let wire: WireRestoreBody;
      try {
        wire = await this.deps.readWireBody(bodyFile, bundleFile);
      } catch (error) {
        throw new BadRequestError(error instanceof Error ? error.message : String(error));
      }
      const hasUpload = wire.uploadBytes > EMPTY_UPLOAD_BYTES;
      if (wire.bundleUrl !== '') {
        if (!HttpUrl.safeParse(wire.bundleUrl).success)
          throw new BadRequestError('Please enter a valid URL.');
        await rm(bundleFile, { force: true });
        return await this.queueRestore({ upload: '', bundleUrl: wire.bundleUrl, options: wire.options });
      }
      if (!hasUpload)
        throw new BadRequestError('Give a bundle file (uploadData) or a bundle URL (bundleUrl).');
      return await this.queueRestore({ upload: bundleFile, bundleUrl: '', options: wire.options });
    } catch (error) {
      await rm(bundleFile, { force: true });
      throw error;
    } finally {
      await rm(bodyFile, { force: true });
    }
  }

  async xbvrImport(body: XbvrImportBody): Promise<DataTransferAccepted> {
    try {
      await this.deps.checkXbvrSource(body.source);
    } catch (error) {
      throw new BadRequestError(error instanceof Error ? error.message : String(error));
    }
    const job = await this.deps.queue.enqueue('xbvr-import', body);
    return { jobId: job.id };
  }

  private async queueRestore(payload: BundleRestorePayload): Promise<DataTransferAccepted> {
    const job = await this.deps.queue.enqueue('bundle-restore', payload);
    return { jobId: job.id };
  }

  private async newUploadFile(): Promise<string> {
    await mkdir(this.deps.uploadsDir, { recursive: true });
    return join(this.deps.uploadsDir, `upload-${randomUUID()}.json`);
  }

  private async save(body: Readable, file: string): Promise<number> {
    try {
      return await this.deps.saveStream(body, file, MAX_BUNDLE_BYTES);
    } catch (error) {
      await rm(file, { force: true });
      if (error instanceof HttpError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BadRequestError(`The upload did not arrive whole: ${reason}`);
    }
  }
}
