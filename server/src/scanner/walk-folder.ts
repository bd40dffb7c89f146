import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A file the walk found: its folder (as reached from the root, symlinks kept) and its name. */
export interface WalkedFile {
  dir: string;
  filename: string;
}

export interface WalkResult {
  files: WalkedFile[];
  /** Folders that could not be read (permissions, vanished mid-walk), with the reason; the walk goes on. */
  unreadable: { dir: string; reason: string }[];
}

/**
 * Lists the files under `root` whose name `accept`s, reading each folder once (readdir with file types, so
 * a plain file costs no extra call).
 *
 * - Names starting with '.' (files and folders) are skipped, as the reference does.
 * - Symbolic links are followed, to files and to folders, but every folder is entered at most once, by its
 *   real path: a link back to an ancestor (a loop) or a second link to the same folder is not walked again.
 *   Plain folders come first, so a folder is recorded under its own path rather than a link's; files in a
 *   folder reached only through a link keep the path through the link, so rows stay put while it does.
 * - A broken link is ignored; a folder that cannot be read is reported in `unreadable` (the root too).
 */
export async function walkFolder(root: string, accept: (filename: string) => boolean): Promise<WalkResult> {
  const files: WalkedFile[] = [];
  const unreadable: WalkResult['unreadable'] = [];
  const entered = new Set<string>();
  const pending: string[] = [root];
  // Linked folders wait until every plain folder is walked, then go in name order: a folder reached both
  // directly and through a link is always recorded under its own path, whatever order readdir gives.
  let linked: string[] = [];

  for (;;) {
    if (pending.length === 0 && linked.length > 0) {
      pending.push(...linked.sort().reverse());
      linked = [];
    }
    const dir = pending.pop();
    if (dir === undefined) break;
    let entries: Dirent[];
    try {
      const real = await realpath(dir);
      if (entered.has(real)) continue;
      entered.add(real);
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      unreadable.push({ dir, reason: reasonOf(error) });
      continue;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.')) continue;
      if (entry.isFile()) {
        if (accept(name)) files.push({ dir, filename: name });
      } else if (entry.isDirectory()) {
        pending.push(join(dir, name));
      } else if (entry.isSymbolicLink()) {
        const target = await stat(join(dir, name)).catch(() => null);
        if (target?.isDirectory()) linked.push(join(dir, name));
        else if (target?.isFile() && accept(name)) files.push({ dir, filename: name });
      }
    }
  }
  return { files, unreadable };
}

/** The text of an error for a log line (Node's file errors already name the code and the path). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
