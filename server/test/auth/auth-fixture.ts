import type { FoveaApp } from '../../src/app';

export const OWNER = { username: 'owner', password: 'correct horse battery' };

/** The `fovea_session=...` pair of an answer's Set-Cookie header (for a Cookie header), or ''. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const text = Array.isArray(header) ? String(header[0]) : String(header ?? '');
  return text.split(';')[0] ?? '';
}

/** Sets the login through the API (from loopback, no login set yet) and answers the caller's session cookie. */
export async function setLogin(app: FoveaApp, login = OWNER): Promise<string> {
  const response = await app.http.inject({ method: 'PUT', url: '/api/auth/credentials', payload: login });
  if (response.statusCode !== 200) throw new Error(`setting the login failed: ${response.body}`);
  return sessionCookie(response);
}

/** Creates an API key with a session and answers the key. */
export async function createApiKey(app: FoveaApp, cookie: string, name = 'script'): Promise<string> {
  const response = await app.http.inject({
    method: 'POST',
    url: '/api/auth/api-keys',
    headers: { cookie },
    payload: { name },
  });
  if (response.statusCode !== 200) throw new Error(`creating an API key failed: ${response.body}`);
  return (response.json() as { secret: string }).secret;
}
