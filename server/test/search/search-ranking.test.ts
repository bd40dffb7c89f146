import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { SearchIndexRepository } from '../../src/repositories/search-index.repository';
import { EXACT_RANKING_LIMIT } from '../../src/services/search.service';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import { searchClient } from './search-client';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let client: ReturnType<typeof searchClient>;

/** More scenes than the exact-ranking limit, with the word in their synopsis only. */
function addSynopsisScenes(word: string): void {
  const insert = app.database.sqlite.prepare(
    'INSERT INTO scenes (scene_id, title, synopsis) VALUES (?, ?, ?)',
  );
  app.database.sqlite.transaction(() => {
    for (let i = 0; i <= EXACT_RANKING_LIMIT; i++) {
      insert.run(`${word}-${i}`, `Plain ${i}`, `a long story about a ${word} and other things number ${i}`);
    }
  })();
}

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
  client = searchClient(app);
});

afterAll(() => app.close());

describe('ranking a broad query', () => {
  it('ranks the scenes with the word outside the description when they fill the answer', async () => {
    addSynopsisScenes('tierword');
    const titled: number[] = [];
    for (let i = 0; i < 30; i++) titled.push(await make.scene({ title: `Tierword ${i}` }));
    const body = await client.search('tierword');
    expect(body.results).toBe(25);
    const ids = body.scenes?.map((scene) => scene.id) ?? [];
    expect(ids.every((id) => titled.includes(id))).toBe(true);
    const scores = body.scenes?.map((scene) => scene._score) ?? [];
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('ranks every match when too few have the word outside the description', async () => {
    addSynopsisScenes('rareword');
    const titled = [
      await make.scene({ title: 'Rareword one' }),
      await make.scene({ title: 'Rareword two' }),
      await make.scene({ title: 'Rareword three' }),
    ];
    const ids = await client.ids('rareword');
    expect(ids).toHaveLength(25);
    expect(ids.slice(0, 3).sort()).toEqual([...titled].sort());
  });

  it('ranks a broad query with a range among the matching scenes only', async () => {
    const long = await make.scene({ title: 'Tierword long', duration: 500 });
    expect(await client.ids('tierword duration:>=500')).toEqual([long]);
  });
});

describe('ranking a broad query of two words', () => {
  it('answers the scenes with both words in the title when they fill the answer', async () => {
    addSynopsisScenes('duoword');
    const both: number[] = [];
    for (let i = 0; i < 26; i++) both.push(await make.scene({ title: `Duoword Pairword ${i}` }));
    for (let i = 0; i < 30; i++) await make.scene({ title: `Duoword Duoword alone ${i}` });
    const ids = await client.ids('duoword pairword');
    expect(ids).toHaveLength(25);
    expect(ids.every((id) => both.includes(id))).toBe(true);
  });
});

describe('telling a broad query', () => {
  it('counts matches only up to the exact-ranking limit', async () => {
    addSynopsisScenes('boundaryword'); // EXACT_RANKING_LIMIT + 1 scenes
    const index = new SearchIndexRepository(app.database.db);
    expect(await index.matchesMoreThan('"boundaryword"', EXACT_RANKING_LIMIT)).toBe(true);
    expect(await index.matchesMoreThan('"boundaryword"', EXACT_RANKING_LIMIT + 1)).toBe(false);
    expect(await index.matchesMoreThan('"nowhereword"', 0)).toBe(false);
  });
});
