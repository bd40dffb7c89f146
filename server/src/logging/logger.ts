import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { ServiceLogEvent } from '@fovea/contract';
import { LogRelay } from './log-relay';
import { terminalLogStream } from './terminal-log';

export type Logger = pino.Logger;

export interface LoggerOptions {
  logsDir: string;
  level: string;
  toStdout: boolean;
  /** Where the console copy goes (process.stdout unless given); readable lines when it is a terminal. */
  stdout?: NodeJS.WriteStream;
}

export interface AppLogger {
  logger: Logger;
  /** Connects every log line (info and above) to a publisher of service.log events. */
  relay: LogRelay;
  /** Flushes and closes the log file (at shutdown). */
  close(): void;
}

const LOG_FILE = 'fovea.log';
const ROTATE_AT_BYTES = 10 * 1024 * 1024;
const KEEP_ROTATED = 3;

/** fovea.log -> fovea.log.1 -> ... when it has grown past 10 MB, so the data folder never fills with logs. */
export function rotateLogFile(logsDir: string): void {
  const file = join(logsDir, LOG_FILE);
  if (!existsSync(file) || statSync(file).size < ROTATE_AT_BYTES) return;
  rmSync(`${file}.${KEEP_ROTATED}`, { force: true });
  for (let i = KEEP_ROTATED - 1; i >= 1; i--) {
    if (existsSync(`${file}.${i}`)) renameSync(`${file}.${i}`, `${file}.${i + 1}`);
  }
  renameSync(file, `${file}.1`);
}

/** pino to stdout (readable on a terminal) and to logs/fovea.log in the data folder, plus the websocket relay. */
export function createLogger(options: LoggerOptions): AppLogger {
  mkdirSync(options.logsDir, { recursive: true });
  rotateLogFile(options.logsDir);
  // Synchronous writes: the log is low-volume (requests are not logged) and nothing is lost on a crash.
  const file = pino.destination({ dest: join(options.logsDir, LOG_FILE), sync: true, mkdir: true });
  const relay = new LogRelay();
  const streams: pino.StreamEntry[] = [
    { level: 'trace', stream: file },
    { level: 'info', stream: relay },
  ];
  if (options.toStdout) {
    const stdout = options.stdout ?? process.stdout;
    // A person at a terminal reads lines; pipes, services and log collectors get the JSON, as the file does.
    const stream = stdout.isTTY ? terminalLogStream(stdout, stdout.hasColors?.() ?? false) : stdout;
    streams.push({ level: 'trace', stream });
  }
  const logger = pino(
    { level: options.level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    pino.multistream(streams),
  );
  return {
    logger,
    relay,
    close: () => {
      relay.disconnect();
      file.end();
    },
  };
}

export type ServiceLogSink = (event: ServiceLogEvent) => void;
