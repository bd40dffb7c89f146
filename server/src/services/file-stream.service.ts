import type { Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ApiError } from '@fovea/contract';
import { HttpError, NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { FileStreamRepository } from '../repositories/file-stream.repository';
import type { PutioClient } from '../putio/putio.client';
import type { ReleaseStream, WatchSessionService } from './watch-session.service';

/**
 * Content types by extension. Subtitles: `application/x-subrip` for .srt (what Go's mime table, and so XBVR,
 * answers on Debian); a browser's <track> needs WebVTT, which /api/dms/subtitles/{fileId} serves.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mpeg4': 'video/mp4',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv',
  '.funscript': 'application/json',
  '.cmscript': 'application/json',
  '.srt': 'application/x-subrip',
  '.ssa': 'text/x-ssa',
  '.ass': 'text/x-ssa',
  '.vtt': 'text/vtt; charset=utf-8',
  '.hsp': 'application/octet-stream',
  '.png': 'image/png',
};

export function contentTypeOf(filename: string): string {
  return CONTENT_TYPES[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

export type RangePlan =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const FULL: RangePlan = { kind: 'full' };

/**
 * A `Range` header against a file of `size` bytes (RFC 9110 §14). One range is honoured (`a-b`, `a-`, `-n`);
 * other units, malformed values and several ranges are ignored (the whole file is sent, as the RFC allows).
 */
export function parseRange(header: string | undefined, size: number): RangePlan {
  const value = /^bytes=(.*)$/i.exec(header?.trim() ?? '')?.[1];
  if (value === undefined) return FULL;
  const specs = value.split(',').map((part) => part.trim());
  if (specs.length !== 1) return FULL;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0] ?? '');
  const [first, last] = [spec?.[1] ?? '', spec?.[2] ?? ''];
  if (!spec || (first === '' && last === '')) return FULL;
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (end < start && last !== '') return FULL;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

export type RequestHeaders = Record<string, string | string[] | undefined>;

export interface ResponsePlan {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** The bytes to send, inclusive; absent when the answer has no file body. */
  range?: { start: number; end: number };
}

const header = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const etagList = (value: string): string[] => value.split(',').map((tag) => tag.trim().replace(/^W\//, ''));

/** Status, validators and byte range of a local file's answer (conditional requests, then Range). */
export function planResponse(file: { size: number; mtimeMs: number }, headers: RequestHeaders): ResponsePlan {
  const { size } = file;
  const modifiedSeconds = Math.floor(file.mtimeMs / 1000);
  const etag = `"${size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  const validators = {
    'accept-ranges': 'bytes',
    etag,
    'last-modified': new Date(modifiedSeconds * 1000).toUTCString(),
  };

  const ifNoneMatch = header(headers, 'if-none-match');
  const ifModifiedSince = Date.parse(header(headers, 'if-modified-since') ?? '');
  const notModified =
    ifNoneMatch !== undefined
      ? ifNoneMatch.trim() === '*' || etagList(ifNoneMatch).includes(etag)
      : !Number.isNaN(ifModifiedSince) && modifiedSeconds * 1000 <= ifModifiedSince;
  if (notModified) return { status: 304, headers: validators };

  let range = parseRange(header(headers, 'range'), size);
  const ifRange = header(headers, 'if-range')?.trim();
  if (range.kind !== 'full' && ifRange !== undefined) {
    // ETags compare strongly (a weak one never matches); a date must be the exact Last-Modified.
    const matches = ifRange.startsWith('"')
      ? ifRange === etag
      : !ifRange.startsWith('W/') && Date.parse(ifRange) === modifiedSeconds * 1000;
    if (!matches) range = FULL;
  }

  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...validators, 'content-range': `bytes */${size}` } };
  }
  if (range.kind === 'partial') {
    return {
      status: 206,
      headers: {
        ...validators,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(range.end - range.start + 1),
      },
      range: { start: range.start, end: range.end },
    };
  }
  return {
    status: 200,
    headers: { ...validators, 'content-length': String(size) },
    ...(size > 0 ? { range: { start: 0, end: size - 1 } } : {}),
  };
}

export interface StreamRequest {
  method: 'GET' | 'HEAD';
  headers: RequestHeaders;
  /** False for `?dnt=true`: no watch session. */
  track: boolean;
}

export type StreamAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'send'; status: number; headers: Record<string, string>; body: Readable | string | null };

export interface FileStreamDeps {
  files: FileStreamRepository;
  putio: Pick<PutioClient, 'downloadUrl'>;
  sessions: Pick<WatchSessionService, 'touch'>;
  heatmapsDir: string;
  logger: Logger;
}

const noRelease: ReleaseStream = () => undefined;

interface OpenFile {
  handle: FileHandle;
  stat: Stats;
}

/**
 * Serves library files and heatmaps. Paths come only from the database (the files row and its volume) or are
 * built from a number, never from the request. Local files are sent with byte ranges; put.io files redirect
 * to put.io's download link.
 */
export class FileStreamService {
  private readonly streaming = new Set<Readable>();

  constructor(private readonly deps: FileStreamDeps) {}

  async serveFile(fileId: number, request: StreamRequest): Promise<StreamAnswer> {
    const row = await this.deps.files.locate(fileId);
    if (!row) throw new NotFoundError(`There is no file ${fileId}`);
    // Only playing a video of a matched scene is watching it; a script or subtitles download is not.
    const sceneId = request.track && request.method === 'GET' && row.type === 'video' ? row.scene_id : null;

    if (row.volume_type === 'putio') {
      const putioId = Number(row.path);
      if (!Number.isInteger(putioId) || putioId <= 0) {
        throw new NotFoundError(`File ${fileId} has no put.io file id`);
      }
      if (sceneId !== null) (await this.deps.sessions.touch(sceneId))();
      try {
        return { kind: 'redirect', url: await this.deps.putio.downloadUrl(row.volume_metadata, putioId) };
      } catch (error) {
        this.deps.logger.warn({ err: error, fileId }, 'put.io gave no download link');
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError(502, `put.io did not give a download link for file ${fileId}: ${reason}`);
      }
    }

    const fullPath = join(row.path, row.filename);
    const file = await openRegularFile(fullPath);
    if (!file) {
      throw new NotFoundError(
        `File ${fileId} is not on disk at ${fullPath}; is its volume mounted? Rescan to update the library.`,
      );
    }
    const release = sceneId !== null ? await this.deps.sessions.touch(sceneId) : noRelease;
    return this.sendFile(file, request, { 'content-type': contentTypeOf(row.filename) }, release);
  }

  /** `heatmap-<fileId>.png` of the heatmaps folder; regenerated by rescans, so revalidated on every use. */
  async serveHeatmap(fileId: number, request: StreamRequest): Promise<StreamAnswer> {
    const file = await openRegularFile(join(this.deps.heatmapsDir, `heatmap-${fileId}.png`));
    if (!file) throw new NotFoundError(`There is no heatmap for file ${fileId}`);
    const headers = { 'content-type': 'image/png', 'cache-control': 'no-cache' };
    return this.sendFile(file, request, headers, noRelease);
  }

  /** Ends every response still streaming (at shutdown, so closing the server does not wait for players). */
  abortAll(): void {
    for (const body of this.streaming) body.destroy();
    this.streaming.clear();
  }

  private async sendFile(
    { handle, stat }: OpenFile,
    request: StreamRequest,
    extraHeaders: Record<string, string>,
    release: ReleaseStream,
  ): Promise<StreamAnswer> {
    const plan = planResponse(stat, request.headers);
    const headers = { ...extraHeaders, ...plan.headers };
    if (plan.status === 304) delete headers['content-type'];
    if (request.method === 'HEAD' || !plan.range) {
      await handle.close();
      release();
      const body = plan.status === 416 && request.method === 'GET' ? unsatisfiable(headers) : null;
      return { kind: 'send', status: plan.status, headers, body };
    }
    // The stream owns the handle: it closes it when it ends, fails or is destroyed (client gone).
    const body = handle.createReadStream({ start: plan.range.start, end: plan.range.end });
    this.streaming.add(body);
    body.once('close', () => {
      this.streaming.delete(body);
      release();
    });
    return { kind: 'send', status: plan.status, headers, body };
  }
}

function unsatisfiable(headers: Record<string, string>): string {
  const error: ApiError = {
    error: 'Range Not Satisfiable',
    message: `The requested range is outside the file (${headers['content-range'] ?? ''})`,
  };
  headers['content-type'] = 'application/json; charset=utf-8';
  return JSON.stringify(error);
}

/** Opens a regular file for reading; null when it is not there (or is not a file). */
async function openRegularFile(path: string): Promise<OpenFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (stat.isFile()) return { handle, stat };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return null;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
