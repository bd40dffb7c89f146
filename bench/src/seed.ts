// npm run bench:seed -- --data-dir DIR [--scenes N] [--files N] [--seed N] [--force]
// Leaves a seeded data folder that `npm start -- --data-dir DIR` (or FOVEA_DATA_DIR=DIR npm start) opens.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedSyntheticLibrary } from './synthetic-library';

const USAGE = 'usage: npm run bench:seed -- --data-dir DIR [--scenes N] [--files N] [--seed N] [--force]';

function count(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not "${text}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      scenes: { type: 'string' },
      files: { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values['data-dir']) throw new Error(`--data-dir is required\n${USAGE}`);
  // npm runs the script in bench/; a relative folder is meant from where npm was invoked.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), values['data-dir']);
  const scenes = count(values.scenes, 'scenes', 100_000);
  const files = count(values.files, 'files', Math.round(scenes / 5));
  const seed = count(values.seed, 'seed', 20260101);

  const database = join(dataDir, 'fovea.db');
  if (existsSync(database)) {
    if (!values.force) {
      throw new Error(`${dataDir} already holds a database; pass --force to replace the folder's contents`);
    }
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });

  console.log(`seeding ${scenes} scenes and ${files} files into ${dataDir}`);
  const report = await seedSyntheticLibrary(dataDir, { scenes, files, seed }, (line) =>
    console.log(`  ${line}`),
  );
  const rows = Object.entries(report.rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  console.log(`rows: ${rows}`);
  console.log(`done in ${(report.timings.total / 1000).toFixed(1)} s; start it with:`);
  console.log(`  npm start -- --data-dir ${dataDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
