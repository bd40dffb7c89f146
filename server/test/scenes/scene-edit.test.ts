import { Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { SceneEditJournalRepository } from '../../src/repositories/scene-edit-journal.repository';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;
const row = (id: number) =>
  db().selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const journal = (sceneId: string) =>
  db()
    .selectFrom('scene_edits')
    .select(['action_type', 'changed_column', 'new_value'])
    .where('scene_id', '=', sceneId)
    .orderBy('id')
    .execute();
const actor = (name: string) =>
  db().selectFrom('actors').selectAll().where('name', '=', name).executeTakeFirst();
const tag = (name: string) => db().selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst();

async function getScene(id: number): Promise<Scene> {
  return Scene.parse((await app.http.inject({ method: 'GET', url: `/api/scene/${id}` })).json());
}

/** Edits as the reference UI does: the whole scene spread, plus castArray/tagsArray and a string duration. */
async function edit(id: number, patch: Record<string, unknown>) {
  const scene = await getScene(id);
  const payload = {
    ...scene,
    castArray: scene.cast.map((member) => member.name),
    tagsArray: scene.tags.map((t) => t.name),
    gallery: [],
    files: [],
    duration: String(scene.duration),
    ...patch,
  };
  return app.http.inject({ method: 'POST', url: `/api/scene/edit/${id}`, payload });
}

const edit400 = async (id: number, patch: Record<string, unknown>) => {
  const response = await edit(id, patch);
  expect(response.statusCode).toBe(400);
  return response.json() as { message: string; issues: { path: (string | number)[]; message: string }[] };
};

describe('POST /api/scene/edit/{id}: fields', () => {
  it('changes nothing and writes no journal row when the scene comes back unchanged', async () => {
    const id = await make.scene({ scene_id: 'same-1', images: '[]', filenames_arr: '["a.mp4"]' });
    await make.cast(id, await make.actor('Unchanged Actor'));
    await make.tagScene(id, 'unchanged');
    const before = await row(id);
    const response = await edit(id, {});
    expect(response.statusCode).toBe(200);
    expect(await row(id)).toEqual(before);
    expect(await journal('same-1')).toEqual([]);
  });

  it('applies every edited field, journals each one and marks the edits applied', async () => {
    const id = await make.scene({
      scene_id: 'edit-1',
      title: 'Old',
      synopsis: 'old text',
      studio: 'Old Studio',
      site: 'Old Site',
      scene_url: 'https://old.example.com/1',
      members_url: 'https://members.example.com/old',
      release_date: '2020-01-01',
      duration: 30,
      filenames_arr: '["old.mp4"]',
      images: '[]',
      cover_url: 'https://old.example.com/c.jpg',
    });
    const images = [
      { url: 'https://new.example.com/g.jpg', type: 'gallery', orientation: '' },
      { url: 'https://new.example.com/c.jpg', type: 'cover', orientation: '' },
    ];
    const response = await edit(id, {
      title: '  New title ',
      synopsis: 'new text',
      studio: 'New Studio',
      site: 'New Site',
      scene_url: 'https://new.example.com/1',
      members_url: ' https://members.example.com/new ',
      release_date_text: '2024-02-29',
      duration: '45',
      filenames_arr: '[ "new.mp4", "new2.mp4" ]',
      images: JSON.stringify(images),
      cover_url: 'https://ignored.example.com/c.jpg',
      is_multipart: true,
    });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene).toMatchObject({
      title: 'New title',
      synopsis: 'new text',
      studio: 'New Studio',
      site: 'New Site',
      scene_url: 'https://new.example.com/1',
      members_url: 'https://members.example.com/new',
      release_date: '2024-02-29T00:00:00Z',
      release_date_text: '2024-02-29',
      duration: 45,
      filenames_arr: '["new.mp4","new2.mp4"]',
      images: JSON.stringify(images),
      cover_url: 'https://new.example.com/c.jpg',
      is_multipart: true,
      edits_applied: true,
    });
    expect(await row(id)).toMatchObject({ release_date: '2024-02-29', is_multipart: 1, edits_applied: 1 });
    expect(await journal('edit-1')).toEqual([
      { action_type: 'edit', changed_column: 'title', new_value: 'New title' },
      { action_type: 'edit', changed_column: 'synopsis', new_value: 'new text' },
      { action_type: 'edit', changed_column: 'studio', new_value: 'New Studio' },
      { action_type: 'edit', changed_column: 'site', new_value: 'New Site' },
      { action_type: 'edit', changed_column: 'scene_url', new_value: 'https://new.example.com/1' },
      {
        action_type: 'edit',
        changed_column: 'members_url',
        new_value: 'https://members.example.com/new',
      },
      { action_type: 'edit', changed_column: 'release_date_text', new_value: '2024-02-29' },
      { action_type: 'edit', changed_column: 'filenames_arr', new_value: '["new.mp4","new2.mp4"]' },
      { action_type: 'edit', changed_column: 'images', new_value: JSON.stringify(images) },
      { action_type: 'edit', changed_column: 'cover_url', new_value: 'https://new.example.com/c.jpg' },
      { action_type: 'edit', changed_column: 'is_multipart', new_value: 'true' },
      { action_type: 'edit', changed_column: 'duration', new_value: '45' },
    ]);
    const edited = await new SceneEditJournalRepository(db()).editedColumns('edit-1');
    expect([...edited].sort()).toEqual(
      [
        'cover_url',
        'duration',
        'filenames_arr',
        'images',
        'is_multipart',
        'members_url',
        'release_date_text',
        'scene_url',
        'site',
        'studio',
        'synopsis',
        'title',
      ].sort(),
    );
  });

  it('journals only the fields that changed', async () => {
    const id = await make.scene({ scene_id: 'edit-2', title: 'Keep', synopsis: 'before' });
    await edit(id, { synopsis: 'after' });
    expect(await journal('edit-2')).toEqual([
      { action_type: 'edit', changed_column: 'synopsis', new_value: 'after' },
    ]);
    expect(await new SceneEditJournalRepository(db()).editedColumns('edit-2')).toEqual(new Set(['synopsis']));
  });

  it('takes cover_url as sent when the images have no cover, and clears the release date with ""', async () => {
    const id = await make.scene({
      scene_id: 'edit-3',
      release_date: '2021-05-05',
      cover_url: 'https://a/c.jpg',
    });
    const response = await edit(id, {
      images: '[{"url":"https://a/g.jpg","type":"gallery"}]',
      cover_url: 'https://b/c.jpg',
      release_date_text: '',
    });
    expect(response.json()).toMatchObject({
      cover_url: 'https://b/c.jpg',
      release_date_text: '',
      release_date: '0001-01-01T00:00:00Z',
    });
    expect((await row(id)).release_date).toBeNull();
    expect((await journal('edit-3')).map((entry) => [entry.changed_column, entry.new_value])).toEqual([
      ['release_date_text', ''],
      ['images', '[{"url":"https://a/g.jpg","type":"gallery"}]'],
      ['cover_url', 'https://b/c.jpg'],
    ]);
  });

  it('keeps cover_url when the images did not change, even if it is not their first cover', async () => {
    const images = '[{"url":"https://a/first.jpg","type":"cover"}]';
    const id = await make.scene({ scene_id: 'edit-6', images, cover_url: 'https://a/scraped.jpg' });
    const response = await edit(id, { title: 'Only the title' });
    expect(response.json()).toMatchObject({ cover_url: 'https://a/scraped.jpg', images });
    expect((await journal('edit-6')).map((entry) => entry.changed_column)).toEqual(['title']);
    await edit(id, { cover_url: 'https://a/chosen.jpg' });
    expect((await row(id)).cover_url).toBe('https://a/chosen.jpg');
  });

  it('reads an empty duration as 0 and accepts a number; is_multipart false is journalled as "false"', async () => {
    const id = await make.scene({ scene_id: 'edit-4', duration: 20, is_multipart: 1 });
    await edit(id, { duration: '', is_multipart: false });
    expect(await row(id)).toMatchObject({ duration: 0, is_multipart: 0 });
    await edit(id, { duration: 33 });
    expect((await row(id)).duration).toBe(33);
    expect((await journal('edit-4')).map((entry) => [entry.changed_column, entry.new_value])).toEqual([
      ['is_multipart', 'false'],
      ['duration', '0'],
      ['duration', '33'],
    ]);
  });

  it('leaves absent fields alone', async () => {
    const id = await make.scene({ scene_id: 'edit-5', title: 'Only title', synopsis: 'stays' });
    const response = await app.http.inject({
      method: 'POST',
      url: `/api/scene/edit/${id}`,
      payload: { title: 'Renamed' },
    });
    expect(response.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ title: 'Renamed', synopsis: 'stays' });
    expect(await journal('edit-5')).toHaveLength(1);
  });

  it('answers 404 for an unknown scene', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/scene/edit/876543',
      payload: { title: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no scene 876543');
  });
});

describe('POST /api/scene/edit/{id}: cast and tags', () => {
  it('adds existing and new actors, removes dropped ones, journals +/- and recounts', async () => {
    const volume = await make.volume();
    const id = await make.scene({ scene_id: 'cast-1' });
    await make.file({ volume_id: volume, scene_id: id });
    await app.sceneStatus.refreshScenes([id]);
    const stays = await make.actor('Stays Here', { count: 1, avail_count: 1 });
    const leaves = await make.actor('Leaves Now', { count: 1, avail_count: 1 });
    const joins = await make.actor('Joins Later');
    const other = await make.scene();
    await make.cast(other, joins);
    await make.cast(id, stays);
    await make.cast(id, leaves);
    const aka = await make.actor('aka:Stays Here,S Here');
    await make.cast(id, aka);

    const response = await edit(id, {
      castArray: ['Stays Here', 'joins later', 'Brand New', 'aka:Something Else'],
    });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.cast.map((member) => member.name).sort()).toEqual(
      ['Brand New', 'Joins Later', 'Stays Here', 'aka:Stays Here,S Here'].sort(),
    );
    expect(await actor('aka:Something Else')).toBeUndefined();
    expect(await journal('cast-1')).toEqual([
      { action_type: 'edit', changed_column: 'cast', new_value: '+Joins Later' },
      { action_type: 'edit', changed_column: 'cast', new_value: '+Brand New' },
      { action_type: 'edit', changed_column: 'cast', new_value: '-Leaves Now' },
    ]);
    expect(await actor('Brand New')).toMatchObject({ count: 1, avail_count: 1, is_aka_group: 0 });
    expect(await actor('Joins Later')).toMatchObject({ count: 2, avail_count: 1 });
    expect(await actor('Leaves Now')).toMatchObject({ count: 0, avail_count: 0 });
    expect(await actor('Stays Here')).toMatchObject({ count: 1, avail_count: 1 });
    expect((await row(id)).cast_count).toBe(3);
    expect(scene.cast.find((member) => member.name === 'Brand New')).toMatchObject({
      count: 1,
      avail_count: 1,
    });
    expect(await new SceneEditJournalRepository(db()).editedColumns('cast-1')).toEqual(new Set(['cast']));
  });

  it('normalises tags to trimmed lower case, creates new ones, keeps tag-group tags and recounts', async () => {
    const id = await make.scene({ scene_id: 'tags-1' });
    const other = await make.scene();
    await make.tagScene(other, 'pov');
    await make.tagScene(id, 'old tag', 'tag group:Positions');
    await db().updateTable('tags').set({ count: 1 }).where('name', 'in', ['pov', 'old tag']).execute();

    const response = await edit(id, { tagsArray: ['  Brand NEW Tag ', 'POV', 'tag group:other'] });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.tags.map((t) => t.name)).toEqual(['brand new tag', 'pov', 'tag group:Positions']);
    expect(await tag('tag group:other')).toBeUndefined();
    expect(await journal('tags-1')).toEqual([
      { action_type: 'edit', changed_column: 'tags', new_value: '+brand new tag' },
      { action_type: 'edit', changed_column: 'tags', new_value: '+pov' },
      { action_type: 'edit', changed_column: 'tags', new_value: '-old tag' },
    ]);
    expect((await tag('brand new tag'))?.count).toBe(1);
    expect((await tag('pov'))?.count).toBe(2);
    expect((await tag('old tag'))?.count).toBe(0);
    expect(scene.tags.find((t) => t.name === 'pov')?.count).toBe(2);
  });

  it('matches an existing tag or actor ignoring case instead of making a second one', async () => {
    const id = await make.scene({ scene_id: 'case-1' });
    await make.tagScene(id, 'Mixed Case');
    const jane = await make.actor('Jane Case');
    const tagsBefore = await db().selectFrom('tags').select('id').execute();
    const actorsBefore = await db().selectFrom('actors').select('id').execute();
    const response = await edit(id, { tagsArray: ['mixed case'], castArray: ['JANE CASE'] });
    expect(Scene.parse(response.json()).cast.map((member) => member.id)).toEqual([jane]);
    expect(await db().selectFrom('tags').select('id').execute()).toHaveLength(tagsBefore.length);
    expect(await db().selectFrom('actors').select('id').execute()).toHaveLength(actorsBefore.length);
    expect((await journal('case-1')).map((entry) => entry.new_value)).toEqual(['+Jane Case']);
  });

  it.each([
    ['castArray', ['Jane Dup', 'jane dup'], 'the cast has duplicates'],
    ['tagsArray', ['blonde', ' Blonde'], 'the tags have duplicates'],
    ['castArray', ['Ok', ' '], 'an empty actor name'],
    ['tagsArray', [''], 'an empty tag'],
  ])('refuses %s %j with 400 "%s" and changes nothing', async (field, names, message) => {
    const id = await make.scene({ scene_id: `dup-${field}-${message.length}`, title: 'Untouched' });
    const before = await row(id);
    const body = await edit400(id, { title: 'Should not stick', [field]: names });
    expect(body.message).toContain(message);
    expect(body.issues.map((issue) => issue.message)).toContain(message);
    expect(await row(id)).toEqual(before);
    expect(await journal(before.scene_id)).toEqual([]);
  });
});

describe('POST /api/scene/edit/{id}: validation', () => {
  it.each([
    [{ release_date_text: '2024-2-3' }, ['body', 'release_date_text']],
    [{ release_date_text: '2023-02-30' }, ['body', 'release_date_text']],
    [{ title: '   ' }, ['body', 'title']],
    [{ duration: '4.5' }, ['body', 'duration']],
    [{ duration: 'ten' }, ['body', 'duration']],
    [{ images: '[{"url":' }, ['body', 'images']],
    [{ images: '[{"url":"x","type":"poster"}]' }, ['body', 'images']],
    [{ filenames_arr: '[1,2]' }, ['body', 'filenames_arr']],
    [{ is_multipart: 'yes' }, ['body', 'is_multipart']],
  ])('refuses %j with 400 at %j and changes nothing', async (patch, path) => {
    const id = await make.scene({ title: 'Stays' });
    const before = await row(id);
    const body = await edit400(id, { synopsis: 'not saved', ...patch });
    expect(body.issues.map((issue) => issue.path)).toContainEqual(path);
    expect(await row(id)).toEqual(before);
    expect(await journal(before.scene_id)).toEqual([]);
  });

  it('says which format a date needs and that a title is required', async () => {
    const id = await make.scene();
    expect((await edit400(id, { release_date_text: '01/02/2024' })).issues[0]?.message).toBe(
      'use the format yyyy-mm-dd',
    );
    expect((await edit400(id, { title: '' })).issues[0]?.message).toBe('a title is required');
  });

  it('accepts "null" images and filenames as empty lists', async () => {
    const id = await make.scene({ scene_id: 'null-1', images: 'null', filenames_arr: '[]' });
    const response = await edit(id, { images: 'null', filenames_arr: 'null' });
    expect(response.statusCode).toBe(200);
    expect(await journal('null-1')).toEqual([]);
  });
});
