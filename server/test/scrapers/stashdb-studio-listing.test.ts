import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSiteEntry } from '../../src/custom-sites/custom-site-entry';
import type { CustomSiteRow } from '../../src/custom-sites/custom-site.repository';
import { builtinDefinitionsDir } from '../../src/scrapers/definitions/builtin-dir';
import { DefinitionRegistry } from '../../src/scrapers/definitions/definition.registry';
import type { ScraperDefinition, SiteEntry } from '../../src/scrapers/definitions/definition.schema';
import { stashdbCredentials } from '../../src/scrapers/http/host-credentials';
import { ScrapeHttp } from '../../src/scrapers/http/scrape-http';
import type { ScrapedScene } from '../../src/scrapers/scraped-scene';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { FIXTURES_DIR } from './support/fixture-cases';
import { runEngine } from './support/run-engine';
import { sceneDiff } from './support/scene-diff';

/*
 * The built-in `stashdb` definition on a StashDB studio added as a custom site (it ships no studio of its own,
 * so the generic fixture suite covers only its single-scene site): the studio's scenes come from a local
 * GraphQL server answering `queryScenes` with the fixture pages (server/test/fixtures/scrapers/stashdb/,
 * StashDB's answer shape, 25 scenes a page, count 27), through the real HTTP layer with the owner's key.
 * Scenes 3–25 are already in the library, so the run emits scenes 1 and 2 of page 1 and both of page 2.
 */

const STUDIO = 'c3e1f0a2-7b4d-4e8a-9f10-2a3b4c5d6e7f';
const KEY = 'fixture-stash-key';
const DIR = join(FIXTURES_DIR, 'stashdb');

interface Asked {
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

interface QueryScenesBody {
  operationName: string;
  variables: {
    input: { studios: { modifier: string; value: string }; page: number; per_page: number; sort: string };
  };
}

const fixtureJson = (file: string): unknown => JSON.parse(readFileSync(join(DIR, file), 'utf8'));
const expected = (file: string) => fixtureJson(file) as ScrapedScene[];

function listedScenes(page: number): { id: string }[] {
  const doc = fixtureJson(`query-scenes-${page}.json`) as {
    data: { queryScenes: { scenes: { id: string }[] } };
  };
  return doc.data.queryScenes.scenes;
}

/** Scenes 3–25 of the first page, by the URL the reference checks (`https://stashdb.org/scenes/<id>`). */
const KNOWN = listedScenes(1)
  .slice(2)
  .map((scene) => `https://stashdb.org/scenes/${scene.id}`);

const asked: Asked[] = [];
let graphql: Server;
let http: ScrapeHttp;
let definition: ScraperDefinition;
let site: SiteEntry;
const userDir = makeTempDir('fovea-stashdb-listing-');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Page n of the studio's scenes for a well-formed queryScenes of this studio with the key; 4xx otherwise. */
function answer(path: string, apiKey: string | undefined, body: unknown): { status: number; text: string } {
  if (path !== '/graphql' || apiKey !== KEY)
    return { status: 401, text: '{"errors":[{"message":"unauthorized"}]}' };
  const input = (body as Partial<QueryScenesBody>).variables?.input;
  if (input?.studios.value !== STUDIO || input.studios.modifier !== 'EQUALS' || input.per_page !== 25) {
    return { status: 422, text: '{"errors":[{"message":"unexpected input"}]}' };
  }
  if (input.page !== 1 && input.page !== 2)
    return { status: 404, text: '{"errors":[{"message":"no such page"}]}' };
  return { status: 200, text: readFileSync(join(DIR, `query-scenes-${input.page}.json`), 'utf8') };
}

beforeAll(async () => {
  graphql = createServer((request, response) => {
    void readBody(request).then((text) => {
      const header = request.headers.apikey;
      const apiKey = Array.isArray(header) ? header[0] : header;
      const body = parsedBody(text);
      asked.push({ path: request.url ?? '', apiKey, body });
      const reply = answer(request.url ?? '', apiKey, body);
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.text);
    });
  });
  await new Promise<void>((resolve) => graphql.listen(0, '127.0.0.1', resolve));
  http = new ScrapeHttp({
    settings: () => ({ proxy: '', userAgent: '' }),
    collectorConfigs: { get: () => Promise.resolve(null) },
    credentials: stashdbCredentials(() => KEY),
    hostMap: { 'stashdb.org': `http://127.0.0.1:${(graphql.address() as AddressInfo).port}` },
    limits: { maxRetries: 1, backoffBaseMs: 1, backoffCapMs: 5, timeoutMs: 10_000 },
    random: () => 0,
  });

  const registry = new DefinitionRegistry({
    builtinDir: builtinDefinitionsDir(),
    userDir,
    logger: { info: () => undefined, warn: () => undefined },
    onChange: () => undefined,
  });
  await registry.load();
  const stashdb = registry.sites().find((entry) => entry.definition.id === 'stashdb')?.definition;
  if (!stashdb) throw new Error('no built-in stashdb definition');
  definition = stashdb;
  const row: CustomSiteRow = {
    id: `${STUDIO}-stashdb`,
    list: 'stashdb',
    url: `https://stashdb.org/studios/${STUDIO}`,
    name: 'Cedar Hollow VR',
    company: '',
    avatar_url: '',
    master_site_id: '',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };
  const entry = customSiteEntry(row);
  if (!entry) throw new Error('the custom StashDB studio is not a valid site entry');
  site = entry;
});

afterAll(async () => {
  await http.close();
  await new Promise<void>((resolve) => graphql.close(() => resolve()));
  removeTempDir(userDir);
});

async function run(limitScraping: boolean) {
  asked.length = 0;
  const fetcher = http.session({
    siteId: site.id,
    http: { ...definition.http, min_delay_ms: 0, max_delay_ms: 0 },
    allowPrivate: false,
  });
  return runEngine({ definition, site, fetcher, known: KNOWN, limitScraping });
}

const pagesAsked = () => asked.map((request) => (request.body as QueryScenesBody).variables.input.page);

describe('stashdb definition: a custom StashDB studio', () => {
  it('is the studio the reference names: `<name> (Stashdb)`, its uuid as `studio_slug`', () => {
    expect(site).toMatchObject({
      id: `${STUDIO}-stashdb`,
      name: 'Cedar Hollow VR (Stashdb)',
      domain: 'stashdb.org',
      avatar: 'https://stashapp.cc/images/stash.svg',
      vars: { studio_slug: STUDIO },
    });
    expect(definition.sites.map((entry) => entry.id)).toEqual(['single_scene-stashdb']);
  });

  it('full run: pages until the count, skips known scenes, applies the VR/2D, parent-studio and members-URL rules', async () => {
    const result = await run(false);
    expect(result.error).toBeNull();
    expect(result.rejects).toEqual([]);
    expect(pagesAsked()).toEqual([1, 2]);
    expect(asked.every((request) => request.path === '/graphql' && request.apiKey === KEY)).toBe(true);
    expect(asked[0]?.body).toMatchObject({
      operationName: 'QueryScenes',
      variables: {
        input: { studios: { modifier: 'EQUALS', value: STUDIO }, page: 1, per_page: 25, sort: 'UPDATED_AT' },
      },
    });
    expect(sceneDiff(result.scenes, expected('expected-studio-full.json'))).toEqual([]);
  });

  it('limited run: reads page 1 only', async () => {
    const result = await run(true);
    expect(result.error).toBeNull();
    expect(pagesAsked()).toEqual([1]);
    expect(sceneDiff(result.scenes, expected('expected-studio-limited.json'))).toEqual([]);
  });
});
