import { ApiError, SiteList } from '@fovea/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { libraryFactory } from '../factories/library.factory';
import { startFakeStashdb, stashPerformer, stashScene, type FakeStashdb } from '../helpers/stashdb-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * GET /api/extref/stashdb/run_all end to end: the real app on a fresh SQLite file, a local stash-box endpoint
 * with invented studios, scenes and performers, the job run by the real queue.
 */

let app: FoveaApp;
let fake: FakeStashdb;
let make: ReturnType<typeof libraryFactory>;

const MANUAL_ID = 'eeeeeeee-0000-4000-8000-00000000000e';
const CZECH_STUDIO = 'a9ed3948-5263-46f6-a3f0-e0dfc059ee73';
const MADE_UP = { id: '5a5a5a5a-0000-4000-8000-00000000000a', name: 'Made Up VR' };
const jane = stashPerformer('Jane Example');
const returning = stashPerformer('Returning Person', { updated: '2025-03-01T00:00:00Z', height: 171 });
const madeUpStudio = { ...MADE_UP, parent: null };
const czechStudio = { id: CZECH_STUDIO, name: 'Czech VR', parent: null };
const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}T10:00:00Z`;

const byUrl = stashScene({
  title: 'Invented Evening',
  updated: day(28),
  studio: madeUpStudio,
  urls: [{ url: 'https://madeupvr.example/scenes/evening-1/', site: { id: 's', name: 'Made Up VR' } }],
  performers: [{ as: null, performer: jane }],
});
const neverLink = stashScene({
  title: 'Never This One',
  updated: day(27),
  studio: madeUpStudio,
  urls: [{ url: 'https://madeupvr.example/scenes/never-2', site: { id: 's', name: 'Made Up VR' } }],
});
/** 28 more scenes of the studio, so its scenes take two pages of 25. */
const filler = Array.from({ length: 28 }, (_, i) =>
  stashScene({
    title: `Filler ${i}`,
    updated: day(26 - Math.floor(i / 2)),
    studio: madeUpStudio,
    performers: i === 0 ? [{ as: null, performer: returning }] : [],
    // Filler 1 is the page of a scene the owner linked to another StashDB scene by hand.
    urls:
      i === 1
        ? [{ url: 'https://madeupvr.example/scenes/manual-3', site: { id: 's', name: 'Made Up VR' } }]
        : [],
  }),
);
const byRule = stashScene({
  title: 'Czech Invented',
  updated: day(20),
  studio: czechStudio,
  urls: [
    {
      url: 'https://www.czechvrnetwork.com/czech-vr-999-invented-title/',
      site: { id: 'c', name: 'CzechVR' },
    },
  ],
});

const db = () => app.database.db;
const get = (url: string) => app.http.inject({ method: 'GET', url });
const setKey = (key: string) =>
  app.options.update((options) => ({ ...options, advanced: { ...options.advanced, stashApiKey: key } }));
const lastJob = () =>
  db()
    .selectFrom('jobs')
    .select(['status', 'error', 'message'])
    .where('name', '=', 'stashdb-run')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const links = (source: string) =>
  db()
    .selectFrom('external_reference_links')
    .select(['internal_table', 'internal_db_id', 'internal_name_id', 'external_id', 'match_type'])
    .where('external_source', '=', source)
    .orderBy('id')
    .execute();
const referenceCount = async (source: string) =>
  (await db().selectFrom('external_references').select('id').where('external_source', '=', source).execute())
    .length;

async function addSite(id: string, name: string): Promise<void> {
  const stamp = new Date().toISOString();
  await db()
    .insertInto('sites')
    .values({
      id,
      name,
      is_builtin: 0,
      is_enabled: 0,
      last_update: null,
      subscribed: 0,
      limit_scraping: 0,
      scrape_stash: 0,
      has_scraper: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name, scrape_stash: 0 }))
    .execute();
}

/** Starts the run over HTTP and waits for the job to end. */
async function runAll() {
  const response = await get('/api/extref/stashdb/run_all');
  expect(response.statusCode).toBe(200);
  await app.queue.idle();
  return lastJob();
}

let evening: number;
let never: number;
let czech: number;
let manual: number;
let janeActor: number;
let returningActor: number;

beforeAll(async () => {
  fake = await startFakeStashdb();
  fake.apiKeys.add('key-1');
  fake.studios.push(
    { ...MADE_UP, updated: '2024-12-01T00:00:00Z', parent: null },
    { ...czechStudio, updated: '2024-11-01T00:00:00Z' },
  );
  fake.performers.push(jane, returning);
  fake.scenes.push(byUrl, neverLink, ...filler, byRule);
  app = await createTestApp({ stashdbUrl: fake.url });
  make = libraryFactory(db());
  await addSite('madeupvr', 'Made Up VR');
  await addSite('czechvr', 'Czech VR');
  await addSite('nowherevr', 'Nowhere VR (SLR)');
  evening = await make.scene({
    scene_id: 'madeupvr-1',
    scraper_id: 'madeupvr',
    scene_url: 'https://madeupvr.example/scenes/evening-1',
  });
  never = await make.scene({ scene_id: 'madeupvr-2', scene_url: 'https://madeupvr.example/scenes/never-2' });
  czech = await make.scene({
    scene_id: 'czechvr-999',
    scraper_id: 'czechvr',
    scene_url: 'https://www.czechvr.com/czech-vr-999-invented-title',
  });
  manual = await make.scene({
    scene_id: 'madeupvr-3',
    scene_url: 'https://madeupvr.example/scenes/manual-3',
  });
  janeActor = await make.actor('Jane Example');
  await make.cast(evening, janeActor);
  returningActor = await make.actor('Returning Person');
  // The owner said "never link" for one StashDB scene, linked a scene to another by hand, and linked an actor to a performer StashDB updated since.
  const stamp = new Date().toISOString();
  for (const [source, id, date, table, target, name, matchType] of [
    ['stashdb scene', neverLink.id, null, 'scenes', 0, 'deleted', -1],
    ['stashdb scene', MANUAL_ID, null, 'scenes', manual, 'madeupvr-3', 5],
    [
      'stashdb performer',
      returning.id,
      '2024-01-01T00:00:00.000Z',
      'actors',
      returningActor,
      'Returning Person',
      90,
    ],
  ] as const) {
    const ref = await db()
      .insertInto('external_references')
      .values({
        external_source: source,
        external_id: id,
        external_date: date,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('external_reference_links')
      .values({
        internal_table: table,
        internal_db_id: target,
        internal_name_id: name,
        external_reference_id: ref.id,
        external_source: source,
        external_id: id,
        match_type: matchType,
        udf_datetime1: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
});

afterEach(() => fake.reset());

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('PUT /api/options/sites/scrape_stash/{id}', () => {
  it('flips the switch and answers every site; 404 for an unknown site', async () => {
    for (const id of ['madeupvr', 'czechvr', 'nowherevr']) {
      const response = await app.http.inject({
        method: 'PUT',
        url: `/api/options/sites/scrape_stash/${id}`,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(SiteList.parse(response.json()).find((site) => site.id === id)?.scrape_stash).toBe(true);
    }
    const unknown = await app.http.inject({
      method: 'PUT',
      url: '/api/options/sites/scrape_stash/no-such',
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/extref/stashdb/run_all', () => {
  it('refuses without an API key (400), starting nothing', async () => {
    await setKey('');
    const response = await get('/api/extref/stashdb/run_all');
    expect(response.statusCode).toBe(400);
    expect(ApiError.parse(response.json()).message).toContain('No StashDB API key');
    expect(await db().selectFrom('jobs').select('id').where('name', '=', 'stashdb-run').execute()).toEqual(
      [],
    );
    expect(fake.requests).toEqual([]);
    await setKey('key-1');
  });

  it('links each site to its studio, stores the scenes and performers and links what it recognises', async () => {
    const events: RealtimeEvent[] = [];
    const stop = app.events.subscribe((event) => events.push(event));
    const job = await runAll();
    stop();
    // Progress and the failing site reach the websocket.
    const progress = events.flatMap((event) =>
      event.topic === 'job.progress' && event.payload.name === 'stashdb-run' ? [event.payload] : [],
    );
    expect(progress.at(-1)).toMatchObject({ status: 'done', current: 3, total: 3, progress: 100 });
    expect(
      events.flatMap((event) =>
        event.topic === 'service.log' && event.payload.level === 'error' ? [event.payload.message] : [],
      ),
    ).toEqual(['StashDB: Nowhere VR (SLR): StashDB has no studio Nowhere VR']);
    // One site has no studio on StashDB: reported, and the others still linked.
    expect(job.status).toBe('done');
    expect(job.message).toBe('StashDB linking finished; 1 of 3 sites failed');
    expect(fake.requests.every((request) => request.apiKey === 'key-1')).toBe(true);

    expect(await links('stashdb studio')).toEqual([
      {
        internal_table: 'sites',
        internal_db_id: 0,
        internal_name_id: 'czechvr',
        external_id: CZECH_STUDIO,
        match_type: 10,
      },
      {
        internal_table: 'sites',
        internal_db_id: 0,
        internal_name_id: 'madeupvr',
        external_id: MADE_UP.id,
        match_type: 10,
      },
    ]);
    expect(await referenceCount('stashdb scene')).toBe(32);
    // Sites in name order: Czech VR (by rule), then Made Up VR (by its page URL).
    const sceneLinks = await links('stashdb scene');
    expect(sceneLinks).toEqual([
      {
        internal_table: 'scenes',
        internal_db_id: 0,
        internal_name_id: 'deleted',
        external_id: neverLink.id,
        match_type: -1,
      },
      {
        internal_table: 'scenes',
        internal_db_id: manual,
        internal_name_id: 'madeupvr-3',
        external_id: MANUAL_ID,
        match_type: 5,
      },
      {
        internal_table: 'scenes',
        internal_db_id: czech,
        internal_name_id: 'czechvr-999',
        external_id: byRule.id,
        match_type: 20,
      },
      {
        internal_table: 'scenes',
        internal_db_id: evening,
        internal_name_id: 'madeupvr-1',
        external_id: byUrl.id,
        match_type: 10,
      },
    ]);
    expect(sceneLinks.some((link) => link.internal_db_id === never)).toBe(false);
    // The linked scene's cast found among its performers; the performer StashDB updated since merged again.
    expect(await links('stashdb performer')).toEqual([
      {
        internal_table: 'actors',
        internal_db_id: returningActor,
        internal_name_id: 'Returning Person',
        external_id: returning.id,
        match_type: 90,
      },
      {
        internal_table: 'actors',
        internal_db_id: janeActor,
        internal_name_id: 'Jane Example',
        external_id: jane.id,
        match_type: 20,
      },
    ]);
    const actor = await db()
      .selectFrom('actors')
      .select('height')
      .where('id', '=', returningActor)
      .executeTakeFirstOrThrow();
    expect(actor.height).toBe(171);
    expect(await referenceCount('stashdb performer')).toBe(2);
    // Czech VR by its configured studio id, Made Up VR by name; its 30 scenes in two pages.
    const scenePages = fake.requests.filter((request) => request.field === 'queryScenes');
    expect(scenePages.map((request) => (request.variables.input as { page: number }).page)).toEqual([
      1, 1, 2,
    ]);
    expect(fake.requests.filter((request) => request.field === 'findStudio').map((r) => r.variables)).toEqual(
      [{ id: CZECH_STUDIO }, { name: 'Made Up VR' }, { name: 'Nowhere VR' }],
    );
  });

  it('reads again only what StashDB updated since, changing nothing the second time', async () => {
    const before = { scenes: await links('stashdb scene'), performers: await links('stashdb performer') };
    const job = await runAll();
    expect(job.status).toBe('done');
    const scenePages = fake.requests.filter((request) => request.field === 'queryScenes');
    expect(scenePages).toHaveLength(2);
    expect(fake.requests.filter((request) => request.field === 'findPerformer')).toEqual([]);
    // The studio linked before is asked for by its id.
    expect(
      fake.requests.filter((request) => request.field === 'findStudio').map((r) => r.variables),
    ).toContainEqual({
      id: MADE_UP.id,
    });
    expect({ scenes: await links('stashdb scene'), performers: await links('stashdb performer') }).toEqual(
      before,
    );
  });

  it('fails the job when StashDB refuses the key, and when every site fails', async () => {
    fake.failWith = 401;
    const refused = await runAll();
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe('StashDB refused the API key: HTTP 401: Something went wrong');
    fake.reset();
    fake.failFields.add('queryPerformers');
    const broken = await runAll();
    expect(broken.status).toBe('failed');
    expect(broken.error).toBe('StashDB linking failed for every site (3)');
  });

  it('asks StashDB nothing when no site has its StashDB switch on', async () => {
    for (const id of ['madeupvr', 'czechvr', 'nowherevr']) {
      await app.http.inject({ method: 'PUT', url: `/api/options/sites/scrape_stash/${id}`, payload: {} });
    }
    const job = await runAll();
    expect(job.status).toBe('done');
    expect(job.message).toBe('StashDB: no site has its StashDB switch on; nothing to link');
    expect(fake.requests).toEqual([]);
  });
});
