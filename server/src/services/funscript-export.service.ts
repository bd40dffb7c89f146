import type { FunscriptCountResponse, FunscriptExportKind, FunscriptOptionsBody } from '@fovea/contract';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Logger } from '../logging/logger';
import type { ExportScript, FunscriptExportRepository } from '../repositories/funscript-export.repository';
import type { OptionsService } from './options.service';

/** The zip's name for each export kind (xbvr-wire §7). */
export const EXPORT_FILENAMES: Record<FunscriptExportKind, string> = {
  'export-all': 'funscripts.zip',
  'export-new': 'funscripts-update.zip',
};

/**
 * `<id> - <title>.funscript` with the reference's character rules (xbvr-facts §11.1): `:` becomes `꞉`
 * (U+A789, which players show as a colon), and `? / \ < > |` are dropped.
 */
export function funscriptEntryName(sceneId: number, title: string): string {
  const base = `${sceneId} - ${title}`.replaceAll(':', '\uA789').replace(/[?/\\<>|]/g, '');
  return `${base}.funscript`;
}

/** What a finished response tells: the whole zip went out, or the client left before the end. */
export type ExportOutcome = 'exported' | 'aborted';

/** The part of a response the export watches (http.ServerResponse satisfies it). */
export interface ExportResponse {
  once(event: 'finish' | 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

export interface FunscriptZip {
  filename: string;
  /** The entry names, in zip order. */
  entries: string[];
  /** The zip's bytes (deflate), produced as the response reads them. */
  stream: Readable;
  /**
   * Watches the response: once every byte has been handed to the client the exported scripts are marked, in
   * one transaction; a response closed before the end (client gone) marks nothing.
   */
  settleWith(response: ExportResponse): Promise<ExportOutcome>;
}

const STAT_BATCH = 32;

/** Funscript export zips, their counts and the funscript options (options-spec §2 Funscripts). */
export class FunscriptExportService {
  constructor(
    private readonly deps: {
      repo: FunscriptExportRepository;
      options: OptionsService;
      logger: Logger;
    },
  ) {}

  counts(): Promise<FunscriptCountResponse> {
    return this.deps.repo.counts();
  }

  async saveOptions(body: FunscriptOptionsBody): Promise<FunscriptOptionsBody> {
    const saved = await this.deps.options.update((options) => ({
      ...options,
      funscripts: { ...options.funscripts, scrapeFunscripts: body.scrapeFunscripts },
    }));
    return { scrapeFunscripts: saved.funscripts.scrapeFunscripts };
  }

  /**
   * Builds the zip of every scripted scene's first script (`export-all`) or of those not exported yet
   * (`export-new`). Scripts on put.io, or missing on disk, are left out (and logged), so one lost file never
   * breaks the download.
   */
  async open(kind: FunscriptExportKind): Promise<FunscriptZip> {
    const scripts = await this.deps.repo.scripts(kind === 'export-new');
    const present = await this.readable(scripts);
    const zip = new ZipFile();
    const stream = new PassThrough();
    const entries: string[] = [];
    for (const script of present) {
      const name = funscriptEntryName(script.scene_db_id, script.title);
      entries.push(name);
      zip.addFile(join(script.path, script.filename), name, { compress: true });
    }
    zip.on('error', (error: unknown) => {
      this.deps.logger.error({ err: error }, 'the funscript export failed while reading a script');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    pipeline(zip.outputStream, stream, () => undefined);
    zip.end();
    const fileIds = present.map((script) => script.file_id);
    return {
      filename: EXPORT_FILENAMES[kind],
      entries,
      stream,
      settleWith: (response) => this.settle(response, stream, fileIds),
    };
  }

  private settle(response: ExportResponse, stream: Readable, fileIds: number[]): Promise<ExportOutcome> {
    return new Promise<ExportOutcome>((resolve) => {
      let settled = false;
      response.once('finish', () => {
        if (settled) return;
        settled = true;
        this.deps.repo.markExported(fileIds).then(
          () => {
            this.deps.logger.info({ scripts: fileIds.length }, 'funscripts exported');
            resolve('exported');
          },
          (error: unknown) => {
            this.deps.logger.error({ err: error }, 'exported funscripts could not be marked');
            resolve('aborted');
          },
        );
      });
      response.once('close', () => {
        if (settled || response.writableFinished) return;
        settled = true;
        stream.destroy();
        this.deps.logger.warn('the funscript download was interrupted; nothing was marked as exported');
        resolve('aborted');
      });
    });
  }

  /** The scripts whose file can be read here: local volumes, present on disk. */
  private async readable(scripts: ExportScript[]): Promise<ExportScript[]> {
    const kept: ExportScript[] = [];
    for (let start = 0; start < scripts.length; start += STAT_BATCH) {
      const batch = scripts.slice(start, start + STAT_BATCH);
      const checks = await Promise.all(batch.map((script) => this.isReadable(script)));
      batch.forEach((script, index) => {
        if (checks[index]) kept.push(script);
      });
    }
    return kept;
  }

  private async isReadable(script: ExportScript): Promise<boolean> {
    if (script.volume_type !== 'local') {
      this.deps.logger.warn(
        { fileId: script.file_id },
        'a put.io script is left out of the funscript export',
      );
      return false;
    }
    try {
      return (await stat(join(script.path, script.filename))).isFile();
    } catch {
      this.deps.logger.warn(
        { fileId: script.file_id, file: script.filename },
        'a script missing on disk is left out of the funscript export',
      );
      return false;
    }
  }
}
