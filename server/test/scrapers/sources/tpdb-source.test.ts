import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TpdbSource } from '../../../src/scrapers/sources/tpdb/tpdb.source';
import { parseTpdbUrl } from '../../../src/scrapers/sources/tpdb/tpdb-url';
import { scrapeHttpKit } from '../http/scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from '../http/scrape-site-server';
import { tpdbSceneDocument } from './source-fixtures';

let site: ScrapeSiteServer;
let tpdb: TpdbSource;
const never = new AbortController().signal;

beforeAll(async () => {
  site = await startScrapeSite();
  tpdb = new TpdbSource(scrapeHttpKit({ hostMap: { 'api.theporndb.net': site.origin } }).http);
});
afterAll(() => site.close());
beforeEach(() => {
  site.routes.clear();
  site.requests.length = 0;
});

describe('ThePornDB', () => {
  it('reads scene and JAV URLs of the site and of the API', () => {
    expect(parseTpdbUrl('https://theporndb.net/scenes/invented-vr-garden-party')).toEqual({
      kind: 'scenes',
      slug: 'invented-vr-garden-party',
    });
    expect(parseTpdbUrl('https://api.theporndb.net/jav/fovr-123/?x=1')).toEqual({
      kind: 'jav',
      slug: 'fovr-123',
    });
    expect(parseTpdbUrl('https://theporndb.net/performers/someone')).toBeNull();
  });

  it('asks the API with the bearer token and maps the scene', async () => {
    site.routes.set(
      '/scenes/invented-vr-garden-party',
      reply(200, JSON.stringify(tpdbSceneDocument()), { 'content-type': 'application/json' }),
    );
    const scene = await tpdb.scene({ kind: 'scenes', slug: 'invented-vr-garden-party' }, 'tok-123', never);
    expect(site.requests[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(scene).toMatchObject({
      sceneId: 'tpdb-inventedvr-987654',
      scraperId: 'tpdb',
      siteId: '987654',
      sceneType: 'VR',
      title: 'Garden Party Invented',
      studio: 'Invented VR',
      site: 'Invented VR',
      synopsis: 'A made-up scene for tests.',
      homepageUrl: 'https://invented-vr.example/scenes/garden-party',
      released: '2023-07-14',
      covers: ['https://cdn.theporndb.example/scenes/garden.jpg'],
      cast: ['Lena Madeup', 'Rex Notreal'],
      tags: ['Blonde', 'Doggy'],
    });
  });

  it('says plainly when the token is refused or the scene is unknown', async () => {
    site.routes.set(
      '/scenes/x',
      reply(401, '{"message":"Unauthenticated."}', { 'content-type': 'application/json' }),
    );
    await expect(tpdb.scene({ kind: 'scenes', slug: 'x' }, 'bad', never)).rejects.toThrow(
      'TPDB refused the API token (401)',
    );
    await expect(tpdb.scene({ kind: 'jav', slug: 'gone' }, 'tok', never)).rejects.toThrow(
      'TPDB has no JAV entry "gone" (404)',
    );
  });
});
