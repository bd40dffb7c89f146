import { access, constants, opendir, stat } from 'node:fs/promises';
import { reasonOf } from './walk-folder';

export type MountState = { mounted: true } | { mounted: false; reason: string };

/**
 * Whether a local volume's folder is there to scan: it exists, is a folder, can be read and is not empty. An
 * unmounted disk usually leaves an empty mount point, so an empty folder counts as not mounted: scanning it
 * would otherwise look like every file had been deleted.
 */
export async function folderMountState(folder: string): Promise<MountState> {
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) return { mounted: false, reason: 'it is not a folder' };
    await access(folder, constants.R_OK | constants.X_OK);
    const dir = await opendir(folder);
    try {
      const first = await dir.read();
      return first === null ? { mounted: false, reason: 'it is empty' } : { mounted: true };
    } finally {
      await dir.close().catch(() => undefined);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { mounted: false, reason: 'it does not exist' };
    return { mounted: false, reason: `it cannot be read (${reasonOf(error)})` };
  }
}
