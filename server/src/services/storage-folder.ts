import { constants } from 'node:fs';
import { access, opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import { BadRequestError } from '../http/http-errors';

/** The code of a Node file-system error, or '' for anything else. */
function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/**
 * Checks that `folder` can be a local storage location: an absolute path to an existing folder that can be
 * listed and read. Answers the normalised path (resolved, no trailing separator); throws a 400 with the reason.
 */
export async function checkStorageFolder(folder: string): Promise<string> {
  if (!path.isAbsolute(folder)) {
    throw new BadRequestError(
      `The folder ${folder} is not an absolute path; give the full path, such as /videos`,
    );
  }
  const resolved = path.resolve(folder);
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(resolved)).isDirectory();
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new BadRequestError(`The folder ${resolved} does not exist`);
    throw new BadRequestError(`The folder ${resolved} cannot be read (${code || 'unknown error'})`);
  }
  if (!isDirectory) throw new BadRequestError(`${resolved} is not a folder`);
  try {
    await access(resolved, constants.R_OK | constants.X_OK);
  } catch {
    throw new BadRequestError(`The folder ${resolved} cannot be read; check its permissions`);
  }
  return resolved;
}

/**
 * Whether a local storage location is mounted: the folder exists, can be listed and holds at least one entry
 * (an empty folder is usually an unmounted mount point). Reads one entry, not the whole listing.
 */
export async function isFolderMounted(folder: string): Promise<boolean> {
  try {
    const dir = await opendir(folder, { bufferSize: 1 });
    try {
      return (await dir.read()) !== null;
    } finally {
      await dir.close().catch(() => undefined);
    }
  } catch {
    return false;
  }
}

/** Whether two stored local paths name the same folder (trailing separators and `..` aside). */
export function sameFolder(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}
