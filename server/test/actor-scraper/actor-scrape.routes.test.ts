import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExternalReferenceLink, JobProgress } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import {
  ANNA_URL,
  BADOINK_HOST,
  BELLA_URL,
  CARLA_URL,
  MISSING_URL,
  VRHUSH_HOST,
  startProfileSite,
  type ProfileSite,
} from './profile-site';

let app: FoveaApp;
let site: ProfileSite;
const progress: JobProgress[] = [];

const db = () => app.database.db;
const actor = (id: number) =>
  db().selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const urls = (...entries: [string, string][]) =>
  JSON.stringify(entries.map(([url, type]) => ({ url, type })));
const scrapeSingle = (payload: unknown) =>
  app.http.inject({ method: 'POST', url: '/api/extref/generic/scrape_single', payload: payload as object });
const extrefs = async (id: number) =>
  (await app.http.inject({ method: 'GET', url: `/api/actor/extrefs/${id}` })).json<ExternalReferenceLink[]>();

beforeAll(async () => {
  site = await startProfileSite();
  app = await createTestApp({ scrapeHostMap: { [BADOINK_HOST]: site.base, [VRHUSH_HOST]: site.base } });
  app.events.subscribe((event: RealtimeEvent) => {
    if (event.topic === 'job.progress' && event.payload.name === 'actor-scrape') progress.push(event.payload);
  });
});

afterAll(async () => {
  await app.close();
  await site.close();
});

describe('POST /api/extref/generic/scrape_single', () => {
  it('reads the profile with its rule set and writes it, keeping the fields the owner edited', async () => {
    const id = await libraryFactory(db()).actor('Anna Tester', {
      urls: urls([ANNA_URL, 'badoinkvr scrape']),
    });
    const edited = await app.http.inject({
      method: 'POST',
      url: `/api/actor/edit/${id}`,
      payload: { hair_color: 'Auburn' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const answer = await scrapeSingle({ id, url: ANNA_URL });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe('null');

    expect(await actor(id)).toMatchObject({
      hair_color: 'Auburn',
      eye_color: 'Green',
      ethnicity: 'Caucasian',
      nationality: 'HU',
      height: 170,
      weight: 55,
      band_size: 86,
      cup_size: 'C',
      waist_size: 64,
      hip_size: 91,
      biography: 'Anna Tester reviews test plans for fun.',
      aliases: '["Anna T.","Tessa"]',
      image_url: 'https://cdn.badoinkvr.com/models/anna-tester.jpg',
      image_arr: '["https://cdn.badoinkvr.com/models/anna-tester.jpg"]',
    });
    const links = await extrefs(id);
    const scraped = links.find((link) => link.external_source === 'badoinkvr scrape');
    expect(scraped).toMatchObject({ external_id: ANNA_URL, internal_name_id: 'Anna Tester' });
    expect(JSON.parse(scraped?.external_reference.external_data ?? '{}')).toMatchObject({
      height: '170',
      hair_color: 'Brown',
      nationality: 'HU',
    });
    expect(scraped?.external_reference.external_date).not.toBe('0001-01-01T00:00:00Z');

    // Again: the same reference and link, updated, never doubled.
    expect((await scrapeSingle({ id, url: ANNA_URL })).statusCode).toBe(200);
    expect((await extrefs(id)).filter((link) => link.external_source === 'badoinkvr scrape')).toHaveLength(1);
  });

  it('refuses bad bodies and URLs no rule set reads, changing nothing', async () => {
    const id = await libraryFactory(db()).actor('Refused Actor');
    const before = await actor(id);
    const cases: [unknown, number][] = [
      [{ url: ANNA_URL }, 400],
      [{ id, url: 'not a url' }, 400],
      [{ id, url: `https://${'a'.repeat(5000)}.example/` }, 400],
      [{ id: 999_999, url: ANNA_URL }, 404],
      [{ id, url: 'https://nowhere.example/models/x' }, 400],
      [{ id, url: 'https://stashdb.org/performers/2b5f7d0e-0000-4000-8000-000000000001' }, 400],
    ];
    for (const [payload, status] of cases) {
      const answer = await scrapeSingle(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json()).toHaveProperty('message');
    }
    expect(await actor(id)).toEqual(before);
    expect(await extrefs(id)).toEqual([]);
  });

  it('answers 502 when the profile page cannot be fetched', async () => {
    const id = await libraryFactory(db()).actor('Gone Actor', {
      urls: urls([MISSING_URL, 'badoinkvr scrape']),
    });
    const answer = await scrapeSingle({ id, url: MISSING_URL });
    expect(answer.statusCode).toBe(502);
    expect(await extrefs(id)).toEqual([]);
  });
});

describe('the actor scrape jobs', () => {
  it('scrape_all reads only profiles not scraped yet and fills only empty fields', async () => {
    const make = libraryFactory(db());
    const bella = await make.actor('Bella Sample', {
      eye_color: 'Grey',
      urls: urls([BELLA_URL, 'vrhush scrape']),
    });
    const before = site.requests.length;
    const answer = await app.http.inject({ method: 'GET', url: '/api/extref/generic/scrape_all' });
    expect(answer.statusCode).toBe(200);
    await app.queue.idle();

    expect(await actor(bella)).toMatchObject({
      eye_color: 'Grey',
      hair_color: 'Blonde',
      gender: 'Female',
      ethnicity: 'Latina',
      biography: 'Bella & her sample scenes.',
      height: 163,
      weight: 50,
      image_url: 'https://vrhush.com/images/models/bella-sample.jpg',
    });
    // Anna's page was scraped before; the missing page is tried again (it has no reference yet).
    const asked = site.requests.slice(before);
    expect(asked).toContain(new URL(BELLA_URL).pathname);
    expect(asked).not.toContain(new URL(ANNA_URL).pathname);
    expect(progress.at(-1)).toMatchObject({ status: 'done', total: 2, current: 2 });
  });

  it('scrape_by_site overwrites the site’s actors, still never an owner-edited field; unknown site: 404', async () => {
    const make = libraryFactory(db());
    const carla = await make.actor('Carla Example', {
      eye_color: 'Grey',
      nationality: 'FR',
      urls: urls([CARLA_URL, 'badoinkvr scrape']),
    });
    await app.http.inject({
      method: 'POST',
      url: `/api/actor/edit/${carla}`,
      payload: { nationality: 'PT' },
    });
    expect(
      (await app.http.inject({ method: 'GET', url: '/api/extref/generic/scrape_by_site/nosuchsite' }))
        .statusCode,
    ).toBe(404);

    const answer = await app.http.inject({
      method: 'GET',
      url: '/api/extref/generic/scrape_by_site/badoinkvr',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await app.queue.idle();
    expect(await actor(carla)).toMatchObject({ eye_color: 'Brown', hair_color: 'Black', nationality: 'PT' });
    const anna = await db()
      .selectFrom('actors')
      .select('hair_color')
      .where('name', '=', 'Anna Tester')
      .executeTakeFirstOrThrow();
    expect(anna.hair_color).toBe('Auburn');
  });

  it('runs after a scene scrape while scrapeActorAfterScene is on, and not when it is off', async () => {
    const make = libraryFactory(db());
    const dora = await make.actor('Dora After', { urls: urls([BELLA_URL, 'vrhush scrape']) });
    await app.options.updateAdvanced({ scrapeActorAfterScene: false });
    await app.http.inject({ method: 'GET', url: '/api/task/scrape?site=nosuchsite' });
    await app.queue.idle();
    expect((await actor(dora)).hair_color).toBe('');

    await app.options.updateAdvanced({ scrapeActorAfterScene: true });
    await app.http.inject({ method: 'GET', url: '/api/task/scrape?site=nosuchsite' });
    await app.queue.idle();
    expect((await actor(dora)).hair_color).toBe('Blonde');
  });

  it('lists the rule sets in use', async () => {
    const answer = await app.http.inject({ method: 'GET', url: '/api/extref/generic/rule_sets' });
    const list = answer.json<{ sets: { key: string; domain: string; custom: boolean }[]; error: string }>();
    expect(list.error).toBe('');
    expect(list.sets).toContainEqual({ key: 'vrhush scrape', domain: 'vrhush.com', custom: false });
  });

  it('reads a page on a private address only with the owner’s own rule set, loaded when the file appears', async () => {
    const id = await libraryFactory(db()).actor('Own Site Actor');
    const url = `${site.base}${new URL(BELLA_URL).pathname}`;
    const before = await scrapeSingle({ id, url });
    expect(before.statusCode).toBe(400);

    const config = {
      GenericActorScrapingConfig: {
        'ownsite scrape': {
          domain: '127.0.0.1',
          rules: [
            {
              xbvr_field: 'image_url',
              selector: '.thumbnail img',
              result_type: 'attr',
              attribute: 'src',
              post_processing: [{ post_processing: 'AbsoluteUrl' }],
            },
          ],
        },
      },
    };
    writeFileSync(join(app.paths.root, 'actor_scraper_custom_config.json'), JSON.stringify(config));
    for (let i = 0; i < 100; i++) {
      const list = (await app.http.inject({ method: 'GET', url: '/api/extref/generic/rule_sets' })).json<{
        sets: { key: string }[];
      }>();
      if (list.sets.some((set) => set.key === 'ownsite scrape')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await app.http.inject({
      method: 'POST',
      url: `/api/actor/edit/${id}`,
      payload: { urls: JSON.stringify([{ url, type: 'ownsite scrape' }]) },
    });
    const answer = await scrapeSingle({ id, url });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await actor(id)).image_url).toBe(`${site.base}/images/models/bella-sample.jpg`);
  });
});
