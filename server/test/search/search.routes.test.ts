import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import { searchClient } from './search-client';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let client: ReturnType<typeof searchClient>;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
  client = searchClient(app);
  // Background scenes, so that words of the tests below are rare and bm25 ranks by them.
  for (let i = 0; i < 40; i++)
    await make.scene({ title: `Filler ${i}`, site: 'FillerSite', synopsis: 'nothing' });
});

afterAll(() => app.close());

describe('GET /api/scene/search: text', () => {
  it('finds a title word, with the scene fully loaded and a positive _score', async () => {
    const volume = await make.volume();
    const id = await make.scene({ title: 'Zanzibar Sunrise', scene_id: 'zanz-1' });
    await make.file({ volume_id: volume, scene_id: id, filename: 'zanz.mp4' });
    const body = await client.search('zanzibar');
    expect(body.results).toBe(1);
    const [scene] = body.scenes ?? [];
    expect(scene?.id).toBe(id);
    expect(scene?.title).toBe('Zanzibar Sunrise');
    expect(scene?._score).toBeGreaterThan(0);
    expect(scene?.file.map((f) => f.filename)).toEqual(['zanz.mp4']);
    expect(scene?.cast).toEqual([]);
  });

  it('title: searches the title only', async () => {
    const inTitle = await make.scene({ title: 'Quetzal Garden' });
    await make.scene({ title: 'Other', synopsis: 'a quetzal flies by' });
    expect(await client.ids('title:quetzal')).toEqual([inTitle]);
    expect(await client.ids('title:Quetzal^2')).toEqual([inTitle]);
  });

  it('cast: finds an actor by the name with spaces, without spaces, and by a part; aka groups are not cast', async () => {
    const scene = await make.scene({ title: 'Castings' });
    await make.cast(scene, await make.actor('Quillon Marsh'));
    const akaScene = await make.scene({ title: 'Aka scene' });
    await make.cast(akaScene, await make.actor('aka:Xyloakagroup'));
    expect(await client.ids('cast:"Quillon Marsh"')).toEqual([scene]);
    expect(await client.ids('cast:QuillonMarsh')).toEqual([scene]);
    expect(await client.ids('cast:quillonmarsh')).toEqual([scene]);
    expect(await client.ids('cast:Quillon')).toEqual([scene]);
    expect(await client.ids('quillon')).toEqual([scene]);
    expect(await client.ids('cast:xyloakagroup')).toEqual([]);
    expect(await client.ids('title:quillon')).toEqual([]);
  });

  it('site: searches the site only', async () => {
    const a = await make.scene({ title: 'One', site: 'Vortexvr' });
    const b = await make.scene({ title: 'Two', site: 'Vortexvr' });
    await make.scene({ title: 'Vortexvr tribute', site: 'Elsewhere' });
    expect((await client.ids('site:vortexvr')).sort()).toEqual([a, b].sort());
  });

  it('id: finds the scene_id, hyphen and all, and a plain scene_id works too', async () => {
    const id = await make.scene({ scene_id: 'slr-98765', title: 'By id' });
    await make.scene({ scene_id: 'slr-98766', title: 'Neighbour' });
    expect(await client.ids('id:slr-98765')).toEqual([id]);
    expect(await client.ids('slr-98765')).toEqual([id]);
    expect(await client.ids('+id:"slr-98765"')).toEqual([id]);
  });

  it('description: searches the synopsis only', async () => {
    const id = await make.scene({ title: 'Mountains', synopsis: 'A volcanic island at dawn' });
    await make.scene({ title: 'Volcanic' });
    expect(await client.ids('description:volcanic')).toEqual([id]);
  });

  it('"phrases" need the words together and in order; a trailing * is a prefix', async () => {
    const phrase = await make.scene({ title: 'Red Balloonist Day' });
    const apart = await make.scene({ title: 'Balloonist in red' });
    expect(await client.ids('"red balloonist"')).toEqual([phrase]);
    expect((await client.ids('balloonist')).sort()).toEqual([phrase, apart].sort());
    expect((await client.ids('balloo*')).sort()).toEqual([phrase, apart].sort());
  });

  it('+must requires a term, and should terms still rank', async () => {
    const both = await make.scene({ title: 'Alphaword Betaword' });
    const alpha = await make.scene({ title: 'Alphaword only' });
    await make.scene({ title: 'Betaword only' });
    expect(await client.ids('+alphaword betaword')).toEqual([both, alpha]);
    expect(await client.ids('+alphaword +betaword')).toEqual([both]);
  });

  it('-exclude removes scenes with the term; alone it lists the rest by release date', async () => {
    const keep = await make.scene({ title: 'Gammaword', release_date: '2031-01-01' });
    await make.scene({ title: 'Gammaword Deltaword', release_date: '2031-02-01' });
    expect(await client.ids('gammaword -deltaword')).toEqual([keep]);
    expect(await client.ids('gammaword -title:deltaword')).toEqual([keep]);
    const rest = await client.ids('-deltaword');
    expect(rest[0]).toBe(keep);
    expect(rest).toHaveLength(25);
  });

  it('ranks a title match above a cast, site or description match, best first', async () => {
    const inDescription = await make.scene({ title: 'D', synopsis: 'the ordinalword appears here' });
    const inTitle = await make.scene({ title: 'Ordinalword' });
    const inSite = await make.scene({ title: 'S', site: 'Ordinalword Studio' });
    const body = await client.search('ordinalword');
    expect(body.scenes?.map((s) => s.id)).toEqual([inTitle, inSite, inDescription]);
    const scores = body.scenes?.map((s) => s._score) ?? [];
    expect(scores[0]).toBeGreaterThan(scores[1] ?? Infinity);
    expect(scores[1]).toBeGreaterThan(scores[2] ?? Infinity);
  });

  it('answers 25 scenes at most', async () => {
    for (let i = 0; i < 30; i++) await make.scene({ title: `Capword ${i}` });
    const body = await client.search('capword');
    expect(body.results).toBe(25);
    expect(body.scenes).toHaveLength(25);
  });

  it('finds accented titles without the accents and the other way round', async () => {
    const id = await make.scene({ title: 'Crème Brûlée Nights' });
    expect(await client.ids('creme brulee')).toContain(id);
    expect(await client.ids('"crème brûlée"')).toEqual([id]);
  });
});

describe('GET /api/scene/search: ranges', () => {
  it('duration: with >=, <=, >, < and a plain value (minutes)', async () => {
    const short = await make.scene({ title: 'Durword', duration: 10 });
    const mid = await make.scene({ title: 'Durword', duration: 30 });
    const long = await make.scene({ title: 'Durword', duration: 60 });
    const sorted = async (q: string) => (await client.ids(q)).sort((a, b) => a - b);
    expect(await sorted('durword duration:>=30')).toEqual([mid, long]);
    expect(await sorted('durword duration:<=30')).toEqual([short, mid]);
    expect(await sorted('durword duration:>30')).toEqual([long]);
    expect(await sorted('durword duration:<30')).toEqual([short]);
    expect(await sorted('durword duration:30')).toEqual([mid]);
    expect(await sorted('durword duration:>10 duration:<60')).toEqual([mid]);
    expect(await sorted('durword -duration:30')).toEqual([short, long]);
  });

  it('a range alone answers by SQL, newest release first, with _score 1', async () => {
    const older = await make.scene({ title: 'Long one', duration: 5000, release_date: '2019-01-01' });
    const newer = await make.scene({ title: 'Longer one', duration: 6000, release_date: '2020-01-01' });
    const body = await client.search('duration:>=5000');
    expect(body.scenes?.map((s) => [s.id, s._score])).toEqual([
      [newer, 1],
      [older, 1],
    ]);
  });

  it('released: date ranges (yyyy-mm-dd, quoted or not); a negated range keeps undated scenes', async () => {
    const may = await make.scene({ title: 'Relword', release_date: '2021-05-31' });
    const june = await make.scene({ title: 'Relword', release_date: '2021-06-15' });
    const july = await make.scene({ title: 'Relword', release_date: '2021-07-01' });
    const undated = await make.scene({ title: 'Relword', release_date: null });
    const sorted = async (q: string) => (await client.ids(q)).sort((a, b) => a - b);
    expect(await sorted('relword released:>="2021-06-01" released:<="2021-06-30"')).toEqual([june]);
    expect(await sorted('relword released:>2021-06-15')).toEqual([july]);
    expect(await sorted('relword released:<2021-06-15')).toEqual([may]);
    expect(await sorted('relword released:2021-07-01')).toEqual([july]);
    expect(await sorted('relword -released:>=2021-06-01')).toEqual([may, undated]);
    expect(await client.ids('released:>=2021-06-01 released:<=2021-06-30 +title:relword')).toEqual([june]);
  });

  it('added: compares the day the scene was added (UTC)', async () => {
    const first = await make.scene({ title: 'Addword', created_at: '2022-03-04T00:00:00.000Z' });
    const late = await make.scene({ title: 'Addword', created_at: '2022-03-04T23:59:59.999Z' });
    const next = await make.scene({ title: 'Addword', created_at: '2022-03-05T00:00:00.000Z' });
    const sorted = async (q: string) => (await client.ids(q)).sort((a, b) => a - b);
    expect(await sorted('addword added:2022-03-04')).toEqual([first, late]);
    expect(await sorted('addword added:>2022-03-04')).toEqual([next]);
    expect(await sorted('addword added:>=2022-03-04')).toEqual([first, late, next]);
    expect(await sorted('addword added:<=2022-03-04')).toEqual([first, late]);
    expect(await sorted('addword added:<2022-03-05')).toEqual([first, late]);
  });
});

describe('GET /api/scene/search: URLs and files', () => {
  it('a URL finds the scene with that scene_url, query string ignored, ahead of text hits', async () => {
    const id = await make.scene({ title: 'Url scene', scene_url: 'https://studio.example/scenes/777' });
    const body = await client.search('https://studio.example/scenes/777?utm_source=x');
    expect(body.scenes?.map((s) => s.id)).toEqual([id]);
    expect(body.scenes?.[0]?._score).toBe(1);
  });

  it('a URL of an alternate source or a StashDB scene finds the linked scenes', async () => {
    const refs = extrefFactory(app.database.db);
    const viaAlternate = await make.scene({ title: 'Linked alt' });
    const viaStash = await make.scene({ title: 'Linked stash' });
    const notAScene = await make.scene({ title: 'Linked performer' });
    const alternate = await refs.reference({
      external_source: 'alternate scene povr',
      external_url: 'https://povr.example/v/5',
    });
    await refs.link(alternate, { internal_db_id: viaAlternate });
    const stash = await refs.reference({
      external_source: 'stashdb scene',
      external_url: 'https://stash.example/s/9',
    });
    await refs.link(stash, { internal_db_id: viaStash });
    const performer = await refs.reference({
      external_source: 'stashdb performer',
      external_url: 'https://stash.example/p/1',
    });
    await refs.link(performer, { internal_db_id: notAScene });
    expect(await client.ids('https://povr.example/v/5')).toEqual([viaAlternate]);
    expect(await client.ids('https://stash.example/s/9?x=1')).toEqual([viaStash]);
    expect(await client.ids('https://stash.example/p/1')).toEqual([]);
    expect(await client.ids('https://nowhere.example/none')).toEqual([]);
  });

  it('a file name or path finds the scene of the file, a partly typed name too', async () => {
    const volume = await make.volume();
    const unix = await make.scene({ title: 'Unix file' });
    await make.file({
      volume_id: volume,
      scene_id: unix,
      path: '/lib/studio x',
      filename: 'Midnight.Harbor.4K.mp4',
    });
    const windows = await make.scene({ title: 'Windows file' });
    await make.file({
      volume_id: volume,
      scene_id: windows,
      path: 'D:\\vr\\pier',
      filename: 'Moonlit Pier.mp4',
    });
    const expected = await make.scene({ title: 'Expected name', filenames_arr: '["Solstice_Glow_8K.mp4"]' });
    expect(await client.ids('Midnight.Harbor.4K.mp4')).toEqual([unix]);
    expect(await client.ids('/lib/studio x/Midnight.Harbor.4K.mp4')).toEqual([unix]);
    expect(await client.ids('Midnight.Harb')).toEqual([unix]);
    expect(await client.ids('D:\\vr\\pier\\Moonlit Pier.mp4')).toEqual([windows]);
    expect(await client.ids('Solstice_Glow_8K.mp4')).toEqual([expected]);
  });

  it('lists a scene found by file name and by text once', async () => {
    const volume = await make.volume();
    const id = await make.scene({ title: 'Tidepool' });
    await make.file({ volume_id: volume, scene_id: id, filename: 'Tidepool.mp4' });
    const body = await client.search('tidepool.mp4');
    expect(body.results).toBe(1);
    expect(body.scenes?.map((s) => s.id)).toEqual([id]);
  });
});

describe('GET /api/scene/search: empty and malformed queries', () => {
  it.each([
    '',
    '   ',
    '"unclosed',
    'title:',
    '+',
    '-',
    'duration:>=abc',
    'released:>=2024-13-01',
    '(',
    '*',
    ')(*&^%$#@!',
    'studio:x',
    '+tag:x capword',
  ])('%j answers an empty result', async (q) => {
    expect(await client.search(q)).toEqual({ results: 0, scenes: null });
  });

  it('never fails on FTS5 operators, quotes and the longest query; a longer one is refused', async () => {
    const id = await make.scene({ title: 'Nearword AND OR NOT' });
    expect(await client.ids('NEAR(nearword) AND OR NOT ^ : {title}')).toContain(id);
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    expect((await client.search(words.slice(0, 1000).trim())).results).toBe(0);
    const tooLong = await app.http.inject({
      method: 'GET',
      url: `/api/scene/search?q=${encodeURIComponent(words.slice(0, 1001))}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/1000 characters/);
  });

  it('answers 400 without q', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/scene/search' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', issues: [{ path: ['querystring', 'q'] }] });
  });
});
