import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CustomSite, Scene, SiteWithHealth } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { createTestApp } from '../helpers/test-app';
import { makeTempDir } from '../helpers/temp-dir';

/*
 * StashDB as a scene source (scraper-sites §3.6) on the real app: a custom site https://stashdb.org/studios/<uuid>
 * is scraped through the built-in `stashdb` definition from a local GraphQL server in StashDB's answer shape.
 * The owner's API key goes with the requests (host-credentials.test.ts: only there); without a key the run fails
 * and says why. An owner's definition aimed at another host (a "mirror" of StashDB's API) never receives the key.
 */

const STUDIO = '6a5b6c1e-2f0d-4a2b-9d0e-7c1f3b2a9e10';
const OTHER_HOST = 'images.stashdb-cdn.example';
const MIRROR_HOST = 'stashdb.org.mirror.example';
const MIRROR_ID = 'stashmirror';

/** An owner's definition asking another host the same GraphQL question. */
const MIRROR_DEFINITION = `
id: ${MIRROR_ID}
version: 1
engine: json
sites:
  - id: ${MIRROR_ID}
    name: Stash Mirror
    studio: Moon Lake
    domain: ${MIRROR_HOST}
    vars: { studio_slug: ${STUDIO} }
listing:
  urls:
    - url: 'https://${MIRROR_HOST}/graphql'
      method: POST
      headers: { ApiKey: 'owner-file-value' }
      body: '{"variables":{"input":{"studios":{"modifier":"EQUALS","value":"{json:studio_slug}"},"page":{page}}}}'
  items: data.queryScenes.scenes
  total: data.queryScenes.count
  page_size: 25
  item_url: 'https://${MIRROR_HOST}/scenes/{item.id}'
scene:
  scene_id: 'mirror-{site_id}'
  required: [title, site_id]
  fields:
    site_id: { json: id }
    title: { json: title }
`;

interface Seen {
  path: string;
  apiKey: string | undefined;
  body: { operationName?: string; variables?: { input?: { page?: number; studios?: { value?: string } } } };
}

const sceneUuid = (n: number) => `0b7c0aaa-1111-4222-8333-${String(n).padStart(12, '0')}`;
const month = (n: number) => String(((n - 1) % 12) + 1).padStart(2, '0');

function stashScene(n: number, tags: string[], parent: string | null) {
  return {
    id: sceneUuid(n),
    title: `Lantern Night ${n}`,
    details: `Scene ${n} of the studio.`,
    release_date: `2026-${month(n)}-15`,
    date: `2026-${month(n)}-15`,
    updated: '2026-10-01T10:00:00Z',
    duration: 1800 + n * 60,
    code: null,
    deleted: false,
    urls: [{ url: `https://moonlake.example/scenes/lantern-${n}`, type: 'STUDIO' }],
    studio: { id: STUDIO, name: 'Moon Lake', parent: parent === null ? null : { id: 'p-1', name: parent } },
    images: [{ url: `https://${OTHER_HOST}/scene-${n}.jpg`, width: 1280, height: 720 }],
    performers: [{ as: null, performer: { id: `perf-${n}`, name: `Ivy Marsh ${n}`, disambiguation: null } }],
    tags: tags.map((name, index) => ({ id: `t-${index}`, name })),
  };
}

/** 27 scenes: StashDB's pages of 25 make two. Scene 1 is tagged VR, 2 "Virtual Reailty" (sic), the rest neither. */
const SCENES = Array.from({ length: 27 }, (_, index) => {
  const n = index + 1;
  if (n === 1) return stashScene(n, ['VR', 'Outdoor'], 'Lake Media');
  if (n === 2) return stashScene(n, ['Virtual Reailty'], 'Lake Media');
  return stashScene(n, ['Outdoor'], null);
});
const PAGES = [SCENES.slice(0, 25), SCENES.slice(25)];

let app: FoveaApp;
let server: Server;
let mirror: Server;
const seen: Seen[] = [];
/** What the other hosts were asked, with the ApiKey header each request carried. */
const elsewhere: { path: string; apiKey: string | undefined }[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const body = (text === '' ? {} : JSON.parse(text)) as Seen['body'];
      const apiKey = request.headers.apikey;
      seen.push({ path: request.url ?? '', apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey, body });
      if (request.url !== '/graphql' || apiKey !== 'stash-key-1') {
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"errors":[{"message":"unauthorized"}]}');
        return;
      }
      const page = body.variables?.input?.page ?? 1;
      const scenes = body.variables?.input?.studios?.value === STUDIO ? (PAGES[page - 1] ?? []) : [];
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { queryScenes: { count: SCENES.length, scenes } } }));
    });
  });
  mirror = createServer((request, response) => {
    const apiKey = request.headers.apikey;
    elsewhere.push({ path: request.url ?? '', apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey });
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        data: { queryScenes: { count: 1, scenes: [{ id: 'm-1', title: 'Mirror Scene' }] } },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mirrorBase = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
  const dataDir = makeTempDir('fovea-stashdb-source-');
  mkdirSync(join(dataDir, 'scrapers'));
  writeFileSync(join(dataDir, 'scrapers', `${MIRROR_ID}.yaml`), MIRROR_DEFINITION);
  app = await createTestApp({
    dataDir,
    scrapeHostMap: { 'stashdb.org': base, [OTHER_HOST]: mirrorBase, [MIRROR_HOST]: mirrorBase },
  });
});

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => mirror.close(() => resolve()));
});

async function json<T>(method: 'GET' | 'PUT', url: string, payload?: object): Promise<T> {
  const response = await app.http.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const SITE_ID = `${STUDIO}-stashdb`;

async function lastRun(siteId = SITE_ID) {
  const sites = await json<SiteWithHealth[]>('GET', '/api/scrapers/sites');
  return sites.find((site) => site.id === siteId)?.last_run ?? null;
}

function setKey(key: string) {
  app.options.update((options) => ({ ...options, advanced: { ...options.advanced, stashApiKey: key } }));
}

describe('StashDB studios as custom sites', () => {
  it('creates the site on the stashdb definition', async () => {
    const created = await json<CustomSite>('PUT', '/api/options/custom-sites/create', {
      scraperUrl: `https://stashdb.org/studios/${STUDIO}`,
      scraperName: 'Moon Lake',
      scraperCompany: '',
      scraperAvatar: '',
      masterSiteId: '',
    });
    expect(created).toMatchObject({ id: SITE_ID, list: 'stashdb', has_scraper: true });
    const sites = await json<SiteWithHealth[]>('GET', '/api/scrapers/sites');
    expect(sites.find((site) => site.id === SITE_ID)).toMatchObject({
      name: 'Moon Lake (Stashdb)',
      definition_id: 'stashdb',
    });
  });

  it('without an API key, the run fails at once and says so, asking StashDB nothing', async () => {
    setKey('');
    await json('GET', `/api/task/scrape?site=${SITE_ID}`);
    await app.queue.idle();
    expect(await lastRun()).toMatchObject({ status: 'failed', scenes_new: 0 });
    expect((await lastRun())?.last_error).toMatch(/No StashDB API key/);
    expect(seen).toEqual([]);
  });

  it('with a key, walks the studio’s pages until the count and stores the scenes', async () => {
    setKey('stash-key-1');
    await json('GET', `/api/task/scrape?site=${SITE_ID}`);
    await app.queue.idle();
    const run = await lastRun();
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'ok', scenes_new: 27 });
    const graphql = seen.filter((request) => request.path === '/graphql');
    expect(graphql.map((request) => request.body.variables?.input?.page)).toEqual([1, 2]);
    expect(graphql.every((request) => request.apiKey === 'stash-key-1')).toBe(true);
    expect(graphql[0]?.body).toMatchObject({
      operationName: 'QueryScenes',
      variables: {
        input: { studios: { modifier: 'EQUALS', value: STUDIO }, per_page: 25, sort: 'UPDATED_AT' },
      },
    });

    const first = await json<Scene>('GET', `/api/scene/stash-${sceneUuid(1)}`);
    expect(first).toMatchObject({
      title: 'Lantern Night 1',
      site: 'Moon Lake (Stash)',
      studio: 'Lake Media',
      scene_type: 'VR',
      duration: 31,
      release_date_text: '2026-01-15',
      scene_url: `https://stashdb.org/scenes/${sceneUuid(1)}`,
      members_url: 'https://moonlake.example/scenes/lantern-1',
      scraper_id: SITE_ID,
    });
    expect(first.cast.map((actor) => actor.name)).toEqual(['Ivy Marsh 1']);
    const second = await json<Scene>('GET', `/api/scene/stash-${sceneUuid(2)}`);
    expect(second.scene_type).toBe('VR');
    const third = await json<Scene>('GET', `/api/scene/stash-${sceneUuid(3)}`);
    expect(third).toMatchObject({ scene_type: '2D', studio: 'Moon Lake' });
  });

  it('never sends the key to another host, even for a definition that asks it the same question', async () => {
    setKey('stash-key-1');
    await json('GET', `/api/task/scrape?site=${MIRROR_ID}`);
    await app.queue.idle();
    expect(await lastRun(MIRROR_ID)).toMatchObject({ status: 'ok', scenes_new: 1 });
    expect(elsewhere.map((request) => request.path)).toContain('/graphql');
    expect(elsewhere.filter((request) => request.apiKey !== 'owner-file-value')).toEqual([]);
    const runs = JSON.stringify(await json<SiteWithHealth[]>('GET', '/api/scrapers/sites'));
    expect(runs).not.toContain('stash-key-1');
  });
});
