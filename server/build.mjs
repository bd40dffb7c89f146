// Bundles the server (with the contract's TypeScript); npm packages stay external.
// - dist/main.js: the program (`node server/dist/main.js`, npm start).
// - dist/app.js: the same code as a module that exports createApp and what main.ts builds its config with, so the
//   end-to-end suite can start the built server with its injections (e2e/support/e2e-server.mjs) while the
//   program itself takes none.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => !name.startsWith('@fovea/'),
);
const path = (relative) => new URL(relative, import.meta.url).pathname;

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: [path('./src/main.ts')], outfile: path('./dist/main.js') }),
  build({
    ...common,
    stdin: {
      contents: [
        "export { createApp } from './app';",
        "export { resolveConfig } from './config/config';",
        "export { findProjectRoot, readAppVersion } from './config/app-info';",
      ].join('\n'),
      resolveDir: path('./src'),
      sourcefile: 'app-entry.ts',
      loader: 'ts',
    },
    outfile: path('./dist/app.js'),
  }),
]);
