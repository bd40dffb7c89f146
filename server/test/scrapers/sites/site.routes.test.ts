import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { SiteHealthList, SiteList } from '@fovea/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { installErrorHandler } from '../../../src/http/error-handler';
import { ScrapeRunRepository } from '../../../src/repositories/scrape-run.repository';
import { SiteRepository } from '../../../src/repositories/site.repository';
import { siteRoutes } from '../../../src/routes/api/site.routes';
import { SiteService } from '../../../src/scrapers/sites/site.service';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';

/*
 * The site calls over HTTP (xbvr-wire §10): schemas, answers and errors, on the plugin alone (a Fastify instance
 * of its own on the test app's database).
 */

let app: FoveaApp;
let http: FastifyInstance;
const definitionErrors = new Map<string, string>();

beforeAll(async () => {
  app = await createTestApp();
  const sites = new SiteService({
    sites: new SiteRepository(app.database.db),
    runs: new ScrapeRunRepository(app.database.db),
  });
  await sites.syncFromDefinitions(
    ['route-a', 'route-b'].map((id) => ({
      id,
      name: id,
      studio: 'Route Studio',
      avatar: '',
      domain: `${id}.com`,
      definitionId: 'routes',
      masterSiteId: '',
      builtin: true,
    })),
  );
  http = Fastify();
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  installErrorHandler(http);
  await http.register(siteRoutes({ sites, definitionErrors: () => definitionErrors }));
  await http.ready();
});

afterAll(async () => {
  await http.close();
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const send = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
  const response = await http.inject({ method, url, ...(payload ? { payload } : {}) });
  return { code: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown) };
};

const site = (list: unknown, id: string) => SiteList.parse(list).find((entry) => entry.id === id);

describe('GET /api/options/sites', () => {
  it('answers every site in the wire shape', async () => {
    const { code, body } = await send('GET', '/api/options/sites');
    expect(code).toBe(200);
    expect(site(body, 'route-a')).toMatchObject({ is_enabled: false, has_scraper: true, scene_count: 0 });
  });
});

describe('the four toggles', () => {
  it.each([
    ['/api/options/sites/route-a', 'is_enabled'],
    ['/api/options/sites/subscribed/route-a', 'subscribed'],
    ['/api/options/sites/limit_scraping/route-a', 'limit_scraping'],
    ['/api/options/sites/scrape_stash/route-a', 'scrape_stash'],
  ] as const)('PUT %s flips %s and answers the whole list', async (url, flag) => {
    const before = site((await send('GET', '/api/options/sites')).body, 'route-a')?.[flag];
    const { code, body } = await send('PUT', url, {});
    expect(code).toBe(200);
    expect(site(body, 'route-a')?.[flag]).toBe(!before);
    expect(site(body, 'route-b')?.[flag]).toBe(false);
  });

  it('answers 404 JSON for an unknown site and 400 for an over-long id', async () => {
    const missing = await send('PUT', '/api/options/sites/subscribed/nope', {});
    expect(missing).toMatchObject({ code: 404, body: { message: 'There is no site nope' } });
    const long = await send('PUT', `/api/options/sites/${'x'.repeat(65)}`, {});
    expect(long.code).toBe(400);
  });
});

describe('force update and delete scenes', () => {
  it('flag the scenes, then delete them; both answer null', async () => {
    const make = libraryFactory(app.database.db);
    const id = await make.scene({ scraper_id: 'route-b' });
    expect(await send('POST', '/api/options/scraper/force-site-update', { scraper_id: 'route-b' })).toEqual({
      code: 200,
      body: null,
    });
    const flagged = await app.database.db
      .selectFrom('scenes')
      .select('needs_update')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(flagged?.needs_update).toBe(1);
    expect(await send('POST', '/api/options/scraper/delete-scenes', { scraper_id: 'route-b' })).toEqual({
      code: 200,
      body: null,
    });
    const gone = await app.database.db
      .selectFrom('scenes')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it('refuse a missing or empty scraper_id (400) and an unknown site (404)', async () => {
    expect((await send('POST', '/api/options/scraper/delete-scenes', {})).code).toBe(400);
    expect((await send('POST', '/api/options/scraper/force-site-update', { scraper_id: '' })).code).toBe(400);
    expect((await send('POST', '/api/options/scraper/delete-scenes', { scraper_id: 'nope' })).code).toBe(404);
  });
});

describe('health and runs', () => {
  it('GET /api/scrapers/sites carries the definition errors the registry reports', async () => {
    definitionErrors.set('route-b', 'definition invalid: routes.yaml:4: bad');
    const { code, body } = await send('GET', '/api/scrapers/sites');
    expect(code).toBe(200);
    const list = SiteHealthList.parse(body);
    expect(list.find((entry) => entry.id === 'route-b')).toMatchObject({
      definition_error: 'definition invalid: routes.yaml:4: bad',
      studio: 'Route Studio',
      last_run: null,
    });
  });

  it('GET /api/scrapers/runs answers the runs newest first, bounded by limit', async () => {
    const runs = new ScrapeRunRepository(app.database.db);
    const first = await runs.start('route-a', 'full', 1);
    const second = await runs.start('route-a', 'single', 1);
    const { code, body } = await send('GET', '/api/scrapers/runs?site=route-a&limit=1');
    expect(code).toBe(200);
    expect(body).toMatchObject([{ id: second, kind: 'single', status: 'running' }]);
    expect(first).toBeLessThan(second);
    expect((await send('GET', '/api/scrapers/runs?site=route-a&limit=1000')).code).toBe(400);
    expect((await send('GET', '/api/scrapers/runs')).code).toBe(400);
    expect((await send('GET', '/api/scrapers/runs?site=nope')).code).toBe(404);
  });
});
