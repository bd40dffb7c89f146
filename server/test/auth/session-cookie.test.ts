import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookieHeader,
  readCookie,
  SESSION_MAX_AGE_SECONDS,
  sessionCookieHeader,
  signSession,
  verifySession,
} from '../../src/auth/session-cookie';

const secret = randomBytes(32);
const NOW = Date.UTC(2026, 0, 1);
const current = { username: 'owner', version: 's3' };
const claims = { u: 'owner', v: 's3', exp: NOW / 1000 + 60 };

describe('session cookies', () => {
  it('verifies its own cookie and gives its claims back', () => {
    expect(verifySession(signSession(claims, secret), secret, current, NOW)).toEqual(claims);
  });

  it('refuses a tampered payload, signature, or another secret', () => {
    const value = signSession(claims, secret);
    const [payload = '', signature = ''] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1e9 })).toString('base64url');
    expect(verifySession(`${forged}.${signature}`, secret, current, NOW)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verifySession(`${payload}.${flipped}`, secret, current, NOW)).toBeNull();
    expect(verifySession(`${payload}.`, secret, current, NOW)).toBeNull();
    expect(verifySession(payload, secret, current, NOW)).toBeNull();
    expect(verifySession(value, randomBytes(32), current, NOW)).toBeNull();
    expect(verifySession('', secret, current, NOW)).toBeNull();
    expect(verifySession(undefined, secret, current, NOW)).toBeNull();
  });

  it('refuses a signed cookie whose payload is not the claims', () => {
    for (const body of ['not json', '[]', '{"u":"owner","v":"s3"}', '{"u":1,"v":"s3","exp":9e9}']) {
      const payload = Buffer.from(body).toString('base64url');
      const value = signSession(claims, secret).replace(/^[^.]*/, payload);
      expect(verifySession(value, secret, current, NOW)).toBeNull();
    }
  });

  it('ends at its expiry', () => {
    const value = signSession(claims, secret);
    expect(verifySession(value, secret, current, claims.exp * 1000 - 1)).not.toBeNull();
    expect(verifySession(value, secret, current, claims.exp * 1000)).toBeNull();
  });

  it('ends when the credentials version or the user changes', () => {
    const value = signSession(claims, secret);
    expect(verifySession(value, secret, { ...current, version: 's4' }, NOW)).toBeNull();
    expect(verifySession(value, secret, { ...current, username: 'other' }, NOW)).toBeNull();
  });

  it('reads the cookie among others and writes HttpOnly, SameSite=Lax, 30-day cookies', () => {
    expect(readCookie('a=1; fovea_session=abc.def; b=2')).toBe('abc.def');
    expect(readCookie('fovea_sessionx=1; a=2')).toBeUndefined();
    expect(readCookie(undefined)).toBeUndefined();
    expect(sessionCookieHeader('v.s', false)).toBe(
      `fovea_session=v.s; HttpOnly; SameSite=Lax; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}`,
    );
    expect(SESSION_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
    expect(sessionCookieHeader('v.s', true)).toMatch(/; Secure$/);
    expect(clearedSessionCookieHeader(false)).toBe(
      'fovea_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0',
    );
  });
});
