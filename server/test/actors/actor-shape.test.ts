import { Actor } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { send, useActorApp } from './actor-test-context';

const ctx = useActorApp();

/** An actor in two scenes, counts refreshed. */
async function actorWithScenes(name: string): Promise<number> {
  const { make, app } = ctx;
  const actor = await make.actor(name, {
    image_arr: '["https://img.example/a.jpg","https://img.example/b.jpg"]',
  });
  for (const title of ['One', 'Two']) await make.cast(await make.scene({ title: `${name} ${title}` }), actor);
  await new CatalogueCountsRepository(app.database.db).refreshActorCounts([actor]);
  return actor;
}

/** Every field but the scenes. */
const fieldsOf = ({ scenes: _scenes, ...fields }: Actor) => fields;

describe('with_scenes=false on the calls that answer an actor', () => {
  it('GET /api/actor/{id} answers the same actor without its scenes; the default keeps them', async () => {
    const id = await actorWithScenes('Shape Get');
    const full = Actor.parse((await send(ctx.app, 'GET', `/api/actor/${id}`)).body);
    const lean = Actor.parse((await send(ctx.app, 'GET', `/api/actor/${id}?with_scenes=false`)).body);
    expect(full.scenes).toHaveLength(2);
    expect(lean.scenes).toEqual([]);
    expect(fieldsOf(lean)).toEqual(fieldsOf(full));
    expect(lean.count).toBe(2);
    const byName = Actor.parse((await send(ctx.app, 'GET', '/api/actor/Shape-Get?with_scenes=false')).body);
    expect(byName.id).toBe(0);
    expect((await send(ctx.app, 'GET', `/api/actor/${id}?with_scenes=perhaps`)).code).toBe(400);
  });

  it('rate, edit, setimage and delimage answer the changed actor without scenes when asked', async () => {
    const id = await actorWithScenes('Shape Calls');
    const rated = await send(ctx.app, 'POST', `/api/actor/rate/${id}?with_scenes=false`, { rating: 3.5 });
    expect(Actor.parse(rated.body)).toMatchObject({ id, star_rating: 3.5, scenes: [] });
    const edited = await send(ctx.app, 'POST', `/api/actor/edit/${id}?with_scenes=false`, {
      hair_color: 'Red',
    });
    expect(Actor.parse(edited.body)).toMatchObject({ id, hair_color: 'Red', scenes: [] });
    const image = 'https://img.example/b.jpg';
    const set = await send(ctx.app, 'POST', '/api/actor/setimage?with_scenes=false', {
      actor_id: id,
      url: image,
    });
    expect(Actor.parse(set.body)).toMatchObject({ id, image_url: image, scenes: [] });
    const deleted = await ctx.app.http.inject({
      method: 'DELETE',
      url: '/api/actor/delimage?with_scenes=false',
      payload: { actor_id: id, url: image },
    });
    expect(Actor.parse(deleted.json())).toMatchObject({
      id,
      image_url: 'https://img.example/a.jpg',
      scenes: [],
    });
    // Without the parameter the same calls keep the reference shape.
    const again = await send(ctx.app, 'POST', `/api/actor/rate/${id}`, { rating: 4 });
    expect(Actor.parse(again.body).scenes).toHaveLength(2);
  });
});
