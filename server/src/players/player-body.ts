import type { FastifyInstance } from 'fastify';

/** A request body as players send it: JSON, a form, or nothing; never an error. */
export type PlayerBody = Record<string, unknown>;

function isRecord(value: unknown): value is PlayerBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON when it parses as an object, else form fields, else {}. */
export function parsePlayerBody(text: string): PlayerBody {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      return isRecord(value) ? value : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}

/** The body of a request after registerPlayerBodyParsers: always an object. */
export function playerBody(body: unknown): PlayerBody {
  return isRecord(body) ? body : {};
}

/**
 * Body parsers for the players' routes (call inside the players' own plugin, so they stay encapsulated):
 * players send credentials as a form (DeoVR), as JSON (HereSphere), with odd or missing content types, or
 * as junk. Every body is read once as text and parsed leniently; nothing answers 400 or 415.
 */
export function registerPlayerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    // Headset posts (login, write-backs, events) are a few KB; 1 MB leaves room and refuses floods with 413.
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      done(null, parsePlayerBody(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );
}
