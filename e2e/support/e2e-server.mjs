// The built Fovea for the end-to-end suite: server/dist/app.js (the same code as server/dist/main.js), started
// the way main.ts starts it (same flags and FOVEA_* variables, same "listening" log line, closes on SIGTERM), plus
// what the tests inject: `--image-host NAME=ADDRESS` answers an image host name by a local server, taken as
// public by the image proxy (which refuses loopback otherwise). The program itself takes no injections.
// node e2e/support/e2e-server.mjs --port 0 --host 127.0.0.1 --data-dir D --image-host covers.e2e=127.0.0.1
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp, findProjectRoot, readAppVersion, resolveConfig } from '../../server/dist/app.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    'dlna-port': { type: 'string' },
    'database-url': { type: 'string' },
    'image-host': { type: 'string', multiple: true },
  },
  strict: true,
});

const imageHostMap = {};
for (const entry of values['image-host'] ?? []) {
  const [name, address] = entry.split('=');
  if (!name || !address) throw new Error(`--image-host wants NAME=ADDRESS, not ${entry}`);
  imageHostMap[name] = address;
}

const root = findProjectRoot();
const config = resolveConfig(
  {
    port: values.port,
    host: values.host,
    dataDir: values['data-dir'],
    dlnaPort: values['dlna-port'],
    databaseUrl: values['database-url'],
  },
  process.env,
  { version: readAppVersion(root), webDir: join(root, 'web', 'dist') },
);
const app = await createApp(config, { imageHostMap });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  app.close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await app.listen();
