import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger';
import { formatLogLine } from '../../src/logging/terminal-log';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const dir = makeTempDir('terminal-log-');
afterAll(() => removeTempDir(dir));

/** A stand-in for process.stdout that says whether it is a terminal and keeps what was written. */
function fakeStdout(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  Object.assign(stream, { isTTY, hasColors: () => false });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

async function flushed(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('the terminal log', () => {
  it('formats a line as time, level, message and fields, with an error stack indented below', () => {
    const line = JSON.stringify({
      level: 50,
      time: '2026-11-27T10:04:31.000Z',
      msg: 'scan failed',
      volume: '/media/vr clips',
      files: 3,
      err: { message: 'boom', stack: 'Error: boom\n    at scan (scan.ts:1)' },
    });
    const text = formatLogLine(line, false);
    expect(text).toMatch(
      /^\d\d:\d\d:\d\d ERROR scan failed volume="\/media\/vr clips" files=3\n {4}Error: boom\n/,
    );
    expect(text).not.toContain('{"level"');
    expect(formatLogLine(line, true)).toContain('\u001b[31mERROR');
    expect(formatLogLine('not json', false)).toBe('not json\n');
  });

  it('writes readable lines to a terminal and JSON to the log file', async () => {
    const stdout = fakeStdout(true);
    const logsDir = join(dir, 'tty');
    const log = createLogger({ logsDir, level: 'info', toStdout: true, stdout: stdout.stream });
    log.logger.warn({ jobId: 7 }, 'rescan cancelled');
    await flushed();
    log.close();
    expect(stdout.text()).toMatch(/^\d\d:\d\d:\d\d WARN {2}rescan cancelled jobId=7\n$/);
    const fileLine = JSON.parse(readFileSync(join(logsDir, 'fovea.log'), 'utf8').trim()) as Record<
      string,
      unknown
    >;
    expect(fileLine).toMatchObject({ level: 40, msg: 'rescan cancelled', jobId: 7 });
  });

  it('writes JSON lines when the output is not a terminal (services, pipes, collectors)', async () => {
    const stdout = fakeStdout(false);
    const log = createLogger({
      logsDir: join(dir, 'pipe'),
      level: 'info',
      toStdout: true,
      stdout: stdout.stream,
    });
    log.logger.info('started');
    await flushed();
    log.close();
    expect(JSON.parse(stdout.text())).toMatchObject({ level: 30, msg: 'started' });
  });
});
