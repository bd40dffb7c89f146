import { createHash } from 'node:crypto';

/**
 * The last HereSphere scan answer, in its pieces, kept while nothing it shows has changed: the key holds the
 * origin the links were built for, the `players` data version (moved by triggers on every change a scan entry
 * shows, migration 0008) and the scenes listed, in order. One answer is kept (about 14 MB for 20k scenes).
 */
export class ScanCache {
  private kept: { key: string; pieces: readonly string[] } | null = null;

  static key(origin: string, version: number, ids: readonly number[]): string {
    const scenes = createHash('sha1').update(ids.join(',')).digest('hex');
    return `${origin}\n${version}\n${scenes}`;
  }

  get(key: string): readonly string[] | undefined {
    return this.kept?.key === key ? this.kept.pieces : undefined;
  }

  set(key: string, pieces: readonly string[]): void {
    this.kept = { key, pieces };
  }
}
