import { describe, expect, it } from 'vitest';
import { formatLogTimestamp, LogRelay, toServiceLogEvent } from '../../src/logging/log-relay';

describe('toServiceLogEvent', () => {
  it('turns a pino line into the service.log shape, keeping the caller data', () => {
    const line = JSON.stringify({
      level: 40,
      time: '2024-05-01T10:11:12.123Z',
      msg: 'Scanning /videos',
      task: 'rescan',
      progress: 40,
      pid: 1,
      hostname: 'nas',
    });
    expect(toServiceLogEvent(line)).toEqual({
      level: 'warning',
      message: 'Scanning /videos',
      data: { task: 'rescan', progress: 40 },
      timestamp: '2024-05-01 10:11:12.123 +0000 UTC',
    });
  });

  it('gives data as an object even without fields, and keeps only an error message', () => {
    const plain = toServiceLogEvent(JSON.stringify({ level: 30, msg: 'hello' }));
    expect(plain?.data).toEqual({});
    const failed = toServiceLogEvent(
      JSON.stringify({ level: 50, msg: 'x', err: { message: 'boom', stack: 'at y' } }),
    );
    expect(failed?.data).toEqual({ error: 'boom' });
    expect(failed?.level).toBe('error');
  });

  it('ignores lines that are not JSON objects', () => {
    expect(toServiceLogEvent('not json')).toBeNull();
    expect(toServiceLogEvent('[1,2]')).toBeNull();
  });

  it('formats timestamps like the reference system', () => {
    expect(formatLogTimestamp(new Date('2024-01-02T03:04:05.006Z'))).toBe(
      '2024-01-02 03:04:05.006 +0000 UTC',
    );
  });
});

describe('LogRelay', () => {
  it('hands lines to the connected sink and survives a failing sink', () => {
    const relay = new LogRelay();
    relay.write(JSON.stringify({ level: 30, msg: 'before connect' }));
    const seen: string[] = [];
    relay.connect((event) => seen.push(event.message));
    relay.write(JSON.stringify({ level: 30, msg: 'after connect' }));
    relay.connect(() => {
      throw new Error('socket gone');
    });
    expect(() => relay.write(JSON.stringify({ level: 30, msg: 'x' }))).not.toThrow();
    expect(seen).toEqual(['after connect']);
  });
});
