import { DataTransferReports, type CustomSite, type DataTransferReport, type Site } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { listedCustomSites, listedSites } from '../restore-apply/custom-site-http';

/*
 * Custom sites through a backup and a restore over HTTP: the owner's custom sites travel in Fovea's own
 * `foveaCustomSites` key beside `sites` (their switches and matching parameters); restored into a fresh install
 * they are listed and scrapable at once; a second restore changes nothing; an entry that cannot be a custom
 * site is reported and skipped while the rest of the bundle comes in.
 */

const MAIN = {
  scraperUrl: 'https://www.sexlikereal.com/studios/glow-vr-2270',
  scraperName: 'Glow VR',
  scraperCompany: 'Glow Media',
  scraperAvatar: 'https://img.example/glow.png',
  masterSiteId: '',
};
const ALTERNATE = {
  scraperUrl: 'https://povr.com/studios/hush-mirror',
  scraperName: 'Hush Mirror',
  scraperCompany: '',
  scraperAvatar: '',
  masterSiteId: 'vrhush',
};
const IDS = ['glow-vr-2270-slr', 'hush-mirror-povr'];

async function call(app: FoveaApp, method: 'PUT' | 'POST', url: string, payload: object = {}) {
  const response = await app.http.inject({ method, url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
}

async function restore(app: FoveaApp, bundle: Buffer, query = ''): Promise<DataTransferReport> {
  const response = await app.http.inject({
    method: 'POST',
    url: `/api/task/bundle/restore${query}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bundle,
  });
  expect(response.statusCode, response.body).toBe(200);
  await app.queue.idle();
  const reports = DataTransferReports.parse((await app.http.inject('/api/task/data/reports')).json());
  if (!reports.restore) throw new Error('no restore report');
  return reports.restore;
}

/** The custom sites without the times a save stamps. */
const definitions = (sites: CustomSite[]) =>
  sites.map(({ created_at: _created, updated_at: _updated, ...site }) => site);
/** The sites rows of the custom sites, without their scene counts and scrape times. */
const siteRows = async (app: FoveaApp) =>
  (await listedSites(app))
    .filter((site) => IDS.includes(site.id))
    .map(
      ({ scene_count: _count, last_update: _update, ...site }): Omit<Site, 'scene_count' | 'last_update'> =>
        site,
    );

let source: FoveaApp;
let target: FoveaApp;
let bundle: Buffer;

beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  await call(source, 'PUT', '/api/options/custom-sites/create', MAIN);
  await call(source, 'PUT', '/api/options/custom-sites/create', ALTERNATE);
  await call(source, 'PUT', '/api/options/sites/glow-vr-2270-slr');
  await call(source, 'PUT', '/api/options/sites/subscribed/glow-vr-2270-slr');
  await call(source, 'POST', '/api/options/site/save_match_params', {
    site: 'hush-mirror-povr',
    match_params: { delay_linking: 3, boost_title: 6 },
  });
  const backup = await source.http.inject('/api/task/bundle/backup?download=true');
  expect(backup.statusCode, backup.body).toBe(200);
  bundle = (await source.http.inject('/download/xbvr-content-bundle.json')).rawPayload;
});

afterAll(async () => {
  for (const app of [source, target]) {
    await app.close();
    removeTempDir(app.config.dataDir);
    removeTempDir(app.config.webDir);
  }
});

describe('custom sites in a backup and a restore (HTTP)', () => {
  it('writes them in foveaCustomSites, and their switches and matching parameters in sites', () => {
    const written = JSON.parse(bundle.toString('utf8')) as {
      foveaCustomSites: unknown[];
      sites: { id?: string; matching_params?: string; is_enabled?: boolean }[];
    };
    expect(written.foveaCustomSites).toEqual([
      {
        url: MAIN.scraperUrl,
        name: 'Glow VR',
        company: 'Glow Media',
        avatar_url: 'https://img.example/glow.png',
        master_site_id: '',
      },
      {
        url: ALTERNATE.scraperUrl,
        name: 'Hush Mirror',
        company: 'Hush Mirror',
        avatar_url: '',
        master_site_id: 'vrhush',
      },
    ]);
    expect(written.sites.find((site) => site.id === 'glow-vr-2270-slr')).toMatchObject({ is_enabled: true });
    expect(
      JSON.parse(written.sites.find((site) => site.id === 'hush-mirror-povr')?.matching_params ?? '{}'),
    ).toMatchObject({ delay_linking: 3, boost_title: 6 });
  });

  it('restores them into a fresh install: listed, scrapable, with their switches and parameters', async () => {
    expect(await listedCustomSites(target)).toEqual([]);
    const report = await restore(target, bundle);
    expect(report, JSON.stringify(report)).toMatchObject({ status: 'ok', rejectedTotal: 0 });
    expect(report.sections.foveaCustomSites).toEqual({
      read: 2,
      added: 2,
      updated: 0,
      skipped: 0,
      rejected: 0,
    });
    expect(definitions(await listedCustomSites(target))).toEqual(
      definitions(await listedCustomSites(source)),
    );
    const rows = await siteRows(target);
    expect(rows).toEqual(await siteRows(source));
    expect(rows.map((site) => [site.id, site.has_scraper])).toEqual([
      ['glow-vr-2270-slr', true],
      ['hush-mirror-povr', true],
    ]);
  });

  it('changes nothing when the bundle is restored again, with overwrite on (the default) or off', async () => {
    const custom = await listedCustomSites(target);
    const rows = await siteRows(target);
    for (const query of ['', '?overwrite=false']) {
      const report = await restore(target, bundle, query);
      expect(report.status).toBe('ok');
      expect(report.sections.foveaCustomSites).toEqual({
        read: 2,
        added: 0,
        updated: 0,
        skipped: 2,
        rejected: 0,
      });
    }
    expect(await listedCustomSites(target)).toEqual(custom);
    expect(await siteRows(target)).toEqual(rows);
  });

  it('reports an entry that cannot be a custom site and takes the rest of the bundle', async () => {
    const edited = JSON.parse(bundle.toString('utf8')) as { foveaCustomSites: object[] };
    edited.foveaCustomSites.unshift(
      { url: 'https://example.com/studios/elsewhere', name: 'Elsewhere' },
      { url: 'https://povr.com/studios/nameless' },
    );
    edited.foveaCustomSites.push({ url: 'https://povr.com/studios/late-comer', name: 'Late Comer' });
    const report = await restore(target, Buffer.from(JSON.stringify(edited)));
    expect(report.status).toBe('ok');
    // The entry without a name is refused as the bundle is read, the one on no aggregator as it is applied.
    expect(report.sections.foveaCustomSites).toEqual({
      read: 4,
      added: 1,
      updated: 0,
      skipped: 2,
      rejected: 2,
    });
    expect(report.rejected).toEqual([
      {
        section: 'foveaCustomSites',
        key: 'https://povr.com/studios/nameless',
        reason: expect.stringMatching(/^name: /),
      },
      {
        section: 'foveaCustomSites',
        key: 'https://example.com/studios/elsewhere',
        reason: expect.stringMatching(/^url: a studio URL on povr\.com/),
      },
    ]);
    expect((await listedCustomSites(target)).map((site) => site.id)).toEqual([...IDS, 'late-comer-povr']);
  });
});
