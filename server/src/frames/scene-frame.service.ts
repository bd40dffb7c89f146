import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import { toFile, type FileRow } from '../mappers/scene-parts.mapper';
import { orderFiles } from '../players/file-order';
import { BoundedMap } from '../services/bounded-map';
import type { OptionsService } from '../services/options.service';
import { renderFrame, type FrameRequest } from './scene-frame-render';
import type { SceneFrameRepository } from './scene-frame.repository';

/** A scene's frame on disk, or why it has none (then the caller answers a blank image). */
export type SceneFrame =
  { kind: 'frame'; file: string; etag: string } | { kind: 'blank'; reason: 'no-video' | 'failed' };

export interface SceneFrameDeps {
  repo: SceneFrameRepository;
  /** The players' video order picks the file, as for previews. */
  options: Pick<OptionsService, 'get'>;
  /** The data folder's frames/ folder. */
  framesDir: string;
  tmpDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  logger: Logger;
  /** Makes one frame (tests count the runs); default: ffmpeg. */
  render?: (request: FrameRequest) => Promise<void>;
  /** ffmpeg runs at a time (default 1): frames are made while a page of cards waits, not in bulk. */
  concurrency?: number;
}

interface Source {
  row: FileRow;
  path: string;
  /** Changes when the file does: a failure is tried again only then. */
  key: string;
}

/**
 * Frames of scenes without a cover (frames/<scene id>-<file id>.jpg): made on first request from the scene's
 * first video file on disk, once; an existing frame of any of the scene's files is used as it is, so only a
 * frame whose file is gone is made again (from the current file). A failed file is remembered until it
 * changes or the server restarts, and logged once.
 */
export class SceneFrameService {
  private readonly render: (request: FrameRequest) => Promise<void>;
  private readonly limit: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly making = new Map<number, Promise<SceneFrame>>();
  private readonly failures = new BoundedMap<number, string>(5000);

  constructor(private readonly deps: SceneFrameDeps) {
    this.render = deps.render ?? renderFrame;
    this.limit = Math.max(1, deps.concurrency ?? 1);
  }

  /** The frame of a scene, made when it is missing; NotFoundError for an unknown scene. */
  async frame(sceneId: number): Promise<SceneFrame> {
    if (!(await this.deps.repo.sceneExists(sceneId))) throw new NotFoundError(`There is no scene ${sceneId}`);
    const sources = await this.sources(sceneId);
    for (const source of sources) {
      const file = this.framePath(sceneId, source.row.id);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.size > 0) return { kind: 'frame', file, etag: etagOf(source.row.id, info) };
    }
    const first = sources[0];
    if (!first) return { kind: 'blank', reason: 'no-video' };
    if (this.failures.get(sceneId) === first.key) return { kind: 'blank', reason: 'failed' };
    let task = this.making.get(sceneId);
    if (!task) {
      task = this.make(sceneId, first).finally(() => this.making.delete(sceneId));
      this.making.set(sceneId, task);
    }
    return task;
  }

  /** The frame's JPEG bytes, or null when the scene has none (DLNA art). */
  async jpeg(sceneId: number): Promise<Buffer | null> {
    const frame = await this.frame(sceneId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    return frame?.kind === 'frame' ? readFile(frame.file) : null;
  }

  /** Resolves when the frames being made are done (at shutdown, before the database closes). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.making.values()]);
  }

  private framePath(sceneId: number, fileId: number): string {
    return join(this.deps.framesDir, `${sceneId}-${fileId}.jpg`);
  }

  /** The scene's local video files that are on disk, in the players' video order. */
  private async sources(sceneId: number): Promise<Source[]> {
    const rows = await this.deps.repo.localVideoFiles(sceneId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const sequence = this.deps.options.get().interfaces.players.video_sort_seq;
    const sources: Source[] = [];
    for (const file of orderFiles(rows.map(toFile), sequence, 'video')) {
      const row = byId.get(file.id);
      if (!row) continue;
      const path = join(row.path, row.filename);
      const info = await stat(path).catch(() => null);
      if (info?.isFile()) sources.push({ row, path, key: `${row.id}:${info.size}:${info.mtimeMs}` });
    }
    return sources;
  }

  private async make(sceneId: number, source: Source): Promise<SceneFrame> {
    const dest = this.framePath(sceneId, source.row.id);
    try {
      await this.slot(() =>
        this.render({
          input: source.path,
          dest,
          tmpDir: this.deps.tmpDir,
          projection: source.row.projection,
          width: source.row.video_width,
          height: source.row.video_height,
          duration: source.row.duration,
          ffmpegPath: this.deps.ffmpegPath,
          ffprobePath: this.deps.ffprobePath,
        }),
      );
      const info = await stat(dest);
      await this.removeOthers(sceneId, dest);
      this.deps.logger.debug({ sceneId, file: source.row.filename }, 'scene frame made');
      return { kind: 'frame', file: dest, etag: etagOf(source.row.id, info) };
    } catch (error) {
      this.failures.set(sceneId, source.key);
      this.deps.logger.warn(
        { err: error, sceneId, file: source.row.filename },
        `no frame could be taken from ${source.row.filename}; its scene shows a blank cover`,
      );
      return { kind: 'blank', reason: 'failed' };
    }
  }

  /** Frames of files the scene no longer plays first (gone, or replaced) are of no more use. */
  private async removeOthers(sceneId: number, keep: string): Promise<void> {
    const prefix = `${sceneId}-`;
    const names = await readdir(this.deps.framesDir).catch(() => []);
    for (const name of names) {
      const path = join(this.deps.framesDir, name);
      if (name.startsWith(prefix) && path !== keep) await rm(path, { force: true });
    }
  }

  /** Runs `work` once fewer than `concurrency` frames are being made. */
  private async slot<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

const etagOf = (fileId: number, info: { size: number; mtimeMs: number }): string =>
  `"f${fileId}-${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
