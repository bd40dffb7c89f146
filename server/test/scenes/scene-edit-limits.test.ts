import { MAX_EDIT_CAST, MAX_EDIT_TAGS, Scene } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Scene edits with the most names the contract accepts: the cast and tags are resolved, created and linked in
 * a few statements (the cast triggers held back and their work done once), and the result is the same as for
 * a small edit: links, counts, search document and journal. One more name than the bound is refused.
 */

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
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

const edit = (id: number, payload: Record<string, unknown>) =>
  app.http.inject({ method: 'POST', url: `/api/scene/edit/${id}`, payload });

async function castCount(id: number) {
  const row = await db()
    .selectFrom('scenes')
    .select('cast_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.cast_count;
}

async function searchCast(id: number): Promise<string> {
  const result = await sql<{
    cast: string;
  }>`SELECT "cast" AS "cast" FROM scene_search WHERE rowid = ${id}`.execute(db());
  return result.rows[0]?.cast ?? '';
}

const journalCount = async (sceneId: string, column: string) =>
  (
    await db()
      .selectFrom('scene_edits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scene_id', '=', sceneId)
      .where('changed_column', '=', column)
      .executeTakeFirstOrThrow()
  ).n;

describe('a scene edit with the most cast names', () => {
  it(`links ${MAX_EDIT_CAST} actors, new and existing, with counts, search and journal in step`, async () => {
    const id = await make.scene({ scene_id: 'limits-cast', site: 'Limits Site' });
    const existing = await make.actor('Existing Star');
    const group = await make.actor('aka:Existing Star');
    await make.cast(id, group);
    const cast = ['existing star', ...names('Actor Cast', MAX_EDIT_CAST - 1)];
    const response = await edit(id, { castArray: cast });
    expect(response.statusCode, response.body).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.cast).toHaveLength(MAX_EDIT_CAST + 1); // the aka group stays: the aka calls manage it
    expect(scene.cast.map((member) => member.id)).toContain(existing);
    expect(await castCount(id)).toBe(MAX_EDIT_CAST);
    const document = await searchCast(id);
    expect(document).toContain('Existing Star');
    expect(document).toContain(`Actor Cast ${MAX_EDIT_CAST - 2}`);
    expect(document).toContain(`ActorCast${MAX_EDIT_CAST - 2}`);
    expect(await journalCount('limits-cast', 'cast')).toBe(MAX_EDIT_CAST);
    const created = await db()
      .selectFrom('actors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', 'like', 'Actor Cast %')
      .executeTakeFirstOrThrow();
    expect(created.n).toBe(MAX_EDIT_CAST - 1);
    const actorCount = await db()
      .selectFrom('actors')
      .select('count')
      .where('name', '=', 'Actor Cast 7')
      .executeTakeFirstOrThrow();
    expect(actorCount.count).toBe(1);
    const deferred = await sql<{ n: number }>`SELECT count(*) AS n FROM deferred_cast_scenes`.execute(db());
    expect(deferred.rows[0]?.n).toBe(0);
  });

  it('replaces a full cast by another, removing every old link', async () => {
    const id = await make.scene({ scene_id: 'limits-replace' });
    expect((await edit(id, { castArray: names('First Cast', MAX_EDIT_CAST) })).statusCode).toBe(200);
    const response = await edit(id, { castArray: names('Second Cast', MAX_EDIT_CAST) });
    expect(response.statusCode, response.body).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.cast.every((member) => member.name.startsWith('Second Cast'))).toBe(true);
    expect(scene.cast).toHaveLength(MAX_EDIT_CAST);
    expect(await castCount(id)).toBe(MAX_EDIT_CAST);
    const document = await searchCast(id);
    expect(document).not.toContain('First Cast');
    expect(document).toContain('Second Cast 0');
    expect(await journalCount('limits-replace', 'cast')).toBe(3 * MAX_EDIT_CAST);
  });

  it('keeps the per-row triggers for other writers after an edit', async () => {
    const id = await make.scene({ scene_id: 'limits-trigger' });
    expect((await edit(id, { castArray: ['Trigger One'] })).statusCode).toBe(200);
    await make.cast(id, await make.actor('Trigger Two'));
    expect(await castCount(id)).toBe(2);
    expect(await searchCast(id)).toContain('Trigger Two');
  });

  it(`refuses ${MAX_EDIT_CAST + 1} names and changes nothing`, async () => {
    const id = await make.scene({ scene_id: 'limits-too-many-cast' });
    const response = await edit(id, { castArray: names('Too Many', MAX_EDIT_CAST + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('castArray');
    const actor = await db()
      .selectFrom('actors')
      .select('id')
      .where('name', '=', 'Too Many 0')
      .executeTakeFirst();
    expect(actor).toBeUndefined();
  });
});

describe('a scene edit with the most tags', () => {
  it(`links ${MAX_EDIT_TAGS} tags and journals each`, async () => {
    const id = await make.scene({ scene_id: 'limits-tags' });
    await make.tag('existing tag');
    const tags = ['Existing Tag', ...names('tag', MAX_EDIT_TAGS - 1)];
    const response = await edit(id, { tagsArray: tags });
    expect(response.statusCode, response.body).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene.tags).toHaveLength(MAX_EDIT_TAGS);
    expect(scene.tags.map((tag) => tag.name)).toContain('existing tag');
    expect(await journalCount('limits-tags', 'tags')).toBe(MAX_EDIT_TAGS);
    const counted = await db()
      .selectFrom('tags')
      .select('count')
      .where('name', '=', 'tag 42')
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(1);
  });

  it(`refuses ${MAX_EDIT_TAGS + 1} tags`, async () => {
    const id = await make.scene({ scene_id: 'limits-too-many-tags' });
    const response = await edit(id, { tagsArray: names('too many', MAX_EDIT_TAGS + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('tagsArray');
  });
});
