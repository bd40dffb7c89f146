// npm run bench: builds a synthetic library (100k scenes, 20k files) in a temp data folder and times the
// foundation's heavy paths. Prints figures; asserts nothing (budgets are read, not enforced here).
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/src/app';
import { seedSyntheticLibrary } from './synthetic-library';
import { percentile, timed } from './timing';

const SCENES = Number(process.env.BENCH_SCENES ?? 100_000);
const FILES = Number(process.env.BENCH_FILES ?? 20_000);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fovea-bench-'));
  try {
    const seeded = await timed(() => seedSyntheticLibrary(dataDir, SCENES, FILES));
    console.log(`seeded ${SCENES} scenes and ${FILES} files in ${seeded.ms.toFixed(0)} ms`);

    const app = await createApp({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      updateUrl: 'http://127.0.0.1:9/latest',
      webDir: join(dataDir, 'no-web'),
      logLevel: 'warn',
      logToStdout: false,
      version: 'bench',
    });
    await app.http.ready();

    const refresh = await timed(() => app.sceneStatus.refreshAll());
    console.log(
      `scene status refresh (first, all changed): ${refresh.ms.toFixed(0)} ms, ${refresh.value.changed} scenes updated`,
    );
    const again = await timed(() => app.sceneStatus.refreshAll());
    console.log(`scene status refresh (nothing changed): ${again.ms.toFixed(0)} ms`);

    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { ms } = await timed(() => app.http.inject({ method: 'GET', url: '/api/options/state' }));
      samples.push(ms);
    }
    console.log(
      `GET /api/options/state: p50 ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms`,
    );

    const rss = process.memoryUsage().rss / 1024 / 1024;
    console.log(`server process RSS after the run: ${rss.toFixed(0)} MB`);
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
