// npm run dev: the server from source with restart on change, and Vite's dev server with its proxy.
// Open http://localhost:5173/ui/ (Vite) — API and websocket calls go to the server on port 9999.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const args = process.argv.slice(2);
// Vite's proxy follows the server's port when one is given (npm run dev -- --port 8080).
const portFlag = args.indexOf('--port');
const port = portFlag >= 0 ? args[portFlag + 1] : process.env.FOVEA_PORT;
const webEnv = port ? { ...process.env, FOVEA_SERVER_URL: `http://127.0.0.1:${port}` } : process.env;
const children = [
  spawn(npm, ['run', 'dev', '-w', 'server', '--', ...args], { cwd: root, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit', env: webEnv }),
];
const stopAll = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
