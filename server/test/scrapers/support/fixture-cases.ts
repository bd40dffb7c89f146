import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { ScrapedScene } from '../../../src/scrapers/scraped-scene';
import type { FixturePage } from './fixture-site-server';

/**
 * The fixture cases of one built-in definition: server/test/fixtures/scrapers/<definition-id>/cases.yaml,
 * with the pages each case may fetch (files beside it) and the scenes it must produce (a JSON array of
 * ScrapedScene). docs/scrapers.md describes the format.
 */

export const FIXTURES_DIR = new URL('../../fixtures/scrapers/', import.meta.url).pathname;

const FixtureCase = z.strictObject({
  name: z.string().min(1),
  site: z.string().min(1),
  mode: z.enum(['full', 'limited', 'single']),
  /** single: the scene URL. */
  url: z.string().url().optional(),
  additional_info: z.record(z.string(), z.string()).default({}),
  /** Scene URLs already in the library (skipped, never fetched). */
  known: z.array(z.string()).default([]),
  /** Stop after the listing page where the first known scene appears. */
  stop_at_known: z.boolean().default(false),
  pages: z.array(
    z.strictObject({
      url: z.string().url(),
      file: z.string().min(1),
      status: z.number().int().min(100).max(599).optional(),
      /** Answer only a request with exactly this body (POST APIs whose pages differ by body). */
      body: z.string().optional(),
      /** Headers the request must carry (name: value); a request without them answers 403. */
      require_headers: z.record(z.string(), z.string()).optional(),
    }),
  ),
  expected: z.string().min(1),
  /** Scene URLs whose rejection is part of the case (any other rejected scene fails it). */
  expected_rejects: z.array(z.string()).default([]),
  /** Known scene URLs whose listing entries show scripts (script-only updates), in the order met. */
  script_updates: z.array(z.string()).default([]),
  /** URLs the scraper may ask for that the case does not serve (any other unserved request fails it). */
  allow_unserved: z.array(z.string()).default([]),
});
export type FixtureCase = z.infer<typeof FixtureCase>;

const CasesFile = z.strictObject({ cases: z.array(FixtureCase).min(1) });

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'application/javascript',
};

export function casesPath(definitionId: string): string {
  return join(FIXTURES_DIR, definitionId, 'cases.yaml');
}

/** The cases of a definition, or null when it has no cases file. Throws on a malformed file. */
export function readCases(definitionId: string): FixtureCase[] | null {
  const path = casesPath(definitionId);
  if (!existsSync(path)) return null;
  const parsed = CasesFile.safeParse(parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${z.prettifyError(parsed.error)}`);
  for (const fixtureCase of parsed.data.cases) {
    if (fixtureCase.mode === 'single' && fixtureCase.url === undefined) {
      throw new Error(`${path}: case "${fixtureCase.name}" is single but has no url`);
    }
  }
  return parsed.data.cases;
}

export function casePages(definitionId: string, fixtureCase: FixtureCase): FixturePage[] {
  return fixtureCase.pages.map((page) => ({
    url: page.url,
    body: readFileSync(join(FIXTURES_DIR, definitionId, page.file)),
    contentType: CONTENT_TYPES[extname(page.file).toLowerCase()] ?? 'application/octet-stream',
    status: page.status,
    requestBody: page.body,
    requireHeaders: page.require_headers,
  }));
}

export function expectedScenes(definitionId: string, fixtureCase: FixtureCase): ScrapedScene[] {
  const text = readFileSync(join(FIXTURES_DIR, definitionId, fixtureCase.expected), 'utf8');
  const scenes = JSON.parse(text) as unknown;
  if (!Array.isArray(scenes)) throw new Error(`${fixtureCase.expected} is not a JSON array of scenes`);
  return scenes as ScrapedScene[];
}
