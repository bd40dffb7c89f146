import type { ActorListRequestInput } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { extrefFactory } from '../factories/extref.factory';
import { groupsFactory } from '../factories/groups.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { bornYearsAgo, listNames } from './actor-list-client';

/*
 * Every filter of POST /api/actor/list over a small cast: lists, cast, sites, the fixed and generated
 * attributes with their "&" and "!" prefixes, and each min/max range (a bound at the end of its range does
 * not filter; unknown values never pass an active range).
 */

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  const groups = groupsFactory(db);
  const ann = await make.actor('Ann', {
    favourite: 1,
    star_rating: 4.5,
    cup_size: 'D',
    hair_color: 'Blonde',
    nationality: 'CZ',
    birth_date: bornYearsAgo(25),
    height: 170,
    weight: 55,
    tattoos: '["rose"]',
    image_url: 'http://img/ann.jpg',
    gender: 'Female',
  });
  const bea = await make.actor('Bea', {
    watchlist: 1,
    star_rating: 2,
    cup_size: 'B',
    hair_color: 'Brunette',
    nationality: 'US',
    birth_date: bornYearsAgo(40),
    height: 160,
    weight: 70,
    piercings: '["navel"]',
    eye_color: 'Blue',
  });
  const cat = await make.actor('Cat', {
    favourite: 1,
    watchlist: 1,
    birth_date: '0001-01-01T00:00:00Z',
    ethnicity: 'Asian',
    breast_type: 'Natural',
  });
  await make.actor('Dee', { tattoos: '[]' });
  const one = await make.scene({ site: 'SiteA', star_rating: 4, is_available: 1 });
  const two = await make.scene({ site: 'SiteB', star_rating: 3 });
  const three = await make.scene({ site: 'SiteB', star_rating: 0 });
  for (const [scene, actor] of [
    [one, ann],
    [two, ann],
    [two, bea],
    [three, bea],
    [three, cat],
  ] as const) {
    await make.cast(scene, actor);
  }
  const refs = extrefFactory(db);
  const performer = await refs.reference({ external_source: 'stashdb performer', external_id: 'p1' });
  await refs.link(performer, { internal_table: 'actors', internal_db_id: ann, internal_name_id: 'Ann' });
  await refs.link(performer, { internal_table: 'actors', internal_db_id: bea, internal_name_id: 'Bea' });
  const second = await refs.reference({ external_source: 'stashdb performer', external_id: 'p2' });
  await refs.link(second, { internal_table: 'actors', internal_db_id: ann, internal_name_id: 'Ann' });
  const slr = await refs.reference({ external_source: 'slr scrape', external_id: 'slr-cat' });
  await refs.link(slr, { internal_table: 'actors', internal_db_id: cat, internal_name_id: 'Cat' });
  await groups.aka('Cat,Dee', [cat]);
  // Counts and scene facts as the writers keep them: Ann 2 scenes (1 available), Bea 2, Cat 1.
  await new CatalogueCountsRepository(db).refreshActorCounts('all');
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
});

describe('lists and cast', () => {
  it('keeps favourites, watchlist actors, or both', async () => {
    expect(await listNames(app, { lists: ['favourite'] })).toEqual(['Ann', 'Cat']);
    expect(await listNames(app, { lists: ['watchlist'] })).toEqual(['Bea', 'Cat']);
    expect(await listNames(app, { lists: ['favourite', 'watchlist'] })).toEqual(['Cat']);
  });

  it('keeps the named actors and drops the excluded ones (any case)', async () => {
    expect(await listNames(app, { cast: ['ann', 'Bea'] })).toEqual(['Ann', 'Bea']);
    expect(await listNames(app, { cast: ['!Ann', '!aka:Cat,Dee'] })).toEqual(['Bea', 'Cat', 'Dee']);
  });
});

describe('sites', () => {
  it('plain entries are any of, & entries must each match, ! entries exclude', async () => {
    expect(await listNames(app, { sites: ['SiteA', 'SiteB'] })).toEqual(['Ann', 'Bea', 'Cat']);
    expect(await listNames(app, { sites: ['&SiteA', '&SiteB'] })).toEqual(['Ann']);
    expect(await listNames(app, { sites: ['SiteB', '!SiteA'] })).toEqual(['Bea', 'Cat']);
    expect(await listNames(app, { sites: ['Nowhere'] })).toEqual([]);
  });
});

describe('attributes', () => {
  const names = (attributes: string[]) => listNames(app, { attributes });

  it('the flags, rating and image attributes', async () => {
    expect(await names(['Is Favourite'])).toEqual(['Ann', 'Cat']);
    expect(await names(['In Watchlist'])).toEqual(['Bea', 'Cat']);
    expect(await names(['Has Rating'])).toEqual(['Ann', 'Bea']);
    expect(await names(['Rating 4.5'])).toEqual(['Ann']);
    expect(await names(['Rating 0'])).toEqual(['aka:Cat,Dee', 'Cat', 'Dee']);
    expect(await names(['Has Image'])).toEqual(['Ann']);
    expect(await names(['No Cup Size'])).toEqual(['aka:Cat,Dee', 'Cat', 'Dee']);
    expect(await names(['Has Tattoo'])).toEqual(['Ann']);
    expect(await names(['Has Piercing'])).toEqual(['Bea']);
  });

  it('the link and aka attributes', async () => {
    expect(await names(['Has Stashdb Link'])).toEqual(['Ann', 'Bea']);
    expect(await names(['Multiple Stashdb Links'])).toEqual(['Ann']);
    expect(await names(['SLR Scraper'])).toEqual(['Cat']);
    expect(await names(['VRPorn Scraper'])).toEqual([]);
    expect(await names(['Aka Group'])).toEqual(['aka:Cat,Dee']);
    expect(await names(['In An Aka Group'])).toEqual(['Cat']);
    expect(await names(['Possible Aka'])).toEqual(['Ann', 'Bea']);
  });

  it('the generated attributes, nationality by country name or code', async () => {
    expect(await names(['Cup Size D'])).toEqual(['Ann']);
    expect(await names(['Cup Size d', 'Cup Size B'])).toEqual(['Ann', 'Bea']);
    expect(await names(['Hair Color Brunette'])).toEqual(['Bea']);
    expect(await names(['Eye Color Blue'])).toEqual(['Bea']);
    expect(await names(['Nationality Czechia'])).toEqual(['Ann']);
    expect(await names(['Nationality United States'])).toEqual(['Bea']);
    expect(await names(['Nationality US'])).toEqual(['Bea']);
    expect(await names(['Ethnicity Asian'])).toEqual(['Cat']);
    expect(await names(['Breast Type Natural'])).toEqual(['Cat']);
    expect(await names(['Gender Female'])).toEqual(['Ann']);
  });

  it('plain entries are any of, & each, ! none; unknown names match nothing and exclude nothing', async () => {
    expect(await names(['&Is Favourite', '&In Watchlist'])).toEqual(['Cat']);
    expect(await names(['Is Favourite', '!In Watchlist'])).toEqual(['Ann']);
    expect(await names(['!Has Rating', '!Aka Group'])).toEqual(['Cat', 'Dee']);
    expect(await names(['No Such Thing'])).toEqual([]);
    expect(await names(['!No Such Thing', 'Has Rating'])).toEqual(['Ann', 'Bea']);
  });
});

describe('ranges', () => {
  it('age counts from the birth date; unknown birth dates never pass an active age range', async () => {
    expect(await listNames(app, { min_age: 18, max_age: 30 })).toEqual(['Ann']);
    expect(await listNames(app, { min_age: 30 })).toEqual(['Bea']);
    expect(await listNames(app, { max_age: 40 })).toEqual(['Ann', 'Bea']);
    expect(await listNames(app, { max_age: 39 })).toEqual(['Ann']);
  });

  it('an age range of 18 (the slider start) or less to 100 or more keeps actors without a birth date', async () => {
    const everyone = await listNames(app, {});
    expect(everyone).toEqual(expect.arrayContaining(['Ann', 'Bea', 'Cat', 'Dee']));
    // What the reference UI sends with its age slider untouched.
    expect(await listNames(app, { min_age: 18, max_age: 100 })).toEqual(everyone);
    expect(await listNames(app, { min_age: 5 })).toEqual(everyone);
    // One year above the slider start is a real bound: unknown birth dates drop out.
    expect(await listNames(app, { min_age: 19, max_age: 100 })).toEqual(['Ann', 'Bea']);
  });

  it('height and weight skip unknown values (0) only when a bound is moved', async () => {
    expect(await listNames(app, { min_height: 120, max_height: 220 })).toHaveLength(5);
    expect(await listNames(app, { min_height: 165 })).toEqual(['Ann']);
    expect(await listNames(app, { max_height: 165 })).toEqual(['Bea']);
    expect(await listNames(app, { min_weight: 60 })).toEqual(['Bea']);
    expect(await listNames(app, { max_weight: 60 })).toEqual(['Ann']);
  });

  it('scene count, available count, rating and average scene rating', async () => {
    expect(await listNames(app, { min_count: 2 })).toEqual(['Ann', 'Bea']);
    expect(await listNames(app, { max_count: 1 })).toEqual(['aka:Cat,Dee', 'Cat', 'Dee']);
    expect(await listNames(app, { min_avail: 1 })).toEqual(['Ann']);
    expect(await listNames(app, { min_rating: 2, max_rating: 4 })).toEqual(['Bea']);
    // Ann: scenes rated 4 and 3 → 3.5; Bea: 3 (the unrated scene does not count); Cat: none.
    expect(await listNames(app, { min_scene_rating: 3.25 })).toEqual(['Ann']);
    expect(await listNames(app, { min_scene_rating: 3, max_scene_rating: 3 })).toEqual(['Bea']);
    expect(await listNames(app, { max_scene_rating: 3.25 })).toEqual(['aka:Cat,Dee', 'Bea', 'Cat', 'Dee']);
  });

  it('accepts the whole body the reference UI sends; dlState, cardSize and tags are ignored', async () => {
    const body: ActorListRequestInput = {
      dlState: 'available',
      cardSize: '2',
      lists: [],
      cast: [],
      sites: [],
      tags: ['anything'],
      attributes: [],
      jumpTo: '',
      min_age: 0,
      max_age: 100,
      min_height: 120,
      max_height: 220,
      min_weight: 25,
      max_weight: 150,
      min_count: 0,
      max_count: 150,
      min_avail: 0,
      max_avail: 150,
      min_rating: 0,
      max_rating: 5,
      min_scene_rating: 0,
      max_scene_rating: 5,
      sort: 'name_asc',
      offset: 0,
      limit: 18,
    };
    expect(await listNames(app, body)).toEqual(['aka:Cat,Dee', 'Ann', 'Bea', 'Cat', 'Dee']);
  });

  it('answers 400 when a minimum is above its maximum or out of range', async () => {
    for (const body of [{ min_age: 50, max_age: 40 }, { min_height: 100 }, { min_rating: 0.3 }]) {
      const response = await app.http.inject({ method: 'POST', url: '/api/actor/list', payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
