import { describe, expect, it } from 'vitest';
import { contentTypeOf, parseRange, planResponse } from '../../src/services/file-stream.service';

describe('parseRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=500-599', { kind: 'partial', start: 500, end: 599 }],
    ['bytes=900-', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['BYTES=1-1', { kind: 'partial', start: 1, end: 1 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
  ])('%s', (header, plan) => {
    expect(parseRange(header, size)).toEqual(plan);
  });

  it.each([undefined, '', 'items=0-1', 'bytes=', 'bytes=-', 'bytes=a-b', 'bytes=5-1', 'bytes=0-1,5-6'])(
    'ignores %s (the whole file)',
    (header) => {
      expect(parseRange(header, size)).toEqual({ kind: 'full' });
    },
  );

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('planResponse', () => {
  const file = { size: 1000, mtimeMs: Date.UTC(2024, 4, 1, 10, 11, 12, 345) };
  const full = planResponse(file, {});
  const etag = full.headers.etag ?? '';

  it('sends the whole file with validators when there is no Range', () => {
    expect(full).toEqual({
      status: 200,
      headers: {
        'accept-ranges': 'bytes',
        etag,
        'last-modified': 'Wed, 01 May 2024 10:11:12 GMT',
        'content-length': '1000',
      },
      range: { start: 0, end: 999 },
    });
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
  });

  it('answers a range with 206 and Content-Range, and an impossible one with 416', () => {
    expect(planResponse(file, { range: 'bytes=10-19' })).toMatchObject({
      status: 206,
      headers: { 'content-range': 'bytes 10-19/1000', 'content-length': '10' },
      range: { start: 10, end: 19 },
    });
    const outside = planResponse(file, { range: 'bytes=2000-' });
    expect(outside).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */1000' } });
    expect(outside.range).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match or a later If-Modified-Since', () => {
    expect(planResponse(file, { 'if-none-match': `"x", W/${etag}` }).status).toBe(304);
    expect(planResponse(file, { 'if-none-match': '*' }).status).toBe(304);
    expect(planResponse(file, { 'if-none-match': '"other"' }).status).toBe(200);
    expect(planResponse(file, { 'if-modified-since': 'Wed, 01 May 2024 10:11:12 GMT' }).status).toBe(304);
    expect(planResponse(file, { 'if-modified-since': 'Wed, 01 May 2024 10:11:11 GMT' }).status).toBe(200);
  });

  it('honours the Range only while If-Range still matches', () => {
    const range = { range: 'bytes=0-9' };
    expect(planResponse(file, { ...range, 'if-range': etag }).status).toBe(206);
    expect(planResponse(file, { ...range, 'if-range': 'Wed, 01 May 2024 10:11:12 GMT' }).status).toBe(206);
    expect(planResponse(file, { ...range, 'if-range': '"changed"' }).status).toBe(200);
    expect(planResponse(file, { ...range, 'if-range': `W/${etag}` }).status).toBe(200);
    expect(planResponse(file, { ...range, 'if-range': 'Wed, 01 May 2024 10:11:13 GMT' }).status).toBe(200);
  });

  it('has no byte range to send for an empty file', () => {
    expect(planResponse({ size: 0, mtimeMs: 0 }, {})).toMatchObject({
      status: 200,
      headers: { 'content-length': '0' },
    });
    expect(planResponse({ size: 0, mtimeMs: 0 }, {}).range).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['a.mp4', 'video/mp4'],
    ['a.M4V', 'video/mp4'],
    ['a.mpeg4', 'video/mp4'],
    ['a.mkv', 'video/x-matroska'],
    ['a.webm', 'video/webm'],
    ['a.mov', 'video/quicktime'],
    ['a.avi', 'video/x-msvideo'],
    ['a.wmv', 'video/x-ms-wmv'],
    ['a.funscript', 'application/json'],
    ['a.cmscript', 'application/json'],
    ['a.srt', 'application/x-subrip'],
    ['a.ass', 'text/x-ssa'],
    ['a.ssa', 'text/x-ssa'],
    ['a.hsp', 'application/octet-stream'],
    ['README', 'application/octet-stream'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });
});
