import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { entry, only, restore } from './apply-fixture';
import { customSitesOverHttp, listedCustomSites, listedSites } from './custom-site-http';

/*
 * Fovea's `foveaCustomSites` section, applied through the app's real custom-site service (its routes): the
 * sites come in scrapable (their aggregator's definition reloads and the sites table follows), with the switches
 * the bundle's `sites` section gives them; a second restore changes nothing; an entry the form would refuse is
 * rejected with its reason and the others still come in.
 */

const GLOW_URL = 'https://www.sexlikereal.com/studios/glow-vr-2270';
const GLOW_ID = 'glow-vr-2270-slr';

const glow = (values: Record<string, string> = {}) =>
  entry('foveaCustomSites', {
    url: GLOW_URL,
    name: 'Glow VR',
    company: 'Glow Media',
    avatar_url: 'https://img.example/glow.png',
    master_site_id: '',
    ...values,
  });
// Listed before its main site: main sites are saved first.
const glowAlternate = entry('foveaCustomSites', {
  url: 'https://povr.com/studios/glow-echo',
  name: 'Glow Echo',
  master_site_id: GLOW_ID,
});
// An alternate source of a built-in site.
const hushAlternate = entry('foveaCustomSites', {
  url: 'https://vrporn.com/studio/hush-mirror/',
  name: 'Hush Mirror',
  master_site_id: 'vrhush',
});
const glowSwitches = entry('sites', {
  name: 'Glow VR (Custom SLR)',
  id: GLOW_ID,
  is_enabled: true,
  subscribed: true,
  limit_scraping: false,
  master_site_id: '',
  scrape_stash: false,
});

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const restoreSites = (entries: Parameters<typeof restore>[1], overwrite = false) =>
  restore(app, entries, { ...only('inclSites'), overwrite }, { customSites: customSitesOverHttp(app) });

describe('restoring custom sites', () => {
  it('creates them through the custom-site service: listed, scrapable, with the bundle’s switches', async () => {
    const { outcome, tally } = await restoreSites([glowSwitches, glowAlternate, glow(), hushAlternate]);
    expect(outcome).toEqual({ completed: true });
    expect(tally.get('foveaCustomSites')).toEqual({ read: 3, added: 3, updated: 0, skipped: 0, rejected: 0 });
    expect(tally.rejected()).toEqual([]);

    const custom = await listedCustomSites(app);
    expect(custom.map((site) => [site.id, site.master_site_id, site.has_scraper])).toEqual([
      ['glow-echo-povr', GLOW_ID, true],
      [GLOW_ID, '', true],
      ['hush-mirror-vrporn', 'vrhush', true],
    ]);
    expect(custom.find((site) => site.id === GLOW_ID)).toMatchObject({
      list: 'slr',
      url: GLOW_URL,
      name: 'Glow VR',
      company: 'Glow Media',
      avatar_url: 'https://img.example/glow.png',
    });

    const sites = await listedSites(app);
    expect(sites.find((site) => site.id === GLOW_ID)).toMatchObject({
      name: 'Glow VR (Custom SLR)',
      avatar_url: 'https://img.example/glow.png',
      has_scraper: true,
      is_builtin: false,
      is_enabled: true,
      subscribed: true,
    });
    expect(sites.find((site) => site.id === 'glow-echo-povr')).toMatchObject({
      name: 'Glow Echo (Custom POVR)',
      has_scraper: true,
      master_site_id: GLOW_ID,
    });
  });

  it('changes nothing when the same bundle is restored again', async () => {
    const customBefore = await listedCustomSites(app);
    const sitesBefore = await listedSites(app);
    for (const overwrite of [false, true]) {
      const { tally } = await restoreSites([glowSwitches, glowAlternate, glow(), hushAlternate], overwrite);
      expect(tally.get('foveaCustomSites')).toEqual({
        read: 3,
        added: 0,
        updated: 0,
        skipped: 3,
        rejected: 0,
      });
    }
    expect(await listedCustomSites(app)).toEqual(customBefore);
    expect(await listedSites(app)).toEqual(sitesBefore);
  });

  it('edits a site the library has only with overwrite on', async () => {
    const renamed = glow({ name: 'Glow Two', company: '' });
    const kept = await restoreSites([renamed]);
    expect(kept.tally.get('foveaCustomSites')).toMatchObject({ read: 1, skipped: 1, updated: 0 });
    expect((await listedCustomSites(app)).find((site) => site.id === GLOW_ID)?.name).toBe('Glow VR');

    const overwritten = await restoreSites([renamed], true);
    expect(overwritten.tally.get('foveaCustomSites')).toMatchObject({ read: 1, updated: 1, skipped: 0 });
    expect((await listedCustomSites(app)).find((site) => site.id === GLOW_ID)).toMatchObject({
      name: 'Glow Two',
      company: 'Glow Two',
    });
    expect((await listedSites(app)).find((site) => site.id === GLOW_ID)).toMatchObject({
      name: 'Glow Two (Custom SLR)',
      has_scraper: true,
      is_enabled: true,
    });
  });

  it('rejects an entry the form would refuse, with its reason, and takes the others', async () => {
    const before = await listedCustomSites(app);
    const { outcome, tally } = await restoreSites([
      entry('foveaCustomSites', { url: 'https://example.com/studios/elsewhere', name: 'Elsewhere' }),
      entry('foveaCustomSites', { url: 'https://vrphub.com/studios/vr-hush', name: 'Taken' }),
      entry('foveaCustomSites', {
        url: 'https://povr.com/studios/orphan',
        name: 'Orphan',
        master_site_id: 'no-such-site',
      }),
      entry('foveaCustomSites', { url: 'https://povr.com/studios/lumen', name: 'Lumen' }),
    ]);
    expect(outcome).toEqual({ completed: true });
    expect(tally.get('foveaCustomSites')).toEqual({ read: 4, added: 1, updated: 0, skipped: 0, rejected: 3 });
    expect(tally.rejected()).toEqual([
      {
        section: 'foveaCustomSites',
        key: 'https://example.com/studios/elsewhere',
        reason: expect.stringMatching(/^url: a studio URL on povr\.com/),
      },
      {
        section: 'foveaCustomSites',
        key: 'https://vrphub.com/studios/vr-hush',
        reason: expect.stringContaining('vr-hush-vrphub is already used by the scraper definition'),
      },
      {
        section: 'foveaCustomSites',
        key: 'https://povr.com/studios/orphan',
        reason: 'There is no site no-such-site',
      },
    ]);
    const after = await listedCustomSites(app);
    expect(after.map((site) => site.id).sort()).toEqual(
      [...before.map((site) => site.id), 'lumen-povr'].sort(),
    );
  });

  it('leaves them out, counted as skipped, with the sites switched off', async () => {
    const before = await listedCustomSites(app);
    const { tally } = await restore(
      app,
      [glow({ url: 'https://www.sexlikereal.com/studios/ember-vr-88', name: 'Ember' })],
      only('inclScenes'),
      { customSites: customSitesOverHttp(app) },
    );
    expect(tally.get('foveaCustomSites')).toMatchObject({ read: 1, skipped: 1, added: 0 });
    expect(await listedCustomSites(app)).toEqual(before);
  });

  it('rejects them when the restore has no custom-site service', async () => {
    const before = await listedCustomSites(app);
    const { outcome, tally } = await restore(
      app,
      [glow({ url: 'https://www.sexlikereal.com/studios/ember-vr-88', name: 'Ember' })],
      only('inclSites'),
    );
    expect(outcome).toEqual({ completed: true });
    expect(tally.get('foveaCustomSites')).toMatchObject({ read: 1, rejected: 1, added: 0 });
    expect(tally.rejected()[0]?.reason).toMatch(/no custom-site service/);
    expect(await listedCustomSites(app)).toEqual(before);
  });
});
