import { ZERO_TIME } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { xbvrBool, xbvrNumberOrNull, xbvrText, xbvrTime } from '../../../src/bundles/xbvr-db/xbvr-values';

describe('xbvrTime', () => {
  it("reads GORM's SQLite texts as RFC 3339 in UTC", () => {
    expect(xbvrTime('2023-05-01 10:11:12.123456789+00:00')).toBe('2023-05-01T10:11:12.123Z');
    expect(xbvrTime('2024-01-10 22:30:00+02:00')).toBe('2024-01-10T20:30:00Z');
    expect(xbvrTime('2024-01-01 01:30:00-0500')).toBe('2024-01-01T06:30:00Z');
    expect(xbvrTime('2023-05-01T10:11:12Z')).toBe('2023-05-01T10:11:12Z');
    expect(xbvrTime('2023-05-01 10:11:12 +0000 UTC')).toBe('2023-05-01T10:11:12Z');
  });

  it('reads MySQL DATETIME text as UTC, and a bare date as midnight', () => {
    expect(xbvrTime('2023-05-01 10:11:12')).toBe('2023-05-01T10:11:12Z');
    expect(xbvrTime('2023-05-01 10:11:12.250000')).toBe('2023-05-01T10:11:12.250Z');
    expect(xbvrTime('2023-05-01')).toBe('2023-05-01T00:00:00Z');
  });

  it("gives ZERO_TIME for Go's zero time, MySQL's zero date, NULL and junk", () => {
    expect(xbvrTime('0001-01-01 00:00:00+00:00')).toBe(ZERO_TIME);
    expect(xbvrTime('0000-00-00 00:00:00')).toBe(ZERO_TIME);
    expect(xbvrTime(null)).toBe(ZERO_TIME);
    expect(xbvrTime('')).toBe(ZERO_TIME);
    expect(xbvrTime('yesterday')).toBe(ZERO_TIME);
  });
});

describe('column values', () => {
  it('reads booleans from 0/1, TINYINT and text', () => {
    expect([1, 0, '1', 'true', 'false', null].map(xbvrBool)).toEqual([true, false, true, true, false, false]);
  });

  it('keeps a NULL track null and reads numeric text', () => {
    expect([null, 0, 3, '2.5', 'x'].map(xbvrNumberOrNull)).toEqual([null, 0, 3, 2.5, null]);
  });

  it("gives Go's empty string for NULL text", () => {
    expect([null, 'a', 7].map(xbvrText)).toEqual(['', 'a', '7']);
  });
});
