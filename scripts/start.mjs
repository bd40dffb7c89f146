// npm start: builds what is not built yet (or is older than its sources), then serves.
// Extra arguments go to the server: npm start -- --port 8080 --data-dir /srv/fovea
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, staleTargets } from './build-state.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const name of staleTargets()) {
  console.log(`Building the ${name}...`);
  const result = spawnSync(npm, ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'server/dist/main.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
