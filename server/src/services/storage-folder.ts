import { constants } from 'node:fs';
import { access, opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { BadRequestError, ConflictError } from '../http/http-errors';

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

/** Folders of the system (and their subfolders) where videos never live: never a storage location. */
const POSIX_SYSTEM_FOLDERS = [
  '/proc',
  '/sys',
  '/dev',
  '/etc',
  '/boot',
  '/bin',
  '/sbin',
  '/usr',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/run',
  '/var/lib',
  '/var/run',
  '/var/log',
  '/var/cache',
  '/root',
  // macOS: the system volume, and /etc's real place.
  '/System',
  '/private/etc',
];

/** Where desktops mount removable disks inside a system folder (udisks2: /run/media/<user>/<disk>). */
const POSIX_REMOVABLE_MEDIA = ['/run/media', '/var/run/media'];

/** The system folders of a platform; Windows' come from its environment when set. */
export function systemFolders(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}): string[] {
  if (platform !== 'win32') return POSIX_SYSTEM_FOLDERS;
  return [
    env.SystemRoot ?? 'C:\\Windows',
    env.ProgramFiles ?? 'C:\\Program Files',
    env['ProgramFiles(x86)'] ?? 'C:\\Program Files (x86)',
    env.ProgramData ?? 'C:\\ProgramData',
  ];
}

/** Whether `child` is strictly inside `parent` (both absolute and normalised, for the platform's paths). */
export function isInside(child: string, parent: string, paths: path.PlatformPath = path): boolean {
  const relative = paths.relative(parent, child);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${paths.sep}`) &&
    !paths.isAbsolute(relative)
  );
}

/**
 * The system folder `folder` is or is inside (the root itself on POSIX systems), or null. Windows paths are
 * compared ignoring case.
 */
export function systemFolderOf(
  folder: string,
  platform: NodeJS.Platform,
  folders: readonly string[] = systemFolders(platform),
): string | null {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const fold = (text: string) =>
    platform === 'win32' ? paths.resolve(text).toLowerCase() : paths.resolve(text);
  const target = fold(folder);
  if (platform !== 'win32' && target === '/') return '/';
  const within = (parent: string) => fold(parent) === target || isInside(target, fold(parent), paths);
  if (platform !== 'win32' && POSIX_REMOVABLE_MEDIA.some(within)) return null;
  return folders.find(within) ?? null;
}

/** A folder as written (resolved) and as it really is (links followed; the written form when that fails). */
export interface FolderForms {
  shown: string;
  forms: string[];
}

export async function folderForms(folder: string): Promise<FolderForms> {
  const shown = path.resolve(folder);
  const real = await realpath(shown).catch(() => shown);
  return { shown, forms: [...new Set([shown, real])] };
}

/** Where a new storage folder must not be: what it is checked against. */
export interface FolderPlaceRules {
  platform: NodeJS.Platform;
  systemFolders: readonly string[];
  dataDir: FolderForms;
  /** The local storage locations already there. */
  existing: readonly FolderForms[];
}

const CHOOSE = 'choose a folder that holds your videos';

/**
 * Refuses a new storage folder that is (or is inside) a system folder or Fovea's data folder, or contains the
 * data folder (400), or overlaps a storage location already there (409): one inside the other, compared as
 * written and with links followed, so a link into a storage folder is refused too.
 */
export function checkFolderPlace(folder: FolderForms, rules: FolderPlaceRules): void {
  const { shown } = folder;
  for (const form of folder.forms) {
    const system = systemFolderOf(form, rules.platform, rules.systemFolders);
    if (system === null) continue;
    const which = system === form ? '' : ` (inside ${system})`;
    throw new BadRequestError(`The folder ${shown} is a system folder${which}; ${CHOOSE}`);
  }
  const relation = (forms: readonly string[], others: readonly string[]) => {
    for (const form of forms) {
      for (const other of others) {
        if (form === other) return 'same';
        if (isInside(form, other)) return 'inside';
        if (isInside(other, form)) return 'contains';
      }
    }
    return null;
  };
  const data = rules.dataDir.shown;
  switch (relation(folder.forms, rules.dataDir.forms)) {
    case 'same':
      throw new BadRequestError(`The folder ${shown} is Fovea's data folder; ${CHOOSE}`);
    case 'inside':
      throw new BadRequestError(`The folder ${shown} is inside Fovea's data folder (${data}); ${CHOOSE}`);
    case 'contains':
      throw new BadRequestError(
        `The folder ${shown} contains Fovea's data folder (${data}), whose previews would be scanned as videos; ${CHOOSE}`,
      );
    default:
  }
  for (const other of rules.existing) {
    switch (relation(folder.forms, other.forms)) {
      case 'same':
        throw new ConflictError(`The folder ${shown} is already a storage location (${other.shown})`);
      case 'inside':
        throw new ConflictError(
          `The folder ${shown} is inside the storage folder ${other.shown}, whose scan covers it already`,
        );
      case 'contains':
        throw new ConflictError(
          `The folder ${shown} contains the storage folder ${other.shown}; storage folders may not overlap`,
        );
      default:
    }
  }
}
