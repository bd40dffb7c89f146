import { createHash } from 'node:crypto';
import { isPlaceholderCover } from '@fovea/contract';
import { OutgoingAddressGuard, type OutgoingAddressPolicy } from '../http/outgoing-address';
import { pinnedAgent } from '../http/pinned-agent';
import type { Logger } from '../logging/logger';
import { BoundedMap } from '../services/bounded-map';
import { ImageCache, type OriginalMeta } from './image-cache';
import { ImageCacheLimit } from './image-cache-limit';
import {
  DEFAULT_FETCH_LIMITS,
  fetchRemoteImage,
  ImageFetchError,
  type FetchFailureKind,
  type FetchLimits,
  type FetchTransport,
} from './image-proxy-fetch';
import { parseImageRequest, resizeKey, type ResizeSpec } from './image-proxy-request';
import {
  inspectImage,
  originalContentType,
  resizedContentType,
  resizeImage,
  resizeIsNoop,
} from './image-proxy-sharp';

export interface ImageAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for 304 Not Modified. */
  body: Buffer | null;
}

export interface ImageProxySettings {
  /** The data folder's images/ folder. */
  dir: string;
  limits?: Partial<FetchLimits>;
  /** How long a failed remote URL answers the placeholder without being fetched again. */
  failureMemoryMs?: number;
  /** At most one warning per remote host in this long (the rest go to debug). */
  warnEveryMs?: number;
  /** Which addresses may be fetched (options advanced.imageProxyAllowLan; tests add their hosts). */
  addresses: OutgoingAddressPolicy;
  /** The cache's size limit in bytes, read at every check (options cache.imagesMaxMb). */
  cacheLimitBytes: () => number;
  /** Told when the size limit removed images. */
  onEvicted?: () => void;
}

/** A 1x1 transparent PNG: the body of every failure, so an <img> gets its error event and stays blank. */
export const PLACEHOLDER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVR42mNgYGBgAAAABQABeqhXUAAAAABJRU5ErkJggg==',
  'base64',
);

const CACHE_CONTROL = 'public, max-age=86400';
/** Images may be SVG: served from our origin, they must not run scripts if opened directly. */
const SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const FAILURE_STATUS: Record<FetchFailureKind, number> = {
  'not-found': 404,
  'upstream-status': 502,
  unreachable: 502,
  timeout: 504,
  'too-big': 502,
  redirects: 502,
  'not-image': 502,
  'forbidden-address': 403,
};

/** The placeholder with an error status; `reason` (a failure kind) says why in X-Fovea-Image-Error. */
function failure(status: number, reason: string): ImageAnswer {
  return {
    status,
    headers: {
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'x-fovea-image-error': reason,
      ...SAFETY_HEADERS,
    },
    body: PLACEHOLDER_PNG,
  };
}

/** The placeholder with 200: the answer for a URL that is known to name no picture. */
function blank(): ImageAnswer {
  return {
    status: 200,
    headers: { 'content-type': 'image/png', 'cache-control': CACHE_CONTROL, ...SAFETY_HEADERS },
    body: PLACEHOLDER_PNG,
  };
}

/** A weak comparison of If-None-Match against one ETag (`*` and lists included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * `/img/<options>/<remote URL>`: fetches http(s) images once from public addresses (LAN ones when the owner
 * allows them; never this machine), keeps them in the data folder (so they work offline) up to the size limit,
 * and serves them as they are or resized. Requests for a URL being fetched wait for that fetch; the same goes
 * for a resize. A failure answers a transparent placeholder with an error status.
 */
export class ImageProxyService {
  private readonly cache: ImageCache;
  private readonly limit: ImageCacheLimit;
  private readonly transport: FetchTransport;
  /** Requests being answered, by cache key: the size limit leaves their files alone. */
  private readonly inUse = new Map<string, number>();
  private readonly limits: FetchLimits;
  private readonly failureMemoryMs: number;
  private readonly warnEveryMs: number;
  private readonly fetching = new Map<string, Promise<OriginalMeta>>();
  private readonly resizing = new Map<string, Promise<Buffer>>();
  private readonly recentFailures = new BoundedMap<string, { kind: FetchFailureKind; until: number }>(2000);
  private readonly lastWarning = new BoundedMap<string, number>(500);

  constructor(
    settings: ImageProxySettings,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new ImageCache(settings.dir);
    this.limit = new ImageCacheLimit({
      root: settings.dir,
      limitBytes: settings.cacheLimitBytes,
      isBusy: (key) => this.inUse.has(key),
      logger,
      now,
      ...(settings.onEvicted ? { onEvicted: settings.onEvicted } : {}),
    });
    const guard = new OutgoingAddressGuard(settings.addresses);
    this.transport = { guard, dispatcher: pinnedAgent(guard) };
    this.limits = { ...DEFAULT_FETCH_LIMITS, ...settings.limits };
    this.failureMemoryMs = settings.failureMemoryMs ?? 30_000;
    this.warnEveryMs = settings.warnEveryMs ?? 60_000;
  }

  /** Answers a raw request URL (`/img/...`, query string included). Never throws. */
  async serve(rawUrl: string, ifNoneMatch?: string): Promise<ImageAnswer> {
    const request = parseImageRequest(rawUrl);
    if (!request.ok) return failure(400, request.reason);
    // Custom scenes' placeholder cover is no picture anywhere: a blank, never a fetch (and never a 502).
    if (isPlaceholderCover(request.remote.href)) return blank();
    const key = createHash('sha256').update(request.remote.href).digest('hex');
    this.inUse.set(key, (this.inUse.get(key) ?? 0) + 1);
    try {
      const meta = await this.original(key, request.remote);
      return await this.answer(key, meta, request.resize, ifNoneMatch);
    } catch (error) {
      if (error instanceof ImageFetchError) {
        this.reportFailure(request.remote, error);
        return failure(FAILURE_STATUS[error.kind], error.kind);
      }
      this.logger.error({ err: error, url: request.remote.href }, 'the image proxy failed');
      return failure(500, 'internal');
    } finally {
      const count = (this.inUse.get(key) ?? 1) - 1;
      if (count > 0) this.inUse.set(key, count);
      else this.inUse.delete(key);
    }
  }

  /** Options → Cache reset: removes every cached image not being answered right now. */
  clearCache(): Promise<{ removed: number; freedBytes: number }> {
    return this.limit.clear();
  }

  /** The bytes of the cached originals and resized copies. */
  cacheUsedBytes(): Promise<number> {
    return this.limit.usedBytes();
  }

  /** Resolves once the cache bookkeeping queued so far (and any eviction it started) is done. */
  cacheIdle(): Promise<void> {
    return this.limit.idle();
  }

  private async answer(
    key: string,
    meta: OriginalMeta,
    spec: ResizeSpec | null,
    ifNoneMatch: string | undefined,
  ): Promise<ImageAnswer> {
    const resize = spec && !resizeIsNoop(spec, meta) ? spec : null;
    const etag = `"${meta.sha256.slice(0, 24)}-${resize ? resizeKey(resize) : 'o'}"`;
    const headers = { 'cache-control': CACHE_CONTROL, etag, ...SAFETY_HEADERS };
    if (matches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
    if (resize) {
      const body = await this.resized(key, resize, meta);
      if (body)
        return {
          status: 200,
          headers: { ...headers, 'content-type': resizedContentType(meta, resize) },
          body,
        };
    }
    const body = await this.cache.readOriginal(key);
    return { status: 200, headers: { ...headers, 'content-type': meta.contentType }, body };
  }

  /** The cached original's description, fetching it first when it is not on disk (once per URL at a time). */
  private original(key: string, remote: URL): Promise<OriginalMeta> {
    const running = this.fetching.get(key);
    if (running) return running;
    const task = (async () => {
      const cached = await this.cache.originalMeta(key);
      if (cached) {
        this.limit.recordUse(key, this.cache.originalFile(key));
        return cached;
      }
      const remembered = this.recentFailures.get(key);
      if (remembered && remembered.until > this.now()) {
        throw new ImageFetchError(remembered.kind, 'failed a moment ago');
      }
      try {
        return await this.download(key, remote);
      } catch (error) {
        // A refused address is not remembered: allowing LAN hosts then applies at once.
        if (error instanceof ImageFetchError && error.kind !== 'forbidden-address') {
          this.recentFailures.set(key, { kind: error.kind, until: this.now() + this.failureMemoryMs });
        }
        throw error;
      }
    })().finally(() => this.fetching.delete(key));
    this.fetching.set(key, task);
    return task;
  }

  private async download(key: string, remote: URL): Promise<OriginalMeta> {
    const fetched = await fetchRemoteImage(remote, this.limits, this.transport);
    const info = await inspectImage(fetched.bytes);
    if (!info) {
      throw new ImageFetchError('not-image', `not an image (${fetched.contentType ?? 'no content type'})`);
    }
    const meta: OriginalMeta = {
      url: remote.href,
      format: info.format,
      contentType: originalContentType(info.format, fetched.contentType),
      width: info.width,
      height: info.height,
      pages: info.pages,
      hasAlpha: info.hasAlpha,
      bytes: fetched.bytes.byteLength,
      sha256: createHash('sha256').update(fetched.bytes).digest('hex'),
      fetchedAt: new Date(this.now()).toISOString(),
    };
    this.limit.recordWrite(key, await this.cache.writeOriginal(key, fetched.bytes, meta));
    this.logger.debug({ url: remote.href, bytes: meta.bytes, format: meta.format }, 'image fetched');
    return meta;
  }

  /** The resized copy (cached, or made once per URL and size at a time); null when sharp cannot make it. */
  private async resized(key: string, spec: ResizeSpec, meta: OriginalMeta): Promise<Buffer | null> {
    const size = resizeKey(spec);
    const cached = await this.cache.readResized(size, key);
    if (cached) return cached;
    const id = `${size}/${key}`;
    let task = this.resizing.get(id);
    if (!task) {
      task = (async () => {
        const body = await resizeImage(await this.cache.readOriginal(key), spec, meta);
        this.limit.recordWrite(key, [await this.cache.writeResized(size, key, body)]);
        return body;
      })().finally(() => this.resizing.delete(id));
      this.resizing.set(id, task);
    }
    try {
      return await task;
    } catch (error) {
      this.logger.warn(
        { err: error, url: meta.url, size },
        'an image could not be resized; serving the original',
      );
      return null;
    }
  }

  /**
   * Every failure at debug; at most once a minute per remote host a warning (an info line for a refused
   * address: the owner's choice, not a fault), so a dead CDN or a probing page cannot flood the log.
   */
  private reportFailure(remote: URL, error: ImageFetchError): void {
    const details = { url: remote.href, reason: error.kind, message: error.message };
    const last = this.lastWarning.get(remote.host);
    if (last !== undefined && this.now() - last < this.warnEveryMs) {
      this.logger.debug(details, 'an image could not be fetched');
      return;
    }
    this.lastWarning.set(remote.host, this.now());
    const message = `images from ${remote.host} could not be fetched (${error.message})`;
    if (error.kind === 'forbidden-address') this.logger.info(details, message);
    else this.logger.warn(details, message);
  }
}
