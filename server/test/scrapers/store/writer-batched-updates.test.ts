import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { sceneRow, scraped, writerOf } from './writer-fixture';

/*
 * A batch's stored scenes are updated in one statement per set of changed columns, and the actors its details
 * change likewise: each scene and actor must still get exactly its own values, with their SQL types, and
 * updated_at moves only where the owner would see a change.
 */

let app: FoveaApp;
let store: ReturnType<typeof writerOf>;
let now = new Date('2025-04-01T10:00:00.000Z');

beforeAll(async () => {
  app = await createTestApp();
  store = writerOf(app, () => now);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;

describe('stored scenes changed in one batch', () => {
  it('each get their own changed columns, typed as the columns store them', async () => {
    await store.writer.writeBatch([scraped('a'), scraped('b'), scraped('c'), scraped('d')]);
    await db().updateTable('scenes').set({ needs_update: 1 }).where('scene_id', '=', 'testvr-c').execute();
    const before = await sceneRow(app, 'testvr-d');
    now = new Date('2025-04-02T10:00:00.000Z');
    const result = await store.writer.writeBatch([
      scraped('a', { title: '2024' }),
      scraped('b', {
        title: 'B again',
        duration: 61,
        released: '2024-05-06',
        covers: ['https://cdn/b2.jpg'],
      }),
      scraped('c'),
      scraped('d', { title: 'D again' }),
    ]);
    expect(result).toEqual({
      created: [],
      updated: ['testvr-a', 'testvr-b', 'testvr-d'],
      unchanged: ['testvr-c'],
    });
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((id) => sceneRow(app, `testvr-${id}`)));
    expect(a).toMatchObject({ title: '2024', duration: 42, release_date: '2024-03-05' });
    expect(typeof a?.title).toBe('string');
    expect(b).toMatchObject({
      title: 'B again',
      duration: 61,
      release_date: '2024-05-06',
      cover_url: 'https://cdn/b2.jpg',
    });
    expect(typeof b?.duration).toBe('number');
    expect(JSON.parse(b?.images ?? '[]')).toContainEqual({
      url: 'https://cdn/b2.jpg',
      type: 'cover',
      orientation: '',
    });
    expect(d).toMatchObject({ title: 'D again', duration: 42 });
    // updated_at moves for a change the owner sees, not for a needs_update reset.
    expect([a?.updated_at, b?.updated_at, d?.updated_at]).not.toContain(before?.updated_at);
    expect(c).toMatchObject({ needs_update: 0, updated_at: before?.updated_at, title: 'Scene c' });
  });

  it('are reindexed for search, each with its own document', async () => {
    const ids = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (id) => (await sceneRow(app, `testvr-${id}`))?.id),
    );
    const list = JSON.stringify(ids);
    const indexed = await sql<{ id: number; title: string; cast: string }>`SELECT rowid AS id, title,
        "cast" AS "cast" FROM scene_search WHERE rowid IN (SELECT value FROM json_each(${list})) ORDER BY rowid`.execute(
      db(),
    );
    expect(indexed.rows.map((row) => row.title)).toEqual(['2024', 'B again', 'Scene c', 'D again']);
    const hits = await sql<{ rowid: number }>`SELECT rowid FROM scene_search
        WHERE scene_search MATCH 'title: again' ORDER BY rowid`.execute(db());
    expect(hits.rows.map((hit) => hit.rowid)).toEqual([ids[1], ids[3]]);
  });
});

describe('actors given details in one batch', () => {
  const details = (image: string, profile: string) => ({
    imageUrl: image,
    profileUrl: profile,
    source: 'testvr scrape',
  });

  it('each get their own image and URL lists, whichever columns change', async () => {
    await libraryFactory(db()).actor('Has Image', {
      image_url: 'https://img/own.jpg',
      image_arr: JSON.stringify(['https://img/own.jpg']),
    });
    await store.writer.writeBatch([
      scraped('x', {
        cast: ['Has Image', 'No Image'],
        actorDetails: {
          'Has Image': details('https://img/has.jpg', ''),
          'No Image': details('https://img/no.jpg', 'https://testvr.com/model/no'),
        },
      }),
      scraped('y', {
        cast: ['Only Url'],
        actorDetails: { 'Only Url': details('', 'https://testvr.com/model/url') },
      }),
    ]);
    const rows = await db()
      .selectFrom('actors')
      .select(['name', 'image_url', 'image_arr', 'urls', 'updated_at'])
      .where('name', 'in', ['Has Image', 'No Image', 'Only Url'])
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      {
        name: 'Has Image',
        image_url: 'https://img/own.jpg',
        image_arr: JSON.stringify(['https://img/own.jpg', 'https://img/has.jpg']),
        urls: '[]',
        updated_at: expect.any(String) as string,
      },
      {
        name: 'No Image',
        image_url: 'https://img/no.jpg',
        image_arr: JSON.stringify(['https://img/no.jpg']),
        urls: JSON.stringify([{ url: 'https://testvr.com/model/no', type: 'testvr scrape' }]),
        updated_at: expect.any(String) as string,
      },
      {
        name: 'Only Url',
        image_url: '',
        image_arr: '[]',
        urls: JSON.stringify([{ url: 'https://testvr.com/model/url', type: 'testvr scrape' }]),
        updated_at: expect.any(String) as string,
      },
    ]);
  });

  it('give an actor created by the batch the details of every scene it is cast in', async () => {
    await store.writer.writeBatch([
      scraped('p', {
        cast: ['Two. Scenes'],
        actorDetails: { 'Two. Scenes': details('https://img/two-a.jpg', 'https://testvr.com/model/two') },
      }),
      scraped('q', {
        cast: ['Two Scenes', 'Not Detailed'],
        actorDetails: {
          'two scenes': details('https://img/two-b.jpg', 'https://TESTVR.com/model/two'),
          // Details of a name the scene does not cast are not used.
          'Not Cast': details('https://img/not-cast.jpg', ''),
        },
      }),
    ]);
    const rows = await db()
      .selectFrom('actors')
      .select(['name', 'image_url', 'image_arr', 'urls'])
      .where('name', 'in', ['Two Scenes', 'Not Detailed', 'Not Cast'])
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: 'Not Detailed', image_url: '', image_arr: '[]', urls: '[]' },
      {
        name: 'Two Scenes',
        image_url: 'https://img/two-a.jpg',
        image_arr: JSON.stringify(['https://img/two-a.jpg', 'https://img/two-b.jpg']),
        urls: JSON.stringify([{ url: 'https://testvr.com/model/two', type: 'testvr scrape' }]),
      },
    ]);
  });
});
