import { ACTOR_ATTRIBUTES } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { groupsFactory } from '../factories/groups.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { getActorFilters, listNames } from './actor-list-client';

/*
 * GET /api/actor/filters: every actor name, the sites of scenes with a cast, and the fixed attributes followed
 * by the generated ones from the values actors hold; each generated entry filters the list.
 */

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  const ann = await make.actor('Ann', {
    cup_size: 'D',
    hair_color: 'Red',
    nationality: 'CZ',
    gender: 'Female',
  });
  const bea = await make.actor('bea', {
    cup_size: 'B',
    eye_color: 'Green',
    nationality: 'US',
    ethnicity: 'Latina',
    breast_type: 'Fake',
  });
  await make.actor('Cat', { nationality: 'US' });
  await groupsFactory(app.database.db).aka('Ann,bea', [ann, bea]);
  const cast = await make.scene({ site: 'VRSite' });
  await make.cast(cast, ann);
  await make.scene({ site: 'NoCastSite' });
  const other = await make.scene({ site: 'AnotherSite' });
  await make.cast(other, bea);
  // The writers refresh the actors they cast (counts, scene facts and sites); the factory does not.
  await new CatalogueCountsRepository(app.database.db).refreshActorCounts('all');
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
});

describe('GET /api/actor/filters', () => {
  it('lists every actor name and the sites of scenes with a cast', async () => {
    const filters = await getActorFilters(app);
    expect(filters.cast).toEqual(['aka:Ann,bea', 'Ann', 'bea', 'Cat']);
    expect(filters.sites).toEqual(['AnotherSite', 'VRSite']);
  });

  it('lists the fixed attributes in order, then the generated ones (countries by name)', async () => {
    const { attributes } = await getActorFilters(app);
    expect(attributes.slice(0, ACTOR_ATTRIBUTES.length)).toEqual([...ACTOR_ATTRIBUTES]);
    expect(attributes.slice(ACTOR_ATTRIBUTES.length)).toEqual([
      'Cup Size B',
      'Cup Size D',
      'Hair Color Red',
      'Eye Color Green',
      'Nationality Czechia',
      'Nationality United States',
      'Ethnicity Latina',
      'Breast Type Fake',
      'Gender Female',
    ]);
  });

  it('each generated attribute it offers picks its actors from the list', async () => {
    const { attributes } = await getActorFilters(app);
    const generated = attributes.slice(ACTOR_ATTRIBUTES.length);
    const picked = await Promise.all(generated.map((name) => listNames(app, { attributes: [name] })));
    expect(Object.fromEntries(generated.map((name, i) => [name, picked[i]]))).toEqual({
      'Cup Size B': ['bea'],
      'Cup Size D': ['Ann'],
      'Hair Color Red': ['Ann'],
      'Eye Color Green': ['bea'],
      'Nationality Czechia': ['Ann'],
      'Nationality United States': ['bea', 'Cat'],
      'Ethnicity Latina': ['bea'],
      'Breast Type Fake': ['bea'],
      'Gender Female': ['Ann'],
    });
  });
});
