import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { SearchIndexRepository } from '../../src/repositories/search-index.repository';
import { createTestApp } from '../helpers/test-app';
import { searchClient } from './search-client';

let app: FoveaApp;
let client: ReturnType<typeof searchClient>;
const ids = new Map<string, number>();

/** Adds scenes by scene_id with title, site and synopsis; remembers their ids by scene_id. */
function addScenes(
  rows: readonly [sceneId: string, title: string, site?: string, synopsis?: string][],
): void {
  const insert = app.database.sqlite.prepare(
    'INSERT INTO scenes (scene_id, title, site, synopsis) VALUES (?, ?, ?, ?) RETURNING id',
  );
  app.database.sqlite.transaction(() => {
    for (const [sceneId, title, site = '', synopsis = ''] of rows) {
      const row = insert.get(sceneId, title, site, synopsis) as { id: number };
      ids.set(sceneId, row.id);
    }
  })();
}
const id = (sceneId: string) => ids.get(sceneId) ?? -1;

/** The scene ids (strings) a search answers, in order. */
async function found(q: string): Promise<string[]> {
  const body = await client.search(q);
  return (body.scenes ?? []).map((scene) => scene.scene_id);
}

beforeAll(async () => {
  app = await createTestApp();
  client = searchClient(app);
  const bulk: [string, string, string, string][] = [];
  for (let i = 1; i <= 150; i++)
    bulk.push([`bulk-${i}`, `Bulk Scene ${i}`, 'Bulk Site', `Bulk scene number ${i}.`]);
  addScenes(bulk);
  addScenes([
    ['picnic-exact', 'Sunset Picnic', 'Plain Studio'],
    ['picnic-phrase', 'The Sunset Picnic Party', 'Plain Studio'],
    // Every word many times, in heavy columns, but not as the phrase in its title: bm25 alone ranks it first.
    [
      'picnic-heavy',
      'Picnic at Sunset and Picnic at Sunset',
      'Sunset Picnic',
      'Sunset picnic, picnic sunset.',
    ],
    ['picnic-apart', 'Sunset on the Beach after a Picnic', 'Plain Studio'],
    ['slr-12345', 'A Quiet Evening', 'SLR Originals'],
    ['slr-123456', 'A Loud Morning', 'SLR Originals'],
    ['vrh-777', '12345 Reasons to Stay', 'VR Hush', '12345 reasons, 12345 times.'],
  ]);
});

afterAll(() => app.close());

describe('Quick find ranking', () => {
  it('matches numbers as whole words: "Bulk Scene 12" finds scene 12 first, never 120 or 112 before it', async () => {
    const order = await found('Bulk Scene 12');
    expect(order[0]).toBe('bulk-12');
    expect(order).toHaveLength(25);
    const twelve = order.indexOf('bulk-12');
    for (const other of ['bulk-120', 'bulk-112', 'bulk-121']) {
      const at = order.indexOf(other);
      expect(at === -1 || at > twelve).toBe(true);
    }
    expect((await found('bulk scene 120'))[0]).toBe('bulk-120');
  });

  it('puts the exact title first, then titles holding the phrase, then the rest by bm25', async () => {
    // The precondition: bm25 alone prefers the scene with the words everywhere.
    const bm25 = await new SearchIndexRepository(app.database.db).matchText('("sunset" OR "picnic")', [], 10);
    expect(bm25[0]?.id).toBe(id('picnic-heavy'));

    const order = await found('Sunset Picnic');
    expect(order.slice(0, 4)).toEqual(['picnic-exact', 'picnic-phrase', 'picnic-heavy', 'picnic-apart']);
    // Case and punctuation aside, the title is still exact.
    expect((await found('sunset, picnic!'))[0]).toBe('picnic-exact');
    expect((await found('"Sunset Picnic"'))[0]).toBe('picnic-exact');
  });

  it('keeps the scores best first across the tiers', async () => {
    const body = await client.search('Sunset Picnic');
    const scores = (body.scenes ?? []).map((scene) => scene._score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(0);
  });

  it('finds a scene by its scene id, in any case, and by the number in it before titles with that number', async () => {
    expect((await found('slr-12345'))[0]).toBe('slr-12345');
    expect((await found('SLR-12345'))[0]).toBe('slr-12345');
    const byNumber = await found('12345');
    expect(byNumber[0]).toBe('slr-12345');
    expect(byNumber).toContain('vrh-777');
    expect(byNumber).toContain('slr-123456');
  });

  it('finds scenes by a partly typed scene id', async () => {
    const order = await found('slr-1234');
    expect(order.slice(0, 2).sort()).toEqual(['slr-12345', 'slr-123456']);
    expect(await found('slr-12345')).toContain('slr-123456');
  });

  it('leaves field, prefix and range queries to the plain ranking', async () => {
    expect((await found('title:12345'))[0]).toBe('vrh-777');
    expect(await found('+id:slr-12345')).toEqual(['slr-12345']);
    expect(await found('-title:bulk +site:"SLR Originals"')).toEqual(
      expect.arrayContaining(['slr-12345', 'slr-123456']),
    );
  });
});
