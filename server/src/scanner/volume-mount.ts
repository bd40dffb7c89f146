import { access, constants, opendir, stat } from 'node:fs/promises';
import { reasonOf } from './walk-folder';

export type MountState = { mounted: true } | { mounted: false; reason: string };

/**
 * What file systems, NAS systems and desktops leave at the top of a disk or a mount point by themselves; a folder
 * holding only these has no library in it (compared ignoring case).
 */
const SYSTEM_CLUTTER = new Set(
  [
    'lost+found',
    '.DS_Store',
    '._.DS_Store',
    '.Spotlight-V100',
    '.fseventsd',
    '.Trashes',
    '.TemporaryItems',
    '.AppleDouble',
    '.AppleDB',
    '.localized',
    'Thumbs.db',
    'desktop.ini',
    '$RECYCLE.BIN',
    'System Volume Information',
    '@eaDir',
    '#recycle',
    '#snapshot',
    '.snapshot',
    '.snapshots',
    '.Trash-1000',
  ].map((name) => name.toLowerCase()),
);

export const isSystemClutter = (name: string): boolean => SYSTEM_CLUTTER.has(name.toLowerCase());

/**
 * Whether a local volume's folder is there to scan: it exists, is a folder, can be read and holds something other
 * than system clutter. An unmounted disk usually leaves an empty mount point (or one with only `lost+found` or a
 * desktop's `.DS_Store`), so such a folder counts as not mounted: scanning it would otherwise look like every
 * file had been deleted.
 */
export async function folderMountState(folder: string): Promise<MountState> {
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) return { mounted: false, reason: 'it is not a folder' };
    await access(folder, constants.R_OK | constants.X_OK);
    const dir = await opendir(folder);
    let clutter = 0;
    try {
      for (let entry = await dir.read(); entry !== null; entry = await dir.read()) {
        if (!isSystemClutter(entry.name)) return { mounted: true };
        clutter += 1;
      }
    } finally {
      await dir.close().catch(() => undefined);
    }
    return {
      mounted: false,
      reason: clutter === 0 ? 'it is empty' : 'it holds only system folders and files',
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { mounted: false, reason: 'it does not exist' };
    return { mounted: false, reason: `it cannot be read (${reasonOf(error)})` };
  }
}
