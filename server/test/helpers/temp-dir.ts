import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Creates a fresh folder under the OS temp dir; remove it with `removeTempDir`. */
export function makeTempDir(prefix = 'fovea-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
