import { ZERO_TIME } from '@fovea/contract';

/** One row of XBVR's database as a driver returns it (column name → value). */
export type XbvrRow = Readonly<Record<string, unknown>>;

/** The common case, a UTC time with seconds: taken apart as text, no Date needed. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:Z|\+00:?00)?$/;

/**
 * A time as XBVR's database keeps it, as RFC 3339 in UTC. SQLite holds GORM's text
 * ('2023-05-01 10:11:12.123456789+00:00', sometimes with 'T' or 'Z'); MySQL/MariaDB a DATETIME read as text
 * ('2023-05-01 10:11:12' or with microseconds), which XBVR writes in UTC. Go's zero time, MySQL's zero date, NULL
 * and anything unreadable become ZERO_TIME ("none"). Precision is kept to the millisecond.
 */
export function xbvrTime(value: unknown): string {
  if (value instanceof Date) return fromMillis(value.getTime());
  if (typeof value !== 'string') return ZERO_TIME;
  const utc = UTC_TEXT.exec(value);
  if (utc !== null) {
    const [, date = '', time = '', fraction = ''] = utc;
    if (date <= '0001-01-01') return ZERO_TIME;
    const millis = fraction.slice(0, 3).padEnd(3, '0');
    return `${date}T${time}${millis === '000' ? '' : `.${millis}`}Z`;
  }
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?(?:\s+\S+)?$/i.exec(
      value.trim(),
    );
  if (!match) return ZERO_TIME;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0')));
  return fromMillis(date.getTime() - zoneOffsetMinutes(zone) * 60_000);
}

function zoneOffsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
  return zone.startsWith('-') ? -minutes : minutes;
}

function fromMillis(millis: number): string {
  if (!Number.isFinite(millis)) return ZERO_TIME;
  const date = new Date(millis);
  if (date.getUTCFullYear() <= 1) return ZERO_TIME;
  return date.toISOString().replace('.000Z', 'Z');
}

/** A boolean column: SQLite's 0/1, MySQL's TINYINT(1), or text 'true'/'1'. NULL is false. */
export function xbvrBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string') return value === '1' || value.toLowerCase() === 'true';
  if (Buffer.isBuffer(value)) return value.length > 0 && value[0] !== 0 && value[0] !== 0x30;
  return false;
}

/** A number column; NULL and unreadable values are 0 (Go's zero value). */
export function xbvrNumber(value: unknown): number {
  return xbvrNumberOrNull(value) ?? 0;
}

/** A nullable number column (a cuepoint's track): NULL stays null. */
export function xbvrNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A text column; NULL is '' (Go's zero value). */
export function xbvrText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return '';
}
