import { Writable } from 'node:stream';
import { inspect } from 'node:util';

/** pino's numeric levels and how the terminal shows them. */
const LEVELS: Readonly<Record<number, { label: string; colour: string }>> = {
  10: { label: 'TRACE', colour: '\u001b[90m' },
  20: { label: 'DEBUG', colour: '\u001b[36m' },
  30: { label: 'INFO ', colour: '\u001b[32m' },
  40: { label: 'WARN ', colour: '\u001b[33m' },
  50: { label: 'ERROR', colour: '\u001b[31m' },
  60: { label: 'FATAL', colour: '\u001b[41;97m' },
};
const RESET = '\u001b[0m';
const DIM = '\u001b[2m';
/** Keys every line carries that the readable form shows in its own place, or not at all. */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'err', 'pid', 'hostname']);

interface LogRecord {
  level?: number;
  time?: string | number;
  msg?: string;
  err?: { message?: string; stack?: string; type?: string };
  [key: string]: unknown;
}

function clock(time: LogRecord['time']): string {
  const date = time === undefined ? new Date() : new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : date.toTimeString().slice(0, 8);
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return inspect(value, { breakLength: Infinity, depth: 3, colors: false });
}

/** One log line as a person reads it: `12:04:31 WARN  message key=value …`, then an error's stack. */
export function formatLogLine(line: string, colours: boolean): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return `${line}\n`;
  }
  const level = LEVELS[record.level ?? 30] ?? { label: String(record.level), colour: '' };
  const paint = (code: string, text: string) => (colours && code ? `${code}${text}${RESET}` : text);
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const parts = [paint(DIM, clock(record.time)), paint(level.colour, level.label), record.msg ?? ''];
  if (fields.length > 0) parts.push(paint(DIM, fields.join(' ')));
  let text = parts.filter((part) => part !== '').join(' ');
  if (record.err) {
    const stack = record.err.stack ?? record.err.message ?? '';
    text += `\n${paint(DIM, stack.replace(/^/gm, '    '))}`;
  }
  return `${text}\n`;
}

/** A stream for pino that writes each JSON line readably to a terminal. */
export function terminalLogStream(out: NodeJS.WritableStream, colours: boolean): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const text = lines
        .filter((line) => line !== '')
        .map((line) => formatLogLine(line, colours))
        .join('');
      if (text === '') {
        done();
        return;
      }
      out.write(text, () => done());
    },
  });
}
