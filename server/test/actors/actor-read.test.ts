import { Actor, ActorColleaguesResponse, ZERO_TIME } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { send, useActorApp } from './actor-test-context';

const ctx = useActorApp();

describe('GET /api/actor/{id}', () => {
  it('answers the actor with its non-hidden scenes, newest release first', async () => {
    const { make, app } = ctx;
    const actor = await make.actor('Read Star', {
      birth_date: '1995-04-12',
      nationality: 'US',
      height: 170,
      image_arr: '["https://img.example/a.jpg"]',
    });
    const older = await make.scene({ title: 'Older', release_date: '2022-01-01', star_rating: 4 });
    const newer = await make.scene({ title: 'Newer', release_date: '2024-06-01', star_rating: 3.5 });
    const hidden = await make.scene({ title: 'Hidden', release_date: '2025-01-01', is_hidden: 1 });
    for (const scene of [older, newer, hidden]) await make.cast(scene, actor);
    await new CatalogueCountsRepository(app.database.db).refreshActorCounts([actor]);

    const { code, body } = await send(app, 'GET', `/api/actor/${actor}`);
    expect(code).toBe(200);
    const parsed = Actor.parse(body);
    expect(parsed).toMatchObject({
      id: actor,
      name: 'Read Star',
      birth_date: '1995-04-12T00:00:00Z',
      nationality: 'US',
      height: 170,
      scene_rating_average: '3.75',
      aka_groups: null,
    });
    expect(parsed.scenes.map((scene) => scene.title)).toEqual(['Newer', 'Older']);
    expect(parsed.scenes[0]).toMatchObject({
      tags: null,
      cast: null,
      file: null,
      cuepoints: null,
      history: null,
    });
  });

  it('finds an actor by name when the value contains "-"', async () => {
    const id = await ctx.make.actor('Anna-Lena');
    const { code, body } = await send(ctx.app, 'GET', '/api/actor/Anna-Lena');
    expect(code).toBe(200);
    expect(body).toMatchObject({ id, name: 'Anna-Lena', scenes: [] });
  });

  it.each(['0', '999999', 'no-such-actor', 'abc'])('answers the zero actor for %s', async (lookup) => {
    const { code, body } = await send(ctx.app, 'GET', `/api/actor/${lookup}`);
    expect(code).toBe(200);
    const actor = Actor.parse(body);
    expect(actor).toMatchObject({ id: 0, name: '', birth_date: ZERO_TIME, scenes: [] });
  });
});

describe('GET /api/actor/colleagues/{id}', () => {
  it('lists co-stars by shared scene count, each with scenes, without the actor or aka groups', async () => {
    const { make, app } = ctx;
    const me = await make.actor('Colleague Me');
    const often = await make.actor('Colleague Often');
    const once = await make.actor('Colleague Once');
    const alsoOnce = await make.actor('Colleague Also Once');
    const group = await make.actor('aka:Colleague Me,Colleague Often');
    await make.actor('Colleague Stranger');
    const first = await make.scene({ title: 'Shared 1' });
    const second = await make.scene({ title: 'Shared 2' });
    const third = await make.scene({ title: 'Shared 3' });
    for (const scene of [first, second, third]) await make.cast(scene, me);
    await make.cast(first, often);
    await make.cast(second, often);
    await make.cast(third, once);
    await make.cast(first, alsoOnce);
    await make.cast(first, group);
    await make.cast(await make.scene({ title: 'Often Alone' }), often);

    const { code, body } = await send(app, 'GET', `/api/actor/colleagues/${me}`);
    expect(code).toBe(200);
    const colleagues = ActorColleaguesResponse.parse(body);
    expect(colleagues.map((actor) => actor.name)).toEqual([
      'Colleague Often',
      'Colleague Also Once',
      'Colleague Once',
    ]);
    // Each co-star carries the scenes it shares with the actor (its own other scenes are left out).
    expect(colleagues[0]?.scenes.map((scene) => scene.title).sort()).toEqual(['Shared 1', 'Shared 2']);
    expect(colleagues.map((actor) => actor.scenes.length)).toEqual([2, 1, 1]);
    expect(colleagues.map((actor) => actor.shared_scenes)).toEqual([2, 1, 1]);

    // The lean form (the details tab): the same co-stars and counts, without scenes.
    const lean = await send(app, 'GET', `/api/actor/colleagues/${me}?with_scenes=false`);
    const leanColleagues = ActorColleaguesResponse.parse(lean.body);
    expect(leanColleagues.map((actor) => [actor.name, actor.shared_scenes, actor.scenes.length])).toEqual([
      ['Colleague Often', 2, 0],
      ['Colleague Also Once', 1, 0],
      ['Colleague Once', 1, 0],
    ]);
    expect((await send(app, 'GET', `/api/actor/colleagues/${me}?with_scenes=maybe`)).code).toBe(400);
  });

  it('answers an empty list for an actor without co-stars and 404 for an unknown actor', async () => {
    const alone = await ctx.make.actor('Colleague Alone');
    expect(await send(ctx.app, 'GET', `/api/actor/colleagues/${alone}`)).toEqual({ code: 200, body: [] });
    const missing = await send(ctx.app, 'GET', '/api/actor/colleagues/999999');
    expect(missing).toEqual({ code: 404, body: { error: 'Not Found', message: 'There is no actor 999999' } });
  });
});
