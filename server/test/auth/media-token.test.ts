import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalPath, takeMediaToken, verifyMediaToken, withMediaToken } from '../../src/auth/media-token';

const key = { secret: randomBytes(32), version: 's1' };

describe('media tokens', () => {
  it('signs the path: the token is the last parameter and opens that path only', () => {
    const url = 'http://192.168.1.2:9999/api/dms/file/5/3%20-%20A.funscript?dnt=true';
    const signed = withMediaToken(url, key);
    expect(signed).toMatch(
      /^http:\/\/192\.168\.1\.2:9999\/api\/dms\/file\/5\/3%20-%20A\.funscript\?dnt=true&fovea_token=[\w-]{22}$/,
    );
    const path = signed.replace(/^http:\/\/[^/]+/, '');
    const taken = takeMediaToken(path);
    expect(taken.url).toBe('/api/dms/file/5/3%20-%20A.funscript?dnt=true');
    expect(verifyMediaToken(taken.url, taken.token ?? '', key)).toBe(true);
    // The player's own encoding of the name does not matter; another path, version or secret does.
    expect(verifyMediaToken('/api/dms/file/5/3 - A.funscript', taken.token ?? '', key)).toBe(true);
    expect(verifyMediaToken('/api/dms/file/6/3%20-%20A.funscript', taken.token ?? '', key)).toBe(false);
    expect(verifyMediaToken(taken.url, taken.token ?? '', { ...key, version: 's2' })).toBe(false);
    expect(verifyMediaToken(taken.url, taken.token ?? '', { ...key, secret: randomBytes(32) })).toBe(false);
    expect(verifyMediaToken(taken.url, 'short', key)).toBe(false);
  });

  it('keeps the rest of the query byte for byte (an image proxy URL carries the remote query)', () => {
    const url = '/img/700x,jpeg/https:/cdn.example/a%20b.jpg?w=1&x=%2F';
    const signed = withMediaToken(url, key);
    expect(signed.startsWith(`${url}&fovea_token=`)).toBe(true);
    expect(takeMediaToken(signed).url).toBe(url);
    expect(takeMediaToken(withMediaToken('/api/dms/preview/x', key)).url).toBe('/api/dms/preview/x');
    // A player that appends its own parameter after the token keeps it.
    expect(takeMediaToken(`${withMediaToken('/api/dms/file/1', key)}&t=5`).url).toBe('/api/dms/file/1?t=5');
  });

  it('leaves URLs without a token untouched', () => {
    for (const url of ['/api/x', '/api/x?fovea_tokenx=1', '/img/x/https:/a/b?c=fovea_token=1']) {
      expect(takeMediaToken(url)).toEqual({ url, token: undefined });
    }
  });

  it('canonicalises the path: no origin, no query, decoded', () => {
    expect(canonicalPath('https://h:1/api/dms/file/1/a%20b?dnt=true')).toBe('/api/dms/file/1/a b');
    expect(canonicalPath('/img/x/%E0%A4%A')).toBe('/img/x/%E0%A4%A');
  });
});
