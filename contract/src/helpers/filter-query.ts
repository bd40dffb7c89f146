import type { z } from 'zod';

/*
 * The `q` route parameter of the scenes and actors routes: base64 of the filter state's JSON, UTF-8 safe
 * (byte-compatible with the reference UI's btoa(unescape(encodeURIComponent(json)))). Pure: no Buffer, no
 * btoa, so it runs the same in Node and the browser.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE: Record<string, number> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  const escaped = encodeURIComponent(text);
  for (let i = 0; i < escaped.length; i++) {
    const ch = escaped.charAt(i);
    if (ch === '%') {
      bytes.push(parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(ch.charCodeAt(0));
    }
  }
  return bytes;
}

function utf8Text(bytes: readonly number[]): string | null {
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    return null;
  }
}

export function base64Encode(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    out += ALPHABET.charAt((n >> 18) & 63) + ALPHABET.charAt((n >> 12) & 63);
    out += b1 === undefined ? '=' : ALPHABET.charAt((n >> 6) & 63);
    out += b2 === undefined ? '=' : ALPHABET.charAt(n & 63);
  }
  return out;
}

/**
 * Decodes base64; tolerates URL-safe characters (- and _), missing padding, and spaces that were "+" before
 * form decoding. Returns null on anything else.
 */
export function base64Decode(text: string): number[] | null {
  const clean = text.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const value = DECODE[ch];
    if (value === undefined) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Encodes a filter state for the `q` parameter. */
export function encodeFilterQuery(state: unknown): string {
  return base64Encode(utf8Bytes(JSON.stringify(state)));
}

/**
 * Decodes a `q` parameter to the JSON object it holds, or null when it is not base64 of UTF-8 JSON of an
 * object. With a schema, also validates (and fills defaults); null when invalid.
 */
export function decodeFilterQuery(q: string): Record<string, unknown> | null;
export function decodeFilterQuery<T extends z.ZodType>(q: string, schema: T): z.output<T> | null;
export function decodeFilterQuery(q: string, schema?: z.ZodType): unknown {
  const bytes = base64Decode(q);
  if (bytes === null || bytes.length === 0) return null;
  const text = utf8Text(bytes);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (schema === undefined) return value;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
