import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { File } from '@fovea/contract';
import type { Logger } from '../logging/logger';
import {
  coverHeight,
  MAX_THUMBNAIL_HEATMAPS,
  renderHeatmapThumbnail,
  THUMBNAIL_WIDTH,
} from '../media/heatmap-thumbnail';
import { orderFiles } from '../players/file-order';
import type { HeatmapThumbnailRepository } from '../repositories/heatmap-thumbnail.repository';
import { parseImageRequest } from '../images/image-proxy-request';
import { PLACEHOLDER_PNG, type ImageAnswer, type ImageProxyService } from '../images/image-proxy.service';
import type { OptionsService } from './options.service';

export interface HeatmapThumbnailDeps {
  repository: HeatmapThumbnailRepository;
  images: ImageProxyService;
  options: OptionsService;
  /** The data folder's heatmaps folder (heatmap-<fileId>.png). */
  heatmapsDir: string;
  /** Where finished thumbnails are kept: `<images>/heatmap-thumbnails`. */
  cacheDir: string;
  logger: Logger;
}

/** A made thumbnail; `cacheable` false when it was made without its cover. */
interface Made {
  body: Buffer;
  cacheable: boolean;
}

const PREFIX = /^\/imghm\/([^/?#]*)\/(.*)$/s;

function placeholder(status: number): ImageAnswer {
  return {
    status,
    headers: {
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: PLACEHOLDER_PNG,
  };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A JPEG answer; `cacheable` false (the cover failed) tells clients not to keep it. */
function jpegAnswer(body: Buffer, ifNoneMatch: string | undefined, cacheable: boolean): ImageAnswer {
  const etag = `"hm-${createHash('sha256').update(body).digest('hex').slice(0, 24)}"`;
  // no-cache: a headset revalidates (cheap, by ETag) and so sees new heatmaps after a rescan.
  const headers = {
    'content-type': 'image/jpeg',
    'cache-control': cacheable ? 'no-cache' : 'no-store',
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (cacheable && matchesEtag(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  return { status: 200, headers, body };
}

/**
 * `/imghm/<scene id>/<cover URL>` (xbvr-facts §11.3): the cover with the scene's script heatmaps stacked at the
 * bottom, for HereSphere's thumbnails when render_heatmaps is on. The cover URL is written as for the image
 * proxy (`https:/host/a.jpg` or encodeURI-encoded) and is fetched through it. Finished thumbnails are kept on
 * disk, keyed by the first script's id and the cover URL; a script with refresh_heatmap_cache bypasses the copy
 * and the flags are cleared once a new one is written. Without heatmaps the answer is the plain `/img/700x,jpeg/`
 * image. Never throws.
 */
export class HeatmapThumbnailService {
  private readonly running = new Map<string, Promise<Made>>();

  constructor(private readonly deps: HeatmapThumbnailDeps) {}

  async serve(rawUrl: string, ifNoneMatch?: string): Promise<ImageAnswer> {
    const match = PREFIX.exec(rawUrl);
    const idText = match?.[1] ?? '';
    const coverPart = match?.[2] ?? '';
    if (!/^\d{1,15}$/.test(idText) || Number(idText) === 0) return placeholder(400);
    const cover = parseImageRequest(`/img/700x/${coverPart}`);
    if (!cover.ok) return placeholder(400);
    try {
      const scripts = await this.deps.repository.sceneScripts(Number(idText));
      if (!scripts) return placeholder(404);
      const heatmaps = await this.heatmaps(scripts);
      const first = heatmaps[0];
      if (!first) return await this.deps.images.serve(`/img/700x,jpeg/${coverPart}`, ifNoneMatch);
      const refresh = scripts.filter((script) => script.refresh_heatmap_cache).map((script) => script.id);
      const key = createHash('sha256').update(`${first.file.id}:${cover.remote.href}`).digest('hex');
      const file = join(this.deps.cacheDir, key.slice(0, 2), `${key}.jpg`);
      if (refresh.length === 0) {
        const cached = await readFile(file).catch(() => null);
        if (cached) return jpegAnswer(cached, ifNoneMatch, true);
      }
      const made = await this.once(key, () => this.make(coverPart, heatmaps, file, refresh));
      return jpegAnswer(made.body, ifNoneMatch, made.cacheable);
    } catch (error) {
      this.deps.logger.error({ err: error, url: rawUrl }, 'a heatmap thumbnail could not be made');
      return placeholder(500);
    }
  }

  /** The scripts in the players' script order that have a readable heatmap PNG, at most 20, with its bytes. */
  private async heatmaps(scripts: readonly File[]): Promise<{ file: File; png: Buffer }[]> {
    const sequence = this.deps.options.get().interfaces.players.script_sort_seq;
    const ordered = orderFiles(
      scripts.filter((script) => script.has_heatmap),
      sequence,
      'script',
    );
    const found: { file: File; png: Buffer }[] = [];
    for (const file of ordered) {
      if (found.length >= MAX_THUMBNAIL_HEATMAPS) break;
      const png = await readFile(join(this.deps.heatmapsDir, `heatmap-${file.id}.png`)).catch(() => null);
      if (png) found.push({ file, png });
    }
    return found;
  }

  /** One making of a thumbnail at a time per key; concurrent requests share it. */
  private once(key: string, task: () => Promise<Made>): Promise<Made> {
    const existing = this.running.get(key);
    if (existing) return existing;
    const started = task().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  private async make(
    coverPart: string,
    heatmaps: readonly { png: Buffer }[],
    file: string,
    refresh: readonly number[],
  ): Promise<Made> {
    const size = `${THUMBNAIL_WIDTH}x${coverHeight(heatmaps.length)}`;
    const coverAnswer = await this.deps.images.serve(`/img/${size}/${coverPart}`);
    const coverOk = coverAnswer.status === 200 && coverAnswer.body !== null;
    const body = await renderHeatmapThumbnail(
      coverOk ? coverAnswer.body : null,
      heatmaps.map((heatmap) => heatmap.png),
    );
    // A thumbnail without its cover is answered but not kept: the cover may come back.
    if (!coverOk) return { body, cacheable: false };
    await this.store(file, body);
    await this.deps.repository.clearRefresh(refresh);
    return { body, cacheable: true };
  }

  /** Written to a temporary name and renamed, so readers see a whole thumbnail or none. */
  private async store(file: string, body: Buffer): Promise<void> {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(temporary, body);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      this.deps.logger.warn({ err: error, file }, 'a heatmap thumbnail could not be kept on disk');
    }
  }
}
