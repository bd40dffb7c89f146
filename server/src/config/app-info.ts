import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder that holds the root package.json of Fovea (found by walking up from this module). */
export function findProjectRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown };
      if (manifest.name === 'fovea') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Fovea project folder above ${start}`);
    dir = parent;
  }
}

/** The version of this build, from the root package.json. */
export function readAppVersion(projectRoot: string): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
