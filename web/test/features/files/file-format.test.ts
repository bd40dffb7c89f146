import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  formatBitrate,
  formatCount,
  formatDateTime,
  formatDuration,
  formatFileSize,
  formatResolution,
} from '../../../src/features/files/file-format';

describe('file value formatting', () => {
  it('shows a dash for zero and unknown values', () => {
    expect(formatFileSize(0)).toBe('-');
    expect(formatDuration(0)).toBe('-');
    expect(formatBitrate(0)).toBe('-');
    expect(formatCount(0)).toBe('-');
    expect(formatDateTime('0001-01-01T00:00:00Z')).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatResolution(0, 1080)).toBe('-');
  });

  it('gives sizes in decimal units with at most one decimal', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1_234_567_890)).toBe('1.2 GB');
    expect(formatFileSize(320_000_000)).toBe('320 MB');
    expect(formatFileSize(15_300_000_000)).toBe('15.3 GB');
    expect(formatFileSize(48_213)).toBe('48.2 kB');
  });

  it('gives durations as hh:mm:ss', () => {
    expect(formatDuration(5.4)).toBe('00:00:05');
    expect(formatDuration(1830)).toBe('00:30:30');
    expect(formatDuration(3 * 3600 + 62)).toBe('03:01:02');
    expect(durationMinutes(1830)).toBe(31);
    expect(durationMinutes(0)).toBe(0);
  });

  it('gives bitrates in Mbps and counts without needless decimals', () => {
    expect(formatBitrate(28_000_000)).toBe('28 Mbps');
    expect(formatBitrate(15_460_000)).toBe('15.5 Mbps');
    expect(formatBitrate(52_000)).toBe('0.05 Mbps');
    expect(formatCount(60)).toBe('60');
    expect(formatCount(29.97)).toBe('29.97');
    expect(formatResolution(5760, 2880)).toBe('5760x2880');
  });

  it('gives created times as yyyy-MM-dd HH:mm:ss in local time, 24-hour', () => {
    const local = new Date(2025, 0, 5, 17, 4, 9);
    expect(formatDateTime(local.toISOString())).toBe('2025-01-05 17:04:09');
  });
});
