// What needs building: a target is stale when it is missing or older than any file it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function isStale(target, sources) {
  if (!existsSync(target)) return true;
  const built = statSync(target).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

export const targets = {
  server: {
    output: join(root, 'server/dist/main.js'),
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'contract/src', 'package.json'],
  },
  web: {
    output: join(root, 'web/dist/index.html'),
    sources: [
      'web/src',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'contract/src',
      'package.json',
    ],
  },
};

export function staleTargets() {
  return Object.entries(targets)
    .filter(([, target]) => isStale(target.output, target.sources))
    .map(([name]) => name);
}
