import type { OptionsStateResponse, Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { createTestApp } from '../../helpers/test-app';
import { reply, startScrapeSite, type ScrapeSiteServer } from '../http/scrape-site-server';
import { challengePage, r18devMovie, tpdbSceneDocument } from './source-fixtures';

let app: FoveaApp;
let site: ScrapeSiteServer;
const json = (body: unknown) => reply(200, JSON.stringify(body), { 'content-type': 'application/json' });

beforeAll(async () => {
  site = await startScrapeSite();
  const hosts = ['r18.dev', 'api.theporndb.net', 'www.javlibrary.com'];
  app = await createTestApp({ scrapeHostMap: Object.fromEntries(hosts.map((host) => [host, site.origin])) });
});
afterAll(async () => {
  await app.close();
  await site.close();
});

async function post(url: string, payload: object) {
  return app.http.inject({ method: 'POST', url, payload });
}

async function scene(sceneId: string): Promise<Scene> {
  const response = await app.http.inject({ method: 'GET', url: `/api/scene/${sceneId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Scene>();
}

async function state() {
  return (await app.http.inject({ method: 'GET', url: '/api/options/state' })).json<OptionsStateResponse>();
}

async function lastJob(name: string) {
  return app.database.db
    .selectFrom('jobs')
    .select(['status', 'error'])
    .where('name', '=', name)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('POST /api/task/scrape-javr', () => {
  it('refuses an unknown source, an empty query and ids that are not ids, queueing nothing', async () => {
    for (const body of [
      { s: 'r18', q: 'FOVR-123' },
      { s: 'r18d', q: ' , ' },
      { s: 'r18d', q: '../x' },
      { s: 'r18d' },
    ]) {
      const response = await post('/api/task/scrape-javr', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    const jobs = await app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'scrape-javr')
      .execute();
    expect(jobs).toHaveLength(0);
    expect((await state()).config.scraper_settings.javr.javrScraper).toBe('r18d');
  });

  it('imports r18.dev scenes as JAV scenes with cast, tags and expected filenames', async () => {
    site.routes.set('/videos/vod/movies/detail/-/combined=fovr-123/json', json(r18devMovie()));
    const response = await post('/api/task/scrape-javr', { s: 'r18d', q: 'FOVR-123' });
    expect(response.statusCode, response.body).toBe(200);
    await app.queue.idle();
    expect(await lastJob('scrape-javr')).toMatchObject({ status: 'done' });
    const stored = await scene('FOVR-123');
    expect(stored).toMatchObject({
      scene_id: 'FOVR-123',
      title: 'Rainy Afternoon & Tea',
      site: 'FOVR',
      studio: 'Invented Maker',
      scraper_id: '',
      duration: 118,
      release_date_text: '2024-03-05',
      scene_url: 'https://www.dmm.co.jp/en/digital/videoa/-/detail/=/cid=fovr00123/',
      cover_url: 'https://pics.dmm.co.jp/digital/video/fovr00123/fovr00123pl.jpg',
    });
    expect(stored.cast.map((actor) => actor.name).sort()).toEqual(['Aya Inventa', 'Mio Fictia']);
    expect(stored.tags.map((tag) => tag.name).sort()).toEqual([
      '8kvr',
      'javr',
      'kiss',
      'r18.dev',
      'schoolgirl',
    ]);
    expect(JSON.parse(stored.filenames_arr)).toContain('fovr00123vrv18khia1.mp4');
  });

  it('saves the chosen source and fails the job when the site blocks the scraper', async () => {
    site.routes.set(
      '/en/vl_searchbyid.php?keyword=fovr-9',
      reply(403, challengePage, { 'cf-mitigated': 'challenge' }),
    );
    expect((await post('/api/task/scrape-javr', { s: 'javlibrary', q: 'FOVR-9' })).statusCode).toBe(200);
    await app.queue.idle();
    expect((await state()).config.scraper_settings.javr.javrScraper).toBe('javlibrary');
    const job = await lastJob('scrape-javr');
    expect(job.status).toBe('failed');
    expect(job.error).toContain('blocked');
  });
});

describe('POST /api/task/scrape-tpdb', () => {
  it('refuses other URLs, a missing token and the stored-token marker while none is stored', async () => {
    const url = 'https://theporndb.net/scenes/invented-vr-garden-party';
    for (const body of [
      { apiToken: 'tok', sceneUrl: 'https://example.com/scenes/x' },
      { apiToken: '', sceneUrl: url },
      { apiToken: 'set', sceneUrl: url },
    ]) {
      const response = await post('/api/task/scrape-tpdb', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const jobs = await app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'scrape-tpdb')
      .execute();
    expect(jobs).toHaveLength(0);
  });

  it('imports the scene with a typed token, then keeps that token for the next import', async () => {
    site.routes.set('/scenes/invented-vr-garden-party', json(tpdbSceneDocument()));
    const sceneUrl = 'https://theporndb.net/scenes/invented-vr-garden-party';
    expect((await post('/api/task/scrape-tpdb', { apiToken: 'tok-typed', sceneUrl })).statusCode).toBe(200);
    await app.queue.idle();
    expect(await lastJob('scrape-tpdb')).toMatchObject({ status: 'done' });
    const stored = await scene('tpdb-inventedvr-987654');
    expect(stored).toMatchObject({
      title: 'Garden Party Invented',
      studio: 'Invented VR',
      site: 'Invented VR',
      scraper_id: 'tpdb',
      release_date_text: '2023-07-14',
      scene_url: 'https://invented-vr.example/scenes/garden-party',
    });
    expect(stored.tags.map((tag) => tag.name).sort()).toEqual(['blonde', 'doggystyle']);
    expect((await state()).config.vendor.tpdb.apiToken).toBe('set');
    const jobRow = await app.database.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'scrape-tpdb')
      .execute();
    expect(jobRow.map((row) => row.payload).join()).not.toContain('tok-typed');

    expect((await post('/api/task/scrape-tpdb', { apiToken: 'set', sceneUrl })).statusCode).toBe(200);
    await app.queue.idle();
    expect(await lastJob('scrape-tpdb')).toMatchObject({ status: 'done' });
    expect(
      site.requests.filter((r) => r.path.startsWith('/scenes/')).map((r) => r.headers.authorization),
    ).toEqual(['Bearer tok-typed', 'Bearer tok-typed']);
  });
});
