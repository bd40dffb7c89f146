import { describe, expect, it } from 'vitest';
import { mergeInto } from '../../../src/bundles/restore/apply-config';
import { volumeFor } from '../../../src/bundles/restore/apply-files';
import { storedDate, storedTime } from '../../../src/bundles/restore/apply-values';

/* The pure rules of a restore: Go times and dates, the volume a file belongs to, the options merge. */

describe('bundle times', () => {
  it('turns Go times into ISO-8601 UTC, and the zero time or junk into none', () => {
    expect(storedTime('2024-06-01T10:00:00+02:00')).toBe('2024-06-01T08:00:00.000Z');
    expect(storedTime('0001-01-01T00:00:00Z')).toBeNull();
    expect(storedTime('')).toBeNull();
    expect(storedTime('soon')).toBeNull();
    expect(storedTime(undefined)).toBeUndefined();
  });

  it('keeps the day a date names, whatever its offset', () => {
    expect(storedDate('2024-03-05T00:00:00-08:00')).toBe('2024-03-05');
    expect(storedDate('2024-03-05')).toBe('2024-03-05');
    expect(storedDate('Jan 5, 2020')).toBe('2020-01-05');
    expect(storedDate('0001-01-01T00:00:00Z')).toBeNull();
  });
});

describe('volumeFor', () => {
  const volumes = [
    { id: 1, type: 'local' as const, path: '/media' },
    { id: 2, type: 'local' as const, path: '/media/vr/' },
    { id: 3, type: 'putio' as const, path: 'Put.io (me)' },
  ];

  it('takes the longest volume path that holds the folder, as a whole folder', () => {
    expect(volumeFor(volumes, '/media/vr/studio')?.id).toBe(2);
    expect(volumeFor(volumes, '/media/vr')?.id).toBe(2);
    expect(volumeFor(volumes, '/media/vrx')?.id).toBe(1);
    expect(volumeFor(volumes, '/elsewhere')).toBeUndefined();
  });

  it('takes the volume a record names when it is here', () => {
    expect(volumeFor(volumes, '/elsewhere', 'Put.io (me)')?.id).toBe(3);
    expect(volumeFor(volumes, '/media/vr/x', '/media')?.id).toBe(1);
    expect(volumeFor(volumes, '/media/vr/x', '/gone')?.id).toBe(2);
  });

  it('puts a put.io file (a file id, no folder) on the one put.io volume', () => {
    expect(volumeFor(volumes, '12345')?.id).toBe(3);
    expect(volumeFor([...volumes, { id: 4, type: 'putio', path: 'Put.io (you)' }], '12345')).toBeUndefined();
  });
});

describe('mergeInto', () => {
  it('merges objects key by key and replaces lists and values', () => {
    expect(mergeInto({ a: { b: 1, c: 2 }, l: [1, 2] }, { a: { c: 3 }, l: [9] })).toEqual({
      a: { b: 1, c: 3 },
      l: [9],
    });
  });
});
