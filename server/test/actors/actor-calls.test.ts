import { Actor } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { actorRow, journalOf, send, useActorApp } from './actor-test-context';

const ctx = useActorApp();

describe('POST /api/actor/toggle', () => {
  it.each(['favourite', 'watchlist', 'needs_update'] as const)('flips %s on and off', async (list) => {
    const id = await ctx.make.actor(`Toggle ${list}`);
    expect(await send(ctx.app, 'POST', '/api/actor/toggle', { actor_id: id, list })).toEqual({
      code: 200,
      body: null,
    });
    expect((await actorRow(ctx.app, id))[list]).toBe(1);
    await send(ctx.app, 'POST', '/api/actor/toggle', { actor_id: id, list });
    expect((await actorRow(ctx.app, id))[list]).toBe(0);
  });

  it('answers 404 for an unknown actor and 400 for an unknown list', async () => {
    const missing = await send(ctx.app, 'POST', '/api/actor/toggle', { actor_id: 999999, list: 'favourite' });
    expect(missing).toEqual({ code: 404, body: { error: 'Not Found', message: 'There is no actor 999999' } });
    const id = await ctx.make.actor('Toggle Bad List');
    const bad = await send(ctx.app, 'POST', '/api/actor/toggle', { actor_id: id, list: 'is_hidden' });
    expect(bad.code).toBe(400);
  });
});

describe('POST /api/actor/rate/{id}', () => {
  it('stores the rating and answers the actor', async () => {
    const id = await ctx.make.actor('Rated Actor');
    const { code, body } = await send(ctx.app, 'POST', `/api/actor/rate/${id}`, { rating: 4.5 });
    expect(code).toBe(200);
    expect(Actor.parse(body)).toMatchObject({ id, star_rating: 4.5 });
    expect((await actorRow(ctx.app, id)).star_rating).toBe(4.5);
  });

  it('refuses ratings off the half steps (400) and unknown actors (404)', async () => {
    const id = await ctx.make.actor('Badly Rated');
    expect((await send(ctx.app, 'POST', `/api/actor/rate/${id}`, { rating: 4.3 })).code).toBe(400);
    expect((await send(ctx.app, 'POST', `/api/actor/rate/${id}`, { rating: 6 })).code).toBe(400);
    expect((await send(ctx.app, 'POST', '/api/actor/rate/999999', { rating: 1 })).code).toBe(404);
  });
});

describe('DELETE /api/actor/delete/{id}', () => {
  it('deletes the actor and its cast links, journals it and answers the zero actor', async () => {
    const { app, make } = ctx;
    const id = await make.actor('Deleted Actor');
    const scene = await make.scene({ title: 'Scene of a deleted actor' });
    await make.cast(scene, id);

    const { code, body } = await send(app, 'DELETE', `/api/actor/delete/${id}`);
    expect(code).toBe(200);
    expect(Actor.parse(body)).toMatchObject({ id: 0, name: '' });
    const gone = await app.database.db.selectFrom('actors').select('id').where('id', '=', id).execute();
    expect(gone).toEqual([]);
    const links = await app.database.db
      .selectFrom('scene_cast')
      .selectAll()
      .where('actor_id', '=', id)
      .execute();
    expect(links).toEqual([]);
    expect(await journalOf(app, 'Deleted Actor')).toEqual([
      {
        actor_id: null,
        action_type: 'delete',
        source: 'edit_actor',
        changed_column: 'actor',
        new_value: 'Deleted Actor',
      },
    ]);
    // The scene's cast no longer shows the actor.
    const sceneAnswer = await send(app, 'GET', `/api/scene/${scene}`);
    expect(sceneAnswer.body).toMatchObject({ cast: [] });
  });

  it('renames the aka groups the deleted actor was in and recounts their scenes', async () => {
    const { app, make } = ctx;
    const names = ['Group Keep One', 'Group Keep Two', 'Group Gone'];
    const [one, two, gone] = await Promise.all(names.map((name) => make.actor(name)));
    for (const actor of [one, two, gone]) await make.cast(await make.scene(), actor ?? 0);
    const created = await send(app, 'POST', '/api/aka/create', { actorList: names });
    expect(created.code).toBe(200);

    expect((await send(app, 'DELETE', `/api/actor/delete/${gone}`)).code).toBe(200);
    const group = await app.database.db
      .selectFrom('akas')
      .innerJoin('actors', 'actors.id', 'akas.aka_actor_id')
      .select(['akas.name', 'actors.name as actor_name', 'actors.count'])
      .where('akas.name', 'like', '%Group Keep One%')
      .executeTakeFirstOrThrow();
    expect(group).toEqual({
      name: 'Group Keep One,Group Keep Two',
      actor_name: 'aka:Group Keep One,Group Keep Two',
      count: 2,
    });
  });

  it('answers 404 for an unknown actor', async () => {
    expect((await send(ctx.app, 'DELETE', '/api/actor/delete/999999')).code).toBe(404);
  });
});

describe('POST /api/actor/setimage and DELETE /api/actor/delimage', () => {
  const a = 'https://img.example/a.jpg';
  const b = 'https://img.example/b.jpg';
  const c = 'https://img.example/c.jpg';

  it('sets the main image, adding it to the images when missing, and journals it', async () => {
    const id = await ctx.make.actor('Image Setter', { image_url: a, image_arr: JSON.stringify([a, b]) });
    const first = await send(ctx.app, 'POST', '/api/actor/setimage', { actor_id: id, url: b });
    expect(first.code).toBe(200);
    expect(Actor.parse(first.body)).toMatchObject({ image_url: b, image_arr: JSON.stringify([a, b]) });
    const second = await send(ctx.app, 'POST', '/api/actor/setimage', { actor_id: id, url: c });
    expect(Actor.parse(second.body)).toMatchObject({ image_url: c, image_arr: JSON.stringify([c, a, b]) });
    expect(
      (await journalOf(ctx.app, 'Image Setter')).map((e) => [e.action_type, e.changed_column, e.new_value]),
    ).toEqual([
      ['setimage', 'image_url', b],
      ['setimage', 'image_url', c],
    ]);
  });

  it('removes an image; removing the main image falls back to the first remaining one', async () => {
    const id = await ctx.make.actor('Image Remover', { image_url: a, image_arr: JSON.stringify([a, b, c]) });
    const other = await send(ctx.app, 'DELETE', '/api/actor/delimage', { actor_id: id, url: c });
    expect(Actor.parse(other.body)).toMatchObject({ image_url: a, image_arr: JSON.stringify([a, b]) });
    const main = await send(ctx.app, 'DELETE', '/api/actor/delimage', { actor_id: id, url: a });
    expect(Actor.parse(main.body)).toMatchObject({ image_url: b, image_arr: JSON.stringify([b]) });
    const last = await send(ctx.app, 'DELETE', '/api/actor/delimage', { actor_id: id, url: b });
    expect(Actor.parse(last.body)).toMatchObject({ image_url: '', image_arr: '[]' });
    expect(
      (await journalOf(ctx.app, 'Image Remover')).map((e) => [e.action_type, e.changed_column, e.new_value]),
    ).toEqual([
      ['delete', 'image_arr', c],
      ['delete', 'image_arr', a],
      ['setimage', 'image_url', b],
      ['delete', 'image_arr', b],
      ['setimage', 'image_url', ''],
    ]);
  });

  it('answers 404 for an unknown actor and 400 for a blank url', async () => {
    expect((await send(ctx.app, 'POST', '/api/actor/setimage', { actor_id: 999999, url: a })).code).toBe(404);
    expect((await send(ctx.app, 'DELETE', '/api/actor/delimage', { actor_id: 999999, url: a })).code).toBe(
      404,
    );
    const id = await ctx.make.actor('Image Blank');
    expect((await send(ctx.app, 'POST', '/api/actor/setimage', { actor_id: id, url: ' ' })).code).toBe(400);
  });
});
