import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the flags are served: `${FLAG_PATH_PREFIX}${code}.svg` (lower-case code). */
export const FLAG_PATH_PREFIX = '/flags/';

/** Regions whose flag-icons file is named after the territory they belong to (Saint Helena's "sh-ac"). */
const FLAG_ALIASES: Readonly<Record<string, string>> = { ac: 'sh-ac', ta: 'sh-ta' };

/** The 4x3 SVG flags of the flag-icons package (MIT), wherever npm installed it. */
export function defaultFlagDir(): string {
  const manifest = createRequire(import.meta.url).resolve('flag-icons/package.json');
  return join(dirname(manifest), 'flags', '4x3');
}

/**
 * Country flags served by Fovea itself (no outside CDN): the SVG files of the flag-icons package, read once
 * and kept in memory (about 270 small files).
 */
export class FlagIcons {
  private readonly codes: ReadonlySet<string>;
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly dir: string = defaultFlagDir()) {
    this.codes = new Set(
      readdirSync(dir)
        .filter((file) => file.endsWith('.svg'))
        .map((file) => file.slice(0, -'.svg'.length)),
    );
  }

  /** The flag's URL path for a country code (any case), or '' when the package has no flag for it. */
  url(code: string): string {
    const lower = code.toLowerCase();
    const key = FLAG_ALIASES[lower] ?? lower;
    return this.codes.has(key) ? `${FLAG_PATH_PREFIX}${key}.svg` : '';
  }

  /** The SVG of a flag by its lower-case code ("us", "gb-eng"), or null when there is none. */
  async svg(code: string): Promise<Buffer | null> {
    if (!this.codes.has(code)) return null;
    const cached = this.cache.get(code);
    if (cached) return cached;
    const body = await readFile(join(this.dir, `${code}.svg`));
    this.cache.set(code, body);
    return body;
  }
}
