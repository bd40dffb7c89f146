import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';
import { postJson } from '../../helpers/inject-json';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { linkedNames, sceneRow, scraped, writerOf } from './writer-fixture';

/*
 * The owner's edits survive a re-scrape (the scene edit journal), and the scraped actor details fill actors
 * without undoing what the owner chose.
 */

let app: FoveaApp;
let store: ReturnType<typeof writerOf>;

beforeAll(async () => {
  app = await createTestApp();
  store = writerOf(app);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;

async function edit(sceneId: string, body: object) {
  const row = await sceneRow(app, sceneId);
  const answer = await postJson(app, `/api/scene/edit/${row?.id}`, body);
  expect(answer.code).toBe(200);
}

describe("the owner's edits", () => {
  it('keep an edited title, synopsis and release date through a re-scrape that changes them', async () => {
    await store.writer.writeBatch([scraped('1')]);
    await edit('testvr-1', { title: 'My Title', release_date_text: '2020-01-01' });
    const result = await store.writer.writeBatch([
      scraped('1', { title: 'Site Title', released: '2024-06-06', synopsis: 'Site text' }),
    ]);
    expect(result.updated).toEqual(['testvr-1']);
    expect(await sceneRow(app, 'testvr-1')).toMatchObject({
      title: 'My Title',
      release_date: '2020-01-01',
      synopsis: 'Site text',
      edits_applied: 1,
    });
  });

  it('replay the added and removed tags and cast over the scraped ones', async () => {
    await store.writer.writeBatch([
      scraped('2', { tags: ['Blonde', 'Cowgirl'], cast: ['Jane Doe', 'Kim Lee'] }),
    ]);
    await edit('testvr-2', { tagsArray: ['blonde', 'favourite'], castArray: ['Jane Doe', 'Zoe Ray'] });
    await store.writer.writeBatch([
      scraped('2', { tags: ['Blonde', 'Cowgirl', 'Outdoor'], cast: ['Jane Doe', 'Kim Lee', 'Ann Lee'] }),
    ]);
    expect(await linkedNames(app, 'testvr-2')).toEqual({
      cast: ['Ann Lee', 'Jane Doe', 'Zoe Ray'],
      tags: ['blonde', 'favourite', 'outdoor'],
    });
  });

  it('leave an unchanged edited scene unchanged', async () => {
    await store.writer.writeBatch([scraped('3', { tags: ['Blonde'] })]);
    await edit('testvr-3', { title: 'Owner', tagsArray: ['blonde', 'mine'] });
    const result = await store.writer.writeBatch([scraped('3', { tags: ['Blonde'] })]);
    expect(result.unchanged).toEqual(['testvr-3']);
  });

  it('come back when a deleted scene is scraped again', async () => {
    await store.writer.writeBatch([scraped('4', { tags: ['Blonde'] })]);
    await edit('testvr-4', { title: 'Kept Title', duration: '77', tagsArray: ['blonde', 'kept'] });
    const row = await sceneRow(app, 'testvr-4');
    await app.http.inject({ method: 'POST', url: '/api/scene/delete', payload: { scene_id: row?.id } });
    expect(await sceneRow(app, 'testvr-4')).toBeUndefined();
    await store.writer.writeBatch([scraped('4', { tags: ['Blonde'] })]);
    expect(await sceneRow(app, 'testvr-4')).toMatchObject({
      title: 'Kept Title',
      duration: 77,
      edits_applied: 1,
    });
    expect((await linkedNames(app, 'testvr-4')).tags).toEqual(['blonde', 'kept']);
  });

  it('keep a file the owner unmatched from being listed (and matched) again', async () => {
    const make = libraryFactory(db());
    const volume = await make.volume();
    const file = await make.file({ volume_id: volume, filename: 'testvr_5_8k.mp4' });
    const names = ['testvr_5_8k.mp4', 'testvr_5_4k.mp4'];
    await store.writer.writeBatch([scraped('5', { filenames: names })]);
    await store.fileMatch.matchUnmatched([file]);
    await store.fileMatch.unmatch(file);
    await store.writer.writeBatch([scraped('5', { filenames: names, title: 'Retitled' })]);
    expect(JSON.parse((await sceneRow(app, 'testvr-5'))?.filenames_arr ?? '')).toEqual(['testvr_5_4k.mp4']);
    await store.fileMatch.matchUnmatched([file]);
    const stored = await db()
      .selectFrom('files')
      .select('scene_id')
      .where('id', '=', file)
      .executeTakeFirst();
    expect(stored?.scene_id).toBeNull();
  });

  it('keep the names a manual match added to filenames_arr', async () => {
    const make = libraryFactory(db());
    const volume = await make.volume();
    const file = await make.file({ volume_id: volume, filename: 'renamed-by-owner.mp4' });
    await store.writer.writeBatch([scraped('6')]);
    await store.fileMatch.match(file, 'testvr-6');
    await store.writer.writeBatch([scraped('6', { filenames: ['testvr_6_8k.mp4', 'testvr_6_4k.mp4'] })]);
    expect(JSON.parse((await sceneRow(app, 'testvr-6'))?.filenames_arr ?? '')).toEqual([
      'testvr_6_8k.mp4',
      'renamed-by-owner.mp4',
      'testvr_6_4k.mp4',
    ]);
  });
});

const actorRow = (name: string) =>
  db()
    .selectFrom('actors')
    .select(['image_url', 'image_arr', 'urls'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();

describe('actor details', () => {
  const details = (image: string, profile: string) => ({
    imageUrl: image,
    profileUrl: profile,
    source: 'testvr scrape',
  });

  it('give a new actor its image and profile URL', async () => {
    await store.writer.writeBatch([
      scraped('10', {
        cast: ['Lia Star'],
        actorDetails: { 'Lia Star': details('https://img/lia.jpg', 'https://testvr.com/model/lia') },
      }),
    ]);
    expect(await actorRow('Lia Star')).toEqual({
      image_url: 'https://img/lia.jpg',
      image_arr: JSON.stringify(['https://img/lia.jpg']),
      urls: JSON.stringify([{ url: 'https://testvr.com/model/lia', type: 'testvr scrape' }]),
    });
  });

  it("join an actor's lists without duplicates, keep its image, and skip StashDB performer URLs", async () => {
    await libraryFactory(db()).actor('Ida Moon', {
      image_url: 'https://img/own.jpg',
      image_arr: JSON.stringify(['https://img/own.jpg']),
      urls: JSON.stringify([{ url: 'https://TESTVR.com/model/ida', type: 'testvr scrape' }]),
    });
    const scene = scraped('11', {
      cast: ['Ida. Moon'],
      actorDetails: {
        'Ida. Moon': details('https://img/ida.jpg', 'https://testvr.com/model/ida'),
      },
    });
    await store.writer.writeBatch([scene]);
    await store.writer.writeBatch([
      scraped('12', {
        cast: ['Ida Moon'],
        actorDetails: { 'Ida Moon': details('https://img/ida.jpg', 'https://stashdb.org/performers/abc') },
      }),
    ]);
    expect(await actorRow('Ida Moon')).toEqual({
      image_url: 'https://img/own.jpg',
      image_arr: JSON.stringify(['https://img/own.jpg', 'https://img/ida.jpg']),
      urls: JSON.stringify([{ url: 'https://TESTVR.com/model/ida', type: 'testvr scrape' }]),
    });
  });

  it('never bring back an image the owner deleted', async () => {
    const id = await libraryFactory(db()).actor('Eve Gone');
    await db()
      .insertInto('actor_edits')
      .values({
        actor_id: id,
        actor_name: 'Eve Gone',
        action_type: 'delete',
        changed_column: 'image_arr',
        new_value: 'https://img/eve.jpg',
      })
      .execute();
    await store.writer.writeBatch([
      scraped('13', { cast: ['Eve Gone'], actorDetails: { 'Eve Gone': details('https://img/eve.jpg', '') } }),
    ]);
    expect(await actorRow('Eve Gone')).toMatchObject({ image_url: '', image_arr: '[]' });
  });
});
