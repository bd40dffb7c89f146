import path from 'node:path';

const DEFAULT_FILE_NAME = 'fovea.db';
/** A URL scheme: two or more characters, so Windows drive letters (`C:\...`) stay plain paths. */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * Turns `--database-url` / `DATABASE_URL` into an absolute SQLite file path.
 *
 * - undefined or blank: `<dataDir>/fovea.db`
 * - `sqlite:///abs/path.db`, `file:///abs/path.db`: the absolute path
 * - `sqlite://relative.db`, `sqlite:relative.db`, `file:relative.db`, `relative.db`: resolved against dataDir
 * - a plain absolute path: itself
 * - `postgres://` / `postgresql://`: not supported yet (throws)
 * - any other scheme: throws
 */
export function resolveDatabaseFile(databaseUrl: string | undefined, dataDir: string): string {
  const value = databaseUrl?.trim() ?? '';
  if (value === '') return path.resolve(dataDir, DEFAULT_FILE_NAME);

  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return path.resolve(dataDir, value);

  if (scheme === 'postgres' || scheme === 'postgresql') {
    throw new Error('PostgreSQL is not supported yet: use a sqlite: URL or a file path');
  }
  if (scheme !== 'sqlite' && scheme !== 'sqlite3' && scheme !== 'file') {
    throw new Error(
      `Unsupported database URL scheme "${scheme}:" in "${redact(value)}": use a sqlite: URL or a file path`,
    );
  }

  let rest = value.slice(scheme.length + 1);
  // `sqlite://x` names `x`; `sqlite:///abs` names `/abs`.
  if (rest.startsWith('//')) rest = rest.slice(2);
  // Connection options (`?mode=...`) are not supported; drop them.
  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query);
  rest = decodePercent(rest);
  if (rest === '') throw new Error(`The database URL "${value}" names no file`);
  return path.resolve(dataDir, rest);
}

function decodePercent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Hides a password in `scheme://user:password@host` before putting the URL into an error message. */
function redact(url: string): string {
  return url.replace(/\/\/([^/:@]*):[^/@]*@/, '//$1:***@');
}
