import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { installErrorHandler } from '../../../src/http/error-handler';
import { TrailerResolver } from '../../../src/players/trailers/trailer-resolver';
import { CollectorConfigRepository } from '../../../src/repositories/collector-config.repository';
import { KvRepository } from '../../../src/repositories/kv.repository';
import { collectorConfigRoutes } from '../../../src/routes/api/collector-config.routes';
import {
  CollectorConfigService,
  collectorConfigTextStore,
} from '../../../src/scrapers/collector/collector-config.service';
import { ScrapeHttp } from '../../../src/scrapers/http/scrape-http';
import { HttpSpec } from '../../../src/scrapers/definitions/definition.schema';
import { createTestApp } from '../../helpers/test-app';
import { startTrailerSite, type TrailerSiteServer } from '../../helpers/trailer-site-server';

let app: FoveaApp;
let http: FastifyInstance;
let kv: KvRepository;
let service: CollectorConfigService;
let site: TrailerSiteServer;

beforeAll(async () => {
  app = await createTestApp();
  kv = new KvRepository(app.database.db);
  service = new CollectorConfigService(
    new CollectorConfigRepository(app.database.db),
    pino({ level: 'silent' }),
  );
  http = Fastify({ logger: false });
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  installErrorHandler(http);
  await http.register(collectorConfigRoutes({ collectorConfigs: service }));
  await http.ready();
  site = await startTrailerSite();
});
afterAll(async () => {
  await site.close();
  await http.close();
  await app.close();
});
beforeEach(async () => {
  await app.database.db.deleteFrom('kv').where('key', 'like', 'collector:%').execute();
  site.requests.length = 0;
});

const list = async () => {
  const response = await http.inject({ method: 'GET', url: '/api/options/collector-config-list' });
  expect(response.statusCode).toBe(200);
  return response.json<unknown>();
};
const save = (payload: unknown) =>
  http.inject({ method: 'POST', url: '/api/options/save-collector-config', payload: payload as object });
const remove = (payload: unknown) =>
  http.inject({ method: 'DELETE', url: '/api/options/delete-collector-config', payload: payload as object });

const NA = {
  domain_key: 'naughtyamerica-trailers',
  body: '',
  cookies: [{ name: 'nats', value: 'abc', domain: '.naughtyamerica.com', path: '/', host: '' }],
  headers: [{ key: 'Referer', value: 'https://www.naughtyamerica.com/' }],
  other: [],
};

describe('collector config routes', () => {
  it('saves from the form, lists in the wire shape, and replaces on a second save', async () => {
    expect(await list()).toEqual([]);
    const saved = await save(NA);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toBe('null');
    await save({ domain_key: '  czechvrnetwork-scraper ', headers: null, cookies: null, other: null });
    expect(await list()).toEqual([
      {
        domain_key: 'czechvrnetwork-scraper',
        config: { headers: [], cookies: [], body: '', other: [] },
      },
      {
        domain_key: 'naughtyamerica-trailers',
        // Cookie values are the owner's site logins: the list says "set", never the value.
        config: { headers: NA.headers, cookies: [{ ...NA.cookies[0], value: 'set' }], body: '', other: [] },
      },
    ]);
    await save({ ...NA, headers: [], body: '{"a":1}' });
    const again = (await list()) as { domain_key: string; config: { headers: unknown[]; body: string } }[];
    expect(again.find((entry) => entry.domain_key === 'naughtyamerica-trailers')?.config).toMatchObject({
      headers: [],
      body: '{"a":1}',
    });
  });

  it('imports a file posted as is: missing lists are empty, unknown keys dropped, cookie parts defaulted', async () => {
    const response = await save({
      domain_key: 'wetvr-scraper',
      headers: [{ key: 'x-site', value: 'wetvr.com' }],
      cookies: [{ name: 'age', value: '1' }],
      exported_by: 'another tool',
    });
    expect(response.statusCode).toBe(200);
    expect(await service.get('wetvr-scraper')).toEqual({
      headers: [{ key: 'x-site', value: 'wetvr.com' }],
      cookies: [{ name: 'age', value: '1', domain: '', path: '', host: '' }],
      body: '',
      other: [],
    });
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => ({ key: `h${i}`, value: 'v' }));
    for (const payload of [
      { ...NA, domain_key: '   ' },
      { ...NA, domain_key: 'x'.repeat(101) },
      { ...NA, headers: tooMany },
      { ...NA, cookies: [{ ...NA.cookies[0], value: 'v'.repeat(4001) }] },
      { ...NA, body: 'b'.repeat(20_001) },
      { headers: [] },
      [1, 2, 3],
    ]) {
      const response = await save(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>()).toMatchObject({ error: 'Bad Request' });
    }
    expect(await list()).toEqual([]);
  });

  it('deletes a config, and answers 404 for one that does not exist', async () => {
    await save(NA);
    expect((await remove({ domain_key: 'naughtyamerica-trailers' })).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    const missing = await remove({ domain_key: 'naughtyamerica-trailers' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(
      'no collector config named "naughtyamerica-trailers"',
    );
    expect((await remove({ domain_key: '' })).statusCode).toBe(400);
  });

  it('keeps configs apart from other key-value rows: one named "options" never touches the options', async () => {
    const optionsBefore = await kv.get('options');
    await save({ domain_key: 'options', headers: [{ key: 'X', value: 'y' }] });
    expect(await kv.get('options')).toBe(optionsBefore);
    expect(await kv.get('collector:options')).toBeDefined();
    // A bare kv row of the old layout is not a collector config.
    await kv.set('oldsite-trailers', JSON.stringify({ headers: [], cookies: [], body: '', other: [] }));
    expect((await list()) as unknown[]).toHaveLength(1);
    await remove({ domain_key: 'options' });
    expect(await kv.get('options')).toBe(optionsBefore);
  });

  it('skips a stored row that is not a config', async () => {
    await kv.set('collector:broken', 'not json');
    await kv.set('collector:wrong-shape', '{"headers": "nope"}');
    await save(NA);
    expect(((await list()) as { domain_key: string }[]).map((entry) => entry.domain_key)).toEqual([
      'naughtyamerica-trailers',
    ]);
    expect(await service.get('broken')).toBeNull();
  });
});

describe('who reads the configs', () => {
  it('the trailer resolver reads `<core>-trailers` through the service', async () => {
    await save({
      domain_key: '127.0.0-trailers',
      headers: [{ key: 'Referer', value: 'https://members.example.com/' }],
      cookies: [{ name: 'auth', value: 'tok', domain: '', path: '', host: '' }],
    });
    site.routes.set('/api/trailer/3', {
      body: JSON.stringify({ sources: [{ src: '/t/3-1080.mp4', label: '1080p' }] }),
    });
    const resolver = new TrailerResolver({
      store: collectorConfigTextStore(service),
      logger: pino({ level: 'silent' }),
    });
    const sources = await resolver.sources({
      trailer_type: 'load_json',
      trailer_source: JSON.stringify({
        scene_url: `${site.origin}/api/trailer/3`,
        record_path: 'sources',
        content_path: 'src',
        quality_path: 'label',
      }),
    });
    expect(sources.map((source) => source.quality)).toEqual(['1080p']);
    expect(site.requests[0]?.headers.referer).toBe('https://members.example.com/');
    expect(site.requests[0]?.headers.cookie).toBe('auth=tok');
  });

  it('the scrapers read `<core>-scraper` of each host through the service', async () => {
    await save({ domain_key: 'vrbangers-scraper', cookies: [{ name: 'site', value: '1' }] });
    await save({ domain_key: 'content.vrbangers-scraper', cookies: [{ name: 'api', value: '2' }] });
    site.routes.set('/videos', { body: '[]' });
    site.routes.set('/api/v1/videos', { body: '[]' });
    const scrapeHttp = new ScrapeHttp({
      settings: () => ({ proxy: '', userAgent: '' }),
      collectorConfigs: service,
      hostMap: { 'vrbangers.com': site.origin, 'content.vrbangers.com': site.origin },
    });
    try {
      const fetcher = scrapeHttp.session({
        siteId: 'vrbangers',
        http: HttpSpec.parse({ min_delay_ms: 0, max_delay_ms: 0 }),
        allowPrivate: false,
      });
      const signal = new AbortController().signal;
      await fetcher.fetch('https://vrbangers.com/videos', { expect: 'html' }, signal);
      await fetcher.fetch('https://content.vrbangers.com/api/v1/videos', { expect: 'json' }, signal);
    } finally {
      await scrapeHttp.close();
    }
    expect(site.requests.map((request) => request.headers.cookie)).toEqual(['site=1', 'api=2']);
  });
});
