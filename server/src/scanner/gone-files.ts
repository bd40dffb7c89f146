import { lstat, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { KnownFileRow } from '../repositories/file-scan.repository';

/** Files checked at once. */
const CHECKS_IN_FLIGHT = 64;

type FolderState = 'present' | 'removed' | 'unreachable';

const missingCodes = new Set(['ENOENT', 'ENOTDIR']);
const isMissing = (error: unknown) => missingCodes.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Of the rows a walk of a mounted volume did not find, those whose file is really gone. A row is kept when
 * its file is still there (an extension no longer scanned, a name the walk skips) or cannot be told apart
 * from unreachable: a folder behind a symbolic link whose target is missing (a link to another disk that
 * is not mounted), or a folder that cannot be read.
 */
export async function goneFiles(root: string, missing: readonly KnownFileRow[]): Promise<KnownFileRow[]> {
  const top = resolve(root);
  const folders = new Map<string, Promise<FolderState>>();

  const folderState = (dir: string): Promise<FolderState> => {
    let state = folders.get(dir);
    if (state === undefined) {
      state = readFolderState(dir);
      folders.set(dir, state);
    }
    return state;
  };

  const readFolderState = async (dir: string): Promise<FolderState> => {
    try {
      return (await stat(dir)).isDirectory() ? 'present' : 'removed';
    } catch (error) {
      if (!isMissing(error)) return 'unreachable';
    }
    // The folder cannot be reached: a dangling link (the entry is there) or removed (it is not).
    const entry = await lstat(dir).catch((error: unknown) => (isMissing(error) ? null : 'unreadable'));
    if (entry !== null) return 'unreachable';
    const parent = dirname(dir);
    if (resolve(dir) === top || parent === dir || !resolve(dir).startsWith(top)) return 'unreachable';
    return (await folderState(parent)) === 'unreachable' ? 'unreachable' : 'removed';
  };

  const isGone = async (row: KnownFileRow): Promise<boolean> => {
    try {
      await stat(join(row.path, row.filename));
      return false;
    } catch (error) {
      return isMissing(error) && (await folderState(row.path)) !== 'unreachable';
    }
  };

  const gone: KnownFileRow[] = [];
  for (let start = 0; start < missing.length; start += CHECKS_IN_FLIGHT) {
    const chunk = missing.slice(start, start + CHECKS_IN_FLIGHT);
    const verdicts = await Promise.all(chunk.map(isGone));
    gone.push(...chunk.filter((_, index) => verdicts[index]));
  }
  return gone;
}
