/**
 * A rough speed check of reading bundles (not a test; timings are never asserted):
 *   npx tsx server/test/bundles/restore-read/speed-check.ts [scenes]
 * Writes a v2.1 bundle of `scenes` scenes (default 20000, about 1.4 KB of scene and file link each) built from the
 * hand-made bundle, spools it, then reads the same bundle as the wire form's uploadData; prints MB/s and memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { spoolBundleFile } from '../../../src/bundles/restore/bundle-reader';
import { readWireRestoreBody } from '../../../src/bundles/restore/bundle-source-wire';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { handMadeBundle } from './hand-made-bundle';

const count = Number(process.argv[2] ?? 20_000);
const dir = makeTempDir('fovea-bundle-speed-');

function writeBundle(file: string): number {
  const [scene] = handMadeBundle.scenes;
  const [links] = handMadeBundle.sceneFileLinks;
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `{"timestamp":"${handMadeBundle.timestamp}","bundleVersion":"2.1","scenes":[`);
  for (let i = 0; i < count; i += 1)
    fs.writeSync(fd, `${i ? ',' : ''}${JSON.stringify({ ...scene, scene_id: `s-${i}` })}`);
  fs.writeSync(fd, '],"sceneFileLinks":[');
  for (let i = 0; i < count; i += 1)
    fs.writeSync(fd, `${i ? ',' : ''}${JSON.stringify({ ...links, scene_id: `s-${i}` })}`);
  fs.writeSync(fd, ']}');
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

/** Wall time, and CPU time (user + system), which other work on the machine does not stretch. */
const figures = (label: string, bytes: number, started: number, cpuStart: NodeJS.CpuUsage) => {
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rss = process.memoryUsage().rss / 1024 ** 2;
  const rate = (s: number) => (bytes / 1e6 / s).toFixed(0);
  process.stdout.write(
    `${label}: ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${rate(seconds)} MB/s ` +
      `(CPU ${cpuSeconds.toFixed(2)} s = ${rate(cpuSeconds)} MB/s), rss ${rss.toFixed(0)} MB\n`,
  );
};

try {
  const file = path.join(dir, 'bundle.json');
  const size = writeBundle(file);
  let started = performance.now();
  let cpu = process.cpuUsage();
  const bundle = await spoolBundleFile(file, path.join(dir, 'spool'));
  figures(`spool (${bundle.counts.scenes ?? 0} scenes)`, size, started, cpu);
  started = performance.now();
  cpu = process.cpuUsage();
  let read = 0;
  for await (const record of bundle.records('scenes')) read += record.scene_id.length > 0 ? 1 : 0;
  figures(`read back ${read} scenes`, size / 2, started, cpu);
  await bundle.dispose();

  const body = path.join(dir, 'body.json');
  const out = fs.createWriteStream(body);
  out.write('{"overwrite":true,"uploadData":"');
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    out.write(JSON.stringify(String(chunk)).slice(1, -1));
  }
  out.end('"}');
  await finished(out);
  const bodySize = fs.statSync(body).size;
  started = performance.now();
  cpu = process.cpuUsage();
  await readWireRestoreBody(body, path.join(dir, 'from-wire.json'));
  figures('wire body uploadData', bodySize, started, cpu);
} finally {
  removeTempDir(dir);
}
