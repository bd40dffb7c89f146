import { createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE } from '@fovea/contract';

/** What a session cookie says: the user, the credentials version it was made for, and when it ends. */
export interface SessionClaims {
  u: string;
  v: string;
  /** Unix seconds. */
  exp: number;
}

/** Sessions last 30 days; logging in again starts a new one. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const signature = (payload: string, secret: Buffer): Buffer =>
  createHmac('sha256', secret).update(payload).digest();

/** `base64url(JSON claims).base64url(HMAC-SHA256 of the first part)`. */
export function signSession(claims: SessionClaims, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signature(payload, secret).toString('base64url')}`;
}

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const { u, v, exp } = value as Record<string, unknown>;
  return typeof u === 'string' && typeof v === 'string' && typeof exp === 'number' && Number.isFinite(exp);
}

/**
 * The claims of a cookie value when its signature is right, it has not expired, and it was made for this user
 * and credentials version (a change of login ends every older session); null otherwise.
 */
export function verifySession(
  value: string | undefined,
  secret: Buffer,
  current: { username: string; version: string },
  nowMs: number,
): SessionClaims | null {
  if (value === undefined || value.length > 4096) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const sent = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = signature(payload, secret);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  if (claims.exp * 1000 <= nowMs || claims.v !== current.version || claims.u !== current.username)
    return null;
  return claims;
}

/** One cookie's value from a Cookie header (the first of that name), undecoded. */
export function readCookie(header: string | undefined, name: string = SESSION_COOKIE): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie header of a session: HttpOnly, SameSite=Lax, the whole site, Secure over https. */
export function sessionCookieHeader(value: string, secure: boolean): string {
  return cookieHeader(value, SESSION_MAX_AGE_SECONDS, secure);
}

/** The Set-Cookie header that makes the browser forget the session. */
export function clearedSessionCookieHeader(secure: boolean): string {
  return cookieHeader('', 0, secure);
}

function cookieHeader(value: string, maxAge: number, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${maxAge}`];
  return (secure ? [...parts, 'Secure'] : parts).join('; ');
}
