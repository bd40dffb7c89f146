import { stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';

/** Types of the files a web build holds; anything else is served as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Precompressed siblings written by the web build, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export interface StaticFile {
  /** The file to send: the original or its precompressed sibling. */
  path: string;
  size: number;
  modified: Date;
  contentType: string;
  /** Set when `path` is a precompressed sibling. */
  encoding?: 'br' | 'gzip';
  /** Whether the original has precompressed siblings (then caches must vary on Accept-Encoding). */
  hasVariants: boolean;
}

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that a URL path (already without its prefix) names, or undefined when there is none
 * or the path tries to leave `root`. A path ending in "/" names its folder's index.html.
 */
export function resolveStaticPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const wanted = decoded === '' || decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const base = resolve(root);
  const full = resolve(base, `.${sep}${wanted}`);
  const inside = relative(base, full);
  if (inside === '' || inside.startsWith('..') || resolve(base, inside) !== full) return undefined;
  return full;
}

function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name !== '' && !refused) accepted.add(name);
  }
  return accepted;
}

async function fileStats(path: string): Promise<{ size: number; modified: Date } | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? { size: stats.size, modified: stats.mtime } : undefined;
  } catch {
    return undefined;
  }
}

/** The original file and, when the client accepts it, its best precompressed sibling. */
export async function findStaticFile(
  path: string,
  acceptEncoding: string | undefined,
): Promise<StaticFile | undefined> {
  const original = await fileStats(path);
  if (!original) return undefined;
  const contentType = contentTypeOf(path);
  const accepted = acceptedEncodings(acceptEncoding);
  let hasVariants = false;
  for (const encoding of ENCODINGS) {
    const variant = await fileStats(`${path}${encoding.suffix}`);
    // An empty sibling of a non-empty file is a build caught half-written: never send it.
    if (!variant || (variant.size === 0 && original.size > 0)) continue;
    hasVariants = true;
    if (accepted.has(encoding.name)) {
      return {
        path: `${path}${encoding.suffix}`,
        ...variant,
        contentType,
        encoding: encoding.name,
        hasVariants,
      };
    }
  }
  return { path, ...original, contentType, hasVariants };
}

/** A weak validator from size and time: the same build gives the same tag. */
export function entityTag(file: StaticFile): string {
  return `W/"${file.size.toString(16)}-${file.modified.getTime().toString(16)}${file.encoding ? `-${file.encoding}` : ''}"`;
}

export function isHashedAsset(root: string, path: string): boolean {
  return relative(root, path).startsWith(join('assets', ''));
}
