import {
  ACTOR_ATTRIBUTES,
  MAX_FILTER_CAST,
  MAX_FILTER_SITES,
  MAX_FILTER_TERMS,
  type ActorListRequestInput,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listNames } from './actor-list-client';

/*
 * The actor list's filters at the contract's bounds: the longest accepted lists answer 200 with the same actors
 * as short ones (attribute entries merge into one test per field, many must-have sites into one grouped count),
 * and one entry more is refused.
 */

let app: FoveaApp;

const range = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i));
const padded = (n: number, entries: string[], prefix = '') => [
  ...entries,
  ...range(n - entries.length, (i) => `${prefix}unknown entry ${i}`),
];
const sites = (n: number) => range(n, (i) => `Site ${i}`);

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  const ann = await make.actor('Ann', { favourite: 1, hair_color: 'Blonde', nationality: 'FR' });
  const bea = await make.actor('Bea', { hair_color: 'Brunette', nationality: 'DE' });
  await make.actor('Cat', { hair_color: 'blonde' });
  // Ann is in scenes of Site 0..11, Bea of Site 0..10.
  for (const [actor, count] of [
    [ann, 12],
    [bea, 11],
  ] as const) {
    for (const site of sites(count)) await make.cast(await make.scene({ site }), actor);
  }
  await new CatalogueCountsRepository(db).refreshActorCounts('all');
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const names = (body: ActorListRequestInput) => listNames(app, body);
const must = (entries: string[]) => entries.map((entry) => `&${entry}`);

async function refused(body: Record<string, unknown>): Promise<string> {
  const response = await app.http.inject({ method: 'POST', url: '/api/actor/list', payload: body });
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ message: string }>().message;
}

describe('long lists', () => {
  it.each<[string, ActorListRequestInput, string[]]>([
    ['a site among the most sites', { sites: padded(MAX_FILTER_SITES, ['Site 11']) }, ['Ann']],
    ['the most sites excluded', { sites: padded(MAX_FILTER_SITES, ['!Site 11'], '!') }, ['Bea', 'Cat']],
    ['twelve must-have sites', { sites: must(sites(12)) }, ['Ann']],
    ['eleven must-have sites', { sites: must(sites(11)) }, ['Ann', 'Bea']],
    ['must-have sites with an unknown one', { sites: must([...sites(11), 'Nowhere']) }, []],
    ['an actor among the most cast entries', { cast: padded(MAX_FILTER_CAST, ['bea']) }, ['Bea']],
    ['the most cast entries excluded', { cast: padded(MAX_FILTER_CAST, ['!Bea'], '!') }, ['Ann', 'Cat']],
    [
      'a hair colour among the most attribute terms',
      { attributes: padded(MAX_FILTER_TERMS, ['Hair Color Brunette'], 'Hair Color ') },
      ['Bea'],
    ],
    [
      'the most attribute terms excluded',
      { attributes: padded(MAX_FILTER_TERMS, ['!Hair Color Blonde'], '!Eye Color ') },
      ['Bea'],
    ],
    [
      'two must-have values of one field',
      { attributes: ['&Hair Color Blonde', '&Hair Color blonde'] },
      ['Ann', 'Cat'],
    ],
    [
      'two must-have values no actor has both of',
      { attributes: must(['Hair Color Blonde', 'Hair Color Brunette']) },
      [],
    ],
    [
      'a must-have country by name and by code',
      { attributes: must(['Nationality France', 'Nationality FR']) },
      ['Ann'],
    ],
    [
      'a fixed attribute named many times',
      { attributes: range(MAX_FILTER_TERMS, () => '&Is Favourite') },
      ['Ann'],
    ],
  ])('%s', async (_what, body, expected) => {
    expect(await names(body)).toEqual(expected);
  });

  it('takes every attribute at once, as plain, must-have and excluded entries', async () => {
    for (const prefix of ['', '&', '!']) {
      const attributes = padded(
        MAX_FILTER_TERMS,
        ACTOR_ATTRIBUTES.map((name) => `${prefix}${name}`),
        `${prefix}Cup Size `,
      );
      await names({ attributes });
    }
  });

  it('refuses one entry more', async () => {
    expect(await refused({ sites: padded(MAX_FILTER_SITES + 1, []) })).toContain('sites');
    expect(await refused({ cast: padded(MAX_FILTER_CAST + 1, []) })).toContain('cast');
    expect(await refused({ attributes: padded(MAX_FILTER_TERMS + 1, []) })).toContain('attributes');
  });
});
