import type { LogLevel, ServiceLogEvent } from '@fovea/contract';

const LEVELS: Record<number, LogLevel> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warning',
  50: 'error',
  60: 'fatal',
};

/** Fields of a pino line that are not the caller's data. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** "2024-05-01 10:11:12.123 +0000 UTC", the timestamp style of the reference system's service.log. */
export function formatLogTimestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} +0000 UTC`;
}

/** Turns one pino JSON line into a service.log event, or null for lines that are not JSON objects. */
export function toServiceLogEvent(line: string): ServiceLogEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (OWN_FIELDS.has(key)) continue;
    if (key === 'err' && typeof value === 'object' && value !== null) {
      const err = value as { message?: unknown };
      data.error = typeof err.message === 'string' ? err.message : String(value);
      continue;
    }
    data[key] = value;
  }
  const time =
    typeof record.time === 'string' || typeof record.time === 'number' ? new Date(record.time) : new Date();
  return {
    level: LEVELS[typeof record.level === 'number' ? record.level : 30] ?? 'info',
    message: typeof record.msg === 'string' ? record.msg : '',
    data,
    timestamp: formatLogTimestamp(Number.isNaN(time.getTime()) ? new Date() : time),
  };
}

/**
 * A pino destination that hands every line to a sink (the websocket's service.log). Lines written before a
 * sink is connected are dropped: nobody can be listening yet.
 */
export class LogRelay {
  private sink: ((event: ServiceLogEvent) => void) | null = null;

  connect(sink: (event: ServiceLogEvent) => void): void {
    this.sink = sink;
  }

  disconnect(): void {
    this.sink = null;
  }

  write(line: string): void {
    const sink = this.sink;
    if (!sink) return;
    const event = toServiceLogEvent(line);
    if (!event) return;
    try {
      sink(event);
    } catch {
      // A failing publisher must never break logging.
    }
  }
}
