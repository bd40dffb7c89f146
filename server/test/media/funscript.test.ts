import { describe, expect, it } from 'vitest';
import { funscriptDurationSeconds, parseFunscript } from '../../src/media/funscript';
import { funscriptText } from '../fixtures/media-fixtures';

describe('parseFunscript', () => {
  it('sorts actions by time, clamps negative times and skips junk actions', () => {
    const text = JSON.stringify({
      version: '1.0',
      actions: [
        { at: 500, pos: 10 },
        { at: -20, pos: 90 },
        null,
        { at: 'x', pos: 1 },
        { pos: 5 },
        { at: 100, pos: 50 },
      ],
      metadata: { duration: 12 },
    });
    expect(parseFunscript(text)).toEqual({
      actions: [
        { at: 0, pos: 90 },
        { at: 100, pos: 50 },
        { at: 500, pos: 10 },
      ],
      metadataDuration: 12,
    });
  });

  it('is null for text that is not a JSON object', () => {
    expect(parseFunscript('not json')).toBeNull();
    expect(parseFunscript('[1,2]')).toBeNull();
    expect(parseFunscript('')).toBeNull();
  });

  it('accepts a script without actions or metadata', () => {
    expect(parseFunscript('{"version":"1.0"}')).toEqual({ actions: [], metadataDuration: 0 });
  });
});

describe('funscriptDurationSeconds', () => {
  it('is the last action time in seconds', () => {
    expect(
      funscriptDurationSeconds(
        funscriptText([
          { at: 0, pos: 0 },
          { at: 95_500, pos: 100 },
        ]),
      ),
    ).toBe(95.5);
  });

  it('is the metadata duration when that is longer', () => {
    expect(funscriptDurationSeconds(funscriptText([{ at: 1000, pos: 0 }], 600))).toBe(600);
    expect(funscriptDurationSeconds(funscriptText([{ at: 700_000, pos: 0 }], 600))).toBe(700);
  });

  it('takes a metadata duration over 50000 as milliseconds', () => {
    expect(funscriptDurationSeconds(funscriptText([{ at: 1000, pos: 0 }], 1_200_000))).toBe(1200);
    expect(funscriptDurationSeconds(funscriptText([{ at: 1000, pos: 0 }], 50_000))).toBe(50_000);
  });

  it('uses the latest action even when the file lists actions out of order', () => {
    expect(
      funscriptDurationSeconds(
        funscriptText([
          { at: 9000, pos: 0 },
          { at: 1000, pos: 5 },
        ]),
      ),
    ).toBe(9);
  });

  it('is 0 when unreadable', () => {
    expect(funscriptDurationSeconds('{oops')).toBe(0);
    expect(funscriptDurationSeconds('{"actions":"many"}')).toBe(0);
    expect(funscriptDurationSeconds('null')).toBe(0);
  });
});
