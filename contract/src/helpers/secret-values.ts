/*
 * How answers stand in for the owner's stored secrets (issue 19, item 6): no answer carries a password, its
 * hash, an API key or a token. A secret field answers SECRET_SET when a value is stored and '' when none is;
 * sent back unchanged it keeps the stored value. The scraper proxy URL keeps its address and user name, with
 * PROXY_PASSWORD_MASK in place of the password.
 */

/** A secret field's value in answers when a value is stored (and, sent back, "keep the stored value"). */
export const SECRET_SET = 'set';

/** The proxy URL's password in answers (http://user:***@proxy.lan:3128); sent back, it keeps the stored one. */
export const PROXY_PASSWORD_MASK = '***';

/** SECRET_SET for a stored value, '' for none. */
export function secretMarker(value: string): string {
  return value === '' ? '' : SECRET_SET;
}

/** The parts of a proxy URL: `scheme + user[:password]@ + address`. */
export interface ProxyUrlParts {
  /** "http://" or "https://". */
  scheme: string;
  /** The user name as written (percent-encoded), '' for none. */
  user: string;
  /** The password as written (percent-encoded); null when the URL has no `:password` part. */
  password: string | null;
  /** Host, port and anything after them, as written. */
  address: string;
}

const PROXY_URL = /^(https?:\/\/)([^/?#]*)(.*)$/is;

/** Splits a proxy URL as written (no normalisation, so joining gives the same text); null when not http(s). */
export function splitProxyUrl(url: string): ProxyUrlParts | null {
  const match = PROXY_URL.exec(url);
  if (match === null) return null;
  const [, scheme = '', authority = '', rest = ''] = match;
  const at = authority.lastIndexOf('@');
  if (at < 0) return { scheme, user: '', password: null, address: authority + rest };
  const userInfo = authority.slice(0, at);
  const colon = userInfo.indexOf(':');
  return {
    scheme,
    user: colon < 0 ? userInfo : userInfo.slice(0, colon),
    password: colon < 0 ? null : userInfo.slice(colon + 1),
    address: authority.slice(at + 1) + rest,
  };
}

export function joinProxyUrl(parts: ProxyUrlParts): string {
  const { scheme, user, password, address } = parts;
  if (password !== null) return `${scheme}${user}:${password}@${address}`;
  return user === '' ? `${scheme}${address}` : `${scheme}${user}@${address}`;
}

/** The proxy URL as answers show it: a stored password becomes PROXY_PASSWORD_MASK. */
export function maskProxyUrl(url: string): string {
  const parts = splitProxyUrl(url);
  if (parts === null || parts.password === null || parts.password === '') return url;
  return joinProxyUrl({ ...parts, password: PROXY_PASSWORD_MASK });
}

/** A collector-config header whose name says it carries a credential; its value answers as SECRET_SET. */
export function isSecretHeader(name: string): boolean {
  return /auth|cookie|token|secret|pass|key|session/i.test(name);
}
