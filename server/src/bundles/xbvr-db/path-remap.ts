import type { PathMapping } from '@fovea/contract';

const SEPARATORS = /[\\/]+/g;
const TRAILING_SEPARATORS = /[\\/]+$/;

/** A path with every run of `/` or `\` as one `/`, for comparing Windows and POSIX paths alike. */
function normalise(path: string): string {
  return path.replace(SEPARATORS, '/');
}

/** The separator a path writes with: the one it uses ('/' when it uses both or none). */
function separatorOf(path: string): '/' | '\\' | null {
  const slash = path.includes('/');
  const backslash = path.includes('\\');
  if (slash === backslash) return slash ? '/' : null;
  return slash ? '/' : '\\';
}

/**
 * Rewrites the start of `path` with the first matching "from prefix → to prefix" mapping, longest `from` first.
 * A prefix matches whole path segments only (`/videos` matches `/videos/vr` but not `/videos2`), with `/` and `\`
 * taken as the same separator, so XBVR's Windows paths (`D:\Videos\VR`) map as well as Docker ones. The part
 * after the prefix is written with the separator of `to` (its own separator when `to` has none). A path no
 * mapping matches comes back unchanged.
 */
export function remapPath(path: string, mappings: readonly PathMapping[]): string {
  const normalisedPath = normalise(path);
  const ordered = mappings
    .map((mapping) => ({ mapping, from: normalise(mapping.from).replace(TRAILING_SEPARATORS, '') }))
    .sort((a, b) => b.from.length - a.from.length);
  for (const { mapping, from } of ordered) {
    const matches =
      from === ''
        ? normalisedPath.startsWith('/')
        : normalisedPath === from || normalisedPath.startsWith(`${from}/`);
    if (!matches) continue;
    const rest = normalisedPath.slice(from.length);
    if (rest === '') return mapping.to;
    const separator = separatorOf(mapping.to) ?? separatorOf(path) ?? '/';
    const base = mapping.to.replace(TRAILING_SEPARATORS, '');
    return base + (separator === '/' ? rest : rest.replace(/\//g, '\\'));
  }
  return path;
}
