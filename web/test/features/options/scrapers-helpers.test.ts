import type { SingleSceneRoute } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  bulkTargets,
  canEnable,
  coverageLines,
  filterSites,
  httpStatusSummary,
  siteHealth,
  splitSiteName,
} from '../../../src/features/options/sections/scrapers-health';
import {
  additionalInfoBody,
  additionalInfoProblem,
  isHttpUrl,
  routeForUrl,
  statusKey,
} from '../../../src/features/options/sections/scrapers-single-scene';
import {
  draftToBody,
  findCollectorConfig,
  newNameProblem,
} from '../../../src/features/options/sections/scrapers-collector-config';
import { scrapeRun, siteWithHealth } from './scrapers-fixtures';

const route = (site_id: string, url_patterns: string[], extra: Partial<SingleSceneRoute> = {}) => ({
  site_id,
  name: site_id,
  url_patterns,
  additional_info: [],
  warnings: [],
  ...extra,
});

describe('scraper health helpers', () => {
  it('reads the health from the last run, an invalid definition winning over it', () => {
    expect(siteHealth(siteWithHealth({ id: 'a' }))).toBe('never');
    expect(siteHealth(siteWithHealth({ id: 'a', last_run: scrapeRun({ status: 'blocked' }) }))).toBe(
      'blocked',
    );
    expect(
      siteHealth(
        siteWithHealth({
          id: 'a',
          last_run: scrapeRun({ status: 'ok' }),
          definition_error: 'definition invalid: a.yaml:3: bad',
        }),
      ),
    ).toBe('invalid_definition');
  });

  it('splits the source in brackets off a site name', () => {
    expect(splitSiteName('AstroDomina (SLR)')).toEqual({ siteName: 'AstroDomina', source: 'SLR' });
    expect(splitSiteName('WankzVR')).toEqual({ siteName: 'WankzVR', source: '' });
    expect(splitSiteName('(SLR)')).toEqual({ siteName: '(SLR)', source: '' });
  });

  it('summarises HTTP statuses most frequent first and coverage emptiest first', () => {
    expect(httpStatusSummary({ '429': 2, '200': 31, network: 0, '403': 2 })).toBe(
      '200 × 31, 403 × 2, 429 × 2',
    );
    expect(
      coverageLines([
        { field: 'duration', empty: 3, of: 12 },
        { field: 'released', empty: 12, of: 12 },
        { field: 'title', empty: 0, of: 12 },
        { field: 'cast', empty: 0, of: 0 },
      ]),
    ).toEqual([
      { field: 'released', percent: 100, empty: 12, of: 12 },
      { field: 'duration', percent: 25, empty: 3, of: 12 },
    ]);
  });

  it('filters by name, id or studio, ignoring case', () => {
    const sites = [
      siteWithHealth({ id: 'wankzvr', name: 'WankzVR', studio: 'Wankz' }),
      siteWithHealth({ id: 'babevr', name: 'BabeVR', studio: 'Badoink' }),
    ];
    expect(filterSites(sites, '  ').map((s) => s.id)).toEqual(['wankzvr', 'babevr']);
    expect(filterSites(sites, 'BADO').map((s) => s.id)).toEqual(['babevr']);
    expect(filterSites(sites, 'zvr').map((s) => s.id)).toEqual(['wankzvr']);
  });

  it('lets bulk actions flip only the sites not yet in the wanted state, never enabling a disabled one', () => {
    const gone = siteWithHealth({ id: 'gone', disabled_reason: 'The site closed in 2023' });
    const sites = [
      siteWithHealth({ id: 'on', is_enabled: true, limit_scraping: true }),
      siteWithHealth({ id: 'off' }),
      gone,
    ];
    expect(canEnable(gone)).toBe(false);
    expect(canEnable(sites[1] ?? gone)).toBe(true);
    expect(bulkTargets(sites, 'enable')).toEqual(['off']);
    expect(bulkTargets(sites, 'disable')).toEqual(['on']);
    expect(bulkTargets(sites, 'limitOn')).toEqual(['off', 'gone']);
    expect(bulkTargets(sites, 'limitOff')).toEqual(['on']);
  });
});

describe('single-scene helpers', () => {
  it('accepts http(s) URLs only', () => {
    expect(isHttpUrl(' https://wetvr.com/video/1 ')).toBe(true);
    expect(isHttpUrl('ftp://wetvr.com/video/1')).toBe(false);
    expect(isHttpUrl('wetvr.com/video/1')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });

  it('routes a URL to the last definition whose pattern matches, skipping broken patterns', () => {
    const routes = [
      route('slr-single_scene', ['^https://www\\.sexlikereal\\.com/']),
      route('broken', ['(unclosed']),
      route('astrodomina-slr', ['^https://www\\.sexlikereal\\.com/scenes/astro']),
      route('wetvr', ['^https?://(www\\.)?wetvr\\.com/video/']),
    ];
    expect(routeForUrl(routes, 'https://www.sexlikereal.com/scenes/astro-123')?.site_id).toBe(
      'astrodomina-slr',
    );
    expect(routeForUrl(routes, 'https://www.sexlikereal.com/scenes/other-9')?.site_id).toBe(
      'slr-single_scene',
    );
    expect(routeForUrl(routes, '  http://wetvr.com/video/abc ')?.site_id).toBe('wetvr');
    expect(routeForUrl(routes, 'https://unknown.example/scene/1')).toBeNull();
    expect(routeForUrl(routes, '')).toBeNull();
  });

  it('checks additional-info values: required ones not empty, number ones digits only', () => {
    const field = { required: true, type: 'number' } as const;
    expect(additionalInfoProblem(field, ' ')).toBe('required');
    expect(additionalInfoProblem(field, '12a')).toBe('digits');
    expect(additionalInfoProblem(field, ' 123 ')).toBeNull();
    expect(additionalInfoProblem({ required: false, type: 'url' }, '')).toBeNull();
    const wetvr = route('wetvr', [], {
      additional_info: [
        {
          fieldName: 'scene_id',
          fieldPrompt: 'Scene id',
          placeholder: '123',
          required: true,
          type: 'number',
        },
      ],
    });
    expect(additionalInfoBody(wetvr, { scene_id: ' 42 ', other: 'x' })).toEqual([
      {
        fieldName: 'scene_id',
        fieldPrompt: 'Scene id',
        placeholder: '123',
        required: true,
        type: 'number',
        fieldValue: '42',
      },
    ]);
  });

  it('knows the catalogue texts of the known failure statuses', () => {
    expect(statusKey('No scrapers exist for this domain')).toBe('errors.noScraperForDomain');
    expect(statusKey('Scraper does not exist')).toBe('errors.scraperDoesNotExist');
    expect(statusKey('toString')).toBeNull();
    expect(statusKey('Something else')).toBeNull();
  });
});

describe('collector config helpers', () => {
  const config = (domain_key: string) => ({
    domain_key,
    config: { headers: null, cookies: null, body: '', other: null },
  });

  it('loads the config named exactly, else the only one named so ignoring case', () => {
    const configs = [config('naughtyamerica-trailers'), config('Wetvr-scraper'), config('a'), config('A')];
    expect(findCollectorConfig(configs, 'naughtyamerica-trailers')?.domain_key).toBe(
      'naughtyamerica-trailers',
    );
    expect(findCollectorConfig(configs, ' wetvr-SCRAPER ')?.domain_key).toBe('Wetvr-scraper');
    expect(findCollectorConfig(configs, 'naughty')).toBeNull();
    expect(findCollectorConfig(configs, 'A')?.domain_key).toBe('A');
    expect(findCollectorConfig([config('a'), config('A')], 'a')?.domain_key).toBe('a');
    expect(findCollectorConfig([config('Ab'), config('aB')], 'ab')).toBeNull();
    expect(findCollectorConfig(configs, '')).toBeNull();
  });

  it('allows new names of 1 to 20 characters and leaves empty rows out of the save', () => {
    expect(newNameProblem(' ')).toBe('empty');
    expect(newNameProblem('x'.repeat(20))).toBeNull();
    expect(newNameProblem('x'.repeat(21))).toBe('tooLong');
    expect(
      draftToBody({
        domainKey: ' site-scraper ',
        headers: [
          { key: 'Referer', value: 'https://site.example/' },
          { key: ' ', value: 'dropped' },
        ],
        cookies: [
          { name: 'age', value: '1', domain: '.site.example', path: '/', host: '' },
          { name: '', value: 'x', domain: '', path: '', host: '' },
        ],
        body: '',
        other: [{ key: 'k', value: 'v' }],
      }),
    ).toEqual({
      domain_key: 'site-scraper',
      body: '',
      headers: [{ key: 'Referer', value: 'https://site.example/' }],
      cookies: [{ name: 'age', value: '1', domain: '.site.example', path: '/', host: '' }],
      other: [{ key: 'k', value: 'v' }],
    });
  });
});
