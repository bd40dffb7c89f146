import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Logger } from '../logging/logger';
import type { WrittenFile } from './image-cache';

/**
 * One cached remote URL: its files and their sizes, and when it was last served. Files are named short (the
 * index may hold millions of them): `o` the original, `o.json` its sidecar, else a resized copy's size folder.
 */
interface Entry {
  files: Map<string, number>;
  bytes: number;
  lastUsed: number;
  /** When the original's mtime was last moved forward (to keep the order across restarts). */
  touchedAt: number;
}

export interface ImageCacheLimitDeps {
  /** The images folder (originals/ and resized/ below it). */
  root: string;
  /** The limit in bytes, read at every check (options cache.imagesMaxMb). */
  limitBytes: () => number;
  /** True while a URL is being fetched, resized or served: its files are left alone. */
  isBusy: (key: string) => boolean;
  logger: Logger;
  now?: () => number;
  /** Told after an eviction removed files (the Cache figures are then out of date). */
  onEvicted?: () => void;
}

const KEY = /^[0-9a-f]{64}$/;
/** A hit moves the original's mtime forward at most this often (one write per hour per image at most). */
const TOUCH_EVERY_MS = 3600_000;
/** An eviction frees space down to this share of the limit, so it does not run again at the next write. */
const EVICT_TO = 0.9;

const ORIGINAL = 'o';
const SIDECAR = 'o.json';

/** The cache key and short name of a file below the images folder; null for anything else (temporary files...). */
function cacheFileOf(root: string, path: string): { key: string; name: string } | null {
  const parts = relative(root, path).split(sep);
  if (parts[0] === 'originals' && parts.length === 4) {
    const file = parts[3] ?? '';
    const key = file.replace(/\.json$/, '');
    return KEY.test(key) ? { key, name: file === key ? ORIGINAL : SIDECAR } : null;
  }
  if (parts[0] === 'resized' && parts.length === 5) {
    const key = parts[4] ?? '';
    return KEY.test(key) && parts[1] ? { key, name: parts[1] } : null;
  }
  return null;
}

/** The file of a cache key by its short name (ImageCache's layout). */
function cacheFilePath(root: string, key: string, name: string): string {
  const shard = join(key.slice(0, 2), key.slice(2, 4), key);
  if (name === ORIGINAL) return join(root, 'originals', shard);
  if (name === SIDECAR) return join(root, 'originals', `${shard}.json`);
  return join(root, 'resized', name, shard);
}

/**
 * The images cache's size limit with least-recently-used eviction. An in-memory index of the cached URLs is
 * built from one walk of the folder the first time it is needed, then kept up to date by the proxy's writes
 * and hits. When the total passes the limit, the least recently used URLs (original, sidecar and every resized
 * copy) are removed in the background down to 90 % of the limit; a URL being fetched, resized or served is
 * never touched, and temporary files being written are not part of any entry.
 */
export class ImageCacheLimit {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private built: Promise<void> | null = null;
  /** The background work (index updates, evictions) in order; tests wait for it with idle(). */
  private work: Promise<void> = Promise.resolve();
  private evicting = false;
  private readonly now: () => number;

  constructor(private readonly deps: ImageCacheLimitDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** After the proxy wrote files for `key` (an original and its sidecar, or a resized copy). */
  recordWrite(key: string, files: WrittenFile[]): void {
    this.enqueue(async () => {
      const entry = this.entry(key);
      for (const file of files) {
        const known = cacheFileOf(this.deps.root, file.path);
        if (known?.key === key) this.setFile(entry, known.name, file.bytes);
      }
      entry.lastUsed = this.now();
      entry.touchedAt = entry.lastUsed;
    });
  }

  /** After the proxy served `key` from the cache. */
  recordUse(key: string, originalFile: string): void {
    this.enqueue(async () => {
      const entry = this.entries.get(key);
      if (!entry) return;
      const now = this.now();
      entry.lastUsed = now;
      if (now - entry.touchedAt < TOUCH_EVERY_MS) return;
      entry.touchedAt = now;
      const when = new Date(now);
      await utimes(originalFile, when, when).catch(() => undefined);
    });
  }

  /** The bytes of the cached originals and resized copies (the index is built when needed). */
  async usedBytes(): Promise<number> {
    await this.ensureBuilt();
    return this.total;
  }

  /**
   * Removes every cached image except those being served at this moment (Options → Cache reset); they are
   * fetched again when next shown. Answers how many URLs were removed.
   */
  clear(): Promise<{ removed: number; freedBytes: number }> {
    const cleared = this.work
      .then(() => this.ensureBuilt())
      .then(async () => {
        const before = this.total;
        const removed = await this.removeUntil(0);
        return { removed, freedBytes: before - this.total };
      });
    this.work = cleared.then(
      () => undefined,
      () => undefined,
    );
    return cleared;
  }

  /** Resolves once the background work queued so far (index updates and evictions) is done. */
  async idle(): Promise<void> {
    for (let previous: Promise<void> | null = null; previous !== this.work;) {
      previous = this.work;
      await previous;
    }
  }

  /** Runs a change of the index after it is built, then evicts when the total is over the limit. */
  private enqueue(change: () => Promise<void>): void {
    this.work = this.work
      .then(() => this.ensureBuilt())
      .then(change)
      .then(() => this.evictIfOver())
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'the images cache limit failed'));
  }

  private ensureBuilt(): Promise<void> {
    this.built ??= this.walk();
    return this.built;
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { files: new Map(), bytes: 0, lastUsed: 0, touchedAt: 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private setFile(entry: Entry, name: string, bytes: number): void {
    const delta = bytes - (entry.files.get(name) ?? 0);
    entry.files.set(name, bytes);
    entry.bytes += delta;
    this.total += delta;
  }

  /** One walk of originals/ and resized/: every cached file by its key; last use = the newest mtime. */
  private async walk(): Promise<void> {
    for (const folder of ['originals', 'resized']) {
      let found;
      try {
        found = await readdir(join(this.deps.root, folder), { recursive: true, withFileTypes: true });
      } catch {
        continue; // nothing cached yet
      }
      for (const item of found) {
        if (!item.isFile()) continue;
        const path = join(item.parentPath, item.name);
        const known = cacheFileOf(this.deps.root, path);
        if (!known) continue;
        try {
          const info = await stat(path);
          const entry = this.entry(known.key);
          this.setFile(entry, known.name, info.size);
          entry.lastUsed = Math.max(entry.lastUsed, info.mtimeMs);
          entry.touchedAt = entry.lastUsed;
        } catch {
          // Removed while we were walking.
        }
      }
    }
  }

  private async evictIfOver(): Promise<void> {
    const limit = this.deps.limitBytes();
    if (this.total <= limit || this.evicting) return;
    this.evicting = true;
    try {
      await this.evict(Math.floor(limit * EVICT_TO));
    } finally {
      this.evicting = false;
    }
  }

  /** Removes the least recently used entries that are not busy until the total is at most `target`. */
  private async evict(target: number): Promise<void> {
    const before = this.total;
    const removed = await this.removeUntil(target);
    if (removed === 0) return;
    this.deps.logger.info(
      { removed, freedBytes: before - this.total, limitBytes: this.deps.limitBytes() },
      'the images cache was over its limit; the least recently used images were removed',
    );
    this.deps.onEvicted?.();
  }

  /** Removes entries, least recently used first, skipping busy ones, until the total is at most `target`. */
  private async removeUntil(target: number): Promise<number> {
    const oldestFirst = [...this.entries].sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    let removed = 0;
    for (const [key, entry] of oldestFirst) {
      if (this.total <= target) break;
      if (this.deps.isBusy(key) || this.entries.get(key) !== entry) continue;
      // Out of the index first, so a write of the same URL meanwhile starts a new entry.
      this.entries.delete(key);
      this.total -= entry.bytes;
      removed++;
      // The sidecar first: without it the original no longer counts, so no reader picks a half-removed entry.
      const names = [...entry.files.keys()].sort((a, b) => Number(b === SIDECAR) - Number(a === SIDECAR));
      for (const name of names) await rm(cacheFilePath(this.deps.root, key, name), { force: true });
    }
    return removed;
  }
}
