/** The file is not a bundle Fovea can read (invalid JSON, truncated, no or unknown version, not an object). */
export class BundleFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleFormatError';
  }
}

/** Clips a piece of the file for a message: at most 40 characters, control characters shown as spaces. */
export function quoteSnippet(text: string): string {
  const clipped = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(clipped.replace(/\p{Cc}/gu, ' '));
}

/** "the bundle is not valid JSON (at byte 1234: expected ',' or '}')". */
export function invalidJson(byte: number, what: string): BundleFormatError {
  return new BundleFormatError(`the bundle is not valid JSON (at byte ${byte}: ${what})`);
}

/**
 * The error of JSON.parse on a piece of the file that starts at byte `start`, as an invalid-JSON error at the
 * byte where the parser stopped (V8 reports a character position; it is turned into a byte offset).
 */
export function jsonParseFailure(error: unknown, text: string, start: number): BundleFormatError {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : 0;
  const byte = start + Buffer.byteLength(text.slice(0, at));
  const reason = message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/\s+in JSON at position \d+.*$/s, '')
    .trim();
  return invalidJson(byte, reason === '' ? 'unreadable value' : reason);
}
