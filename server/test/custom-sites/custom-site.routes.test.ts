import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CustomSite, Scene, Site } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { makeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { AGGREGATOR_HOST, aggregatorDefinition, startAggregator } from './aggregator-site';

/*
 * PUT /api/options/custom-sites/create, GET /api/options/custom-sites and DELETE /api/options/custom-sites/{id}
 * over HTTP on the real app: a custom studio joins the aggregator's definition at once and scrapes from a local
 * server; bad input changes nothing.
 */

let app: FoveaApp;
let aggregator: Awaited<ReturnType<typeof startAggregator>>;
let dataDir: string;

const STUDIO_URL = `https://${AGGREGATOR_HOST}/studios/moon-lake-vr/`;
const body = (values: Record<string, string> = {}) => ({
  scraperUrl: STUDIO_URL,
  scraperName: 'Moon Lake VR',
  scraperCompany: '',
  scraperAvatar: '',
  masterSiteId: '',
  ...values,
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

async function request(method: Method, url: string, payload?: object) {
  return app.http.inject({ method, url, ...(payload ? { payload } : {}) });
}

async function json<T>(method: Method, url: string, payload?: object): Promise<T> {
  const response = await request(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const sites = () => json<Site[]>('GET', '/api/options/sites');
const customSites = () => json<CustomSite[]>('GET', '/api/options/custom-sites');

beforeAll(async () => {
  aggregator = await startAggregator({
    'house-studio': [],
    'moon-lake-vr': [
      {
        id: 702,
        slug: 'paper-lanterns',
        title: 'Paper Lanterns',
        date: '04 March, 2026',
        cast: ['Ivy Marsh'],
      },
      { id: 701, slug: 'tide-pools', title: 'Tide Pools', date: '01 February, 2026', cast: ['Ola Brin'] },
      { id: 700, slug: 'first-frost', title: 'First Frost', date: '10 January, 2026', cast: [] },
    ],
  });
  dataDir = makeTempDir('fovea-custom-sites-');
  mkdirSync(join(dataDir, 'scrapers'));
  writeFileSync(join(dataDir, 'scrapers', 'povr.yaml'), aggregatorDefinition());
  app = await createTestApp({ dataDir, scrapeHostMap: { [AGGREGATOR_HOST]: aggregator.base } });
});

afterAll(async () => {
  await app.close();
  await aggregator.close();
});

describe('custom sites over HTTP', () => {
  it.each([
    ['a host that is no aggregator', { scraperUrl: 'https://example.com/studios/moon-lake-vr' }, 400],
    ['an aggregator name inside another host', { scraperUrl: 'https://povr.com.example.net/studios/x' }, 400],
    [
      'an SLR URL with a query string',
      { scraperUrl: 'https://www.sexlikereal.com/studios/x-3?sort=new' },
      400,
    ],
    ['a URL without a studio segment', { scraperUrl: 'https://povr.com/' }, 400],
    ['an empty name', { scraperName: '  ' }, 400],
    ['an unknown master site', { masterSiteId: 'no-such-site' }, 400],
    ['a name over the bound', { scraperName: 'n'.repeat(201) }, 400],
  ])('refuses %s, storing nothing', async (_case, values, status) => {
    const before = await sites();
    const response = await request('PUT', '/api/options/custom-sites/create', body(values));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).not.toBe('');
    expect(await customSites()).toEqual([]);
    expect(await sites()).toEqual(before);
  });

  it('refuses a URL whose id another definition already uses', async () => {
    writeFileSync(
      join(dataDir, 'scrapers', 'povr.yaml'),
      aggregatorDefinition().replace('- id: house-studio', '- id: taken-povr'),
    );
    await json('POST', '/api/scrapers/definitions/reload', {});
    const response = await request(
      'PUT',
      '/api/options/custom-sites/create',
      body({ scraperUrl: 'https://povr.com/studios/taken' }),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(await customSites()).toEqual([]);
    writeFileSync(join(dataDir, 'scrapers', 'povr.yaml'), aggregatorDefinition());
    await json('POST', '/api/scrapers/definitions/reload', {});
  });

  it('creates a site that is in the sites list at once and scrapes from the aggregator', async () => {
    const created = await json<CustomSite>('PUT', '/api/options/custom-sites/create', body());
    expect(created).toMatchObject({
      id: 'moon-lake-vr-povr',
      list: 'povr',
      url: 'https://povr.com/studios/moon-lake-vr',
      name: 'Moon Lake VR',
      company: 'Moon Lake VR',
      has_scraper: true,
    });
    const site = (await sites()).find((entry) => entry.id === 'moon-lake-vr-povr');
    expect(site).toMatchObject({
      name: 'Moon Lake VR (Custom POVR)',
      avatar_url: 'https://images.povr.com/img/povr/android-icon-192x192.png',
      is_builtin: false,
      has_scraper: true,
      master_site_id: '',
    });

    await json('GET', '/api/task/scrape?site=moon-lake-vr-povr');
    await app.queue.idle();
    expect(aggregator.requests).toContain('/studios/moon-lake-vr?o=d&page=2');
    const scene = await json<Scene>('GET', '/api/scene/povr-701');
    expect(scene).toMatchObject({
      title: 'Tide Pools',
      site: 'Moon Lake VR (POVR)',
      studio: 'Moon Lake VR',
      scraper_id: 'moon-lake-vr-povr',
      release_date_text: '2026-02-01',
    });
    expect(scene.cast.map((actor) => actor.name)).toEqual(['Ola Brin']);
    expect((await sites()).find((entry) => entry.id === 'moon-lake-vr-povr')?.scene_count).toBe(3);
  });

  it('edits the site its URL names: company, avatar and main site', async () => {
    const edited = await json<CustomSite>(
      'PUT',
      '/api/options/custom-sites/create',
      body({
        scraperUrl: 'povr.com/studios/Moon-Lake-VR',
        scraperName: 'Moon Lake',
        scraperCompany: 'Lake Media',
        scraperAvatar: 'https://povr.com/icons/moon.png',
        masterSiteId: 'house-studio',
      }),
    );
    expect(edited).toMatchObject({ id: 'moon-lake-vr-povr', name: 'Moon Lake', company: 'Lake Media' });
    expect(await customSites()).toHaveLength(1);
    const site = (await sites()).find((entry) => entry.id === 'moon-lake-vr-povr');
    expect(site).toMatchObject({
      name: 'Moon Lake (Custom POVR)',
      avatar_url: 'https://povr.com/icons/moon.png',
      master_site_id: 'house-studio',
    });
    const refused = await request(
      'PUT',
      '/api/options/custom-sites/create',
      body({ scraperUrl: 'https://povr.com/studios/second', masterSiteId: 'moon-lake-vr-povr' }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
  });

  it('joins a built-in aggregator definition as a site of the owner’s, not a built-in one', async () => {
    const created = await json<CustomSite>(
      'PUT',
      '/api/options/custom-sites/create',
      body({ scraperUrl: 'https://realvr.com/vrpornstudio/glowvr-5', scraperName: 'Glow' }),
    );
    expect(created).toMatchObject({ id: 'glowv-realvr', list: 'realvr', has_scraper: true });
    expect((await sites()).find((entry) => entry.id === 'glowv-realvr')).toMatchObject({
      name: 'Glow (Custom RealVR)',
      is_builtin: false,
      has_scraper: true,
    });
    await json('DELETE', '/api/options/custom-sites/glowv-realvr');
  });

  it('deletes the site and keeps its scenes; a second delete is 404', async () => {
    expect(await json('DELETE', '/api/options/custom-sites/moon-lake-vr-povr')).toBeNull();
    expect(await customSites()).toEqual([]);
    const site = (await sites()).find((entry) => entry.id === 'moon-lake-vr-povr');
    expect(site).toMatchObject({ has_scraper: false, scene_count: 3 });
    expect((await json<Scene>('GET', '/api/scene/povr-702')).title).toBe('Paper Lanterns');
    expect((await request('DELETE', '/api/options/custom-sites/moon-lake-vr-povr')).statusCode).toBe(404);
  });
});
