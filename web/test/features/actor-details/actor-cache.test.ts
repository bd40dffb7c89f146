import type { ActorColleaguesResponse, ActorListResponse } from '@fovea/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedActor, updateActorInCaches } from '../../../src/api/queries/actor-cache';
import { actorKeys } from '../../../src/api/query-keys';
import { actorFixture, baseScene } from '../../fixtures/contract-fixtures';
import { createTestQueryClient } from '../../test-utils';

const listPage = (actors: ReturnType<typeof actorFixture>[]): ActorListResponse => ({
  results: actors.length,
  actors,
  count_any: 0,
  count_available: 0,
  count_downloaded: 0,
  count_not_downloaded: 0,
  count_hidden: 0,
  offset: 0,
});

describe('updateActorInCaches', () => {
  it('puts the actor into its details, keeping the scenes the details had', () => {
    const client = createTestQueryClient();
    const scenes = [baseScene({ id: 5 }), baseScene({ id: 6 })];
    client.setQueryData(actorKeys.detail(7), actorFixture({ id: 7, name: 'Alice', scenes }));
    updateActorInCaches(client, actorFixture({ id: 7, name: 'Alice', favourite: true, scenes: [] }));
    const detail = client.getQueryData<ReturnType<typeof actorFixture>>(actorKeys.detail(7));
    expect(detail?.favourite).toBe(true);
    expect(detail?.scenes.map((scene) => scene.id)).toEqual([5, 6]);
  });

  it('starts a details entry only from an actor with its scenes (never from a lean card)', () => {
    const client = createTestQueryClient();
    updateActorInCaches(client, actorFixture({ id: 7, scenes: [] }));
    expect(client.getQueryData(actorKeys.detail(7))).toBeUndefined();
    updateActorInCaches(client, actorFixture({ id: 7, scenes: [baseScene({ id: 1 })] }));
    expect(client.getQueryData(actorKeys.detail(7))).toMatchObject({ id: 7 });
  });

  it('replaces the entry in every loaded list page, plain or infinite, keeping each entry`s scenes', () => {
    const client = createTestQueryClient();
    const leanAlice = actorFixture({ id: 7, name: 'Alice', scenes: [] });
    const bob = actorFixture({ id: 8, name: 'Bob' });
    client.setQueryData(actorKeys.page({ sort: 'name_asc' }, 0, 18), listPage([leanAlice, bob]));
    client.setQueryData<InfiniteData<ActorListResponse>>(['actors', 'list', { sort: 'x' }], {
      pages: [listPage([bob]), listPage([{ ...leanAlice, scenes: [baseScene({ id: 3 })] }])],
      pageParams: [0, 18],
    });
    updateActorInCaches(
      client,
      actorFixture({ id: 7, name: 'Alice', star_rating: 4, scenes: [baseScene({ id: 9 })] }),
    );

    const page = client.getQueryData<ActorListResponse>(actorKeys.page({ sort: 'name_asc' }, 0, 18));
    expect(page?.actors.map((actor) => [actor.id, actor.star_rating, actor.scenes.length])).toEqual([
      [7, 4, 0],
      [8, 0, 0],
    ]);
    const pages = client.getQueryData<InfiniteData<ActorListResponse>>(['actors', 'list', { sort: 'x' }]);
    expect(pages?.pages[0]?.actors[0]).toBe(bob);
    expect(pages?.pages[1]?.actors[0]?.star_rating).toBe(4);
    expect(pages?.pages[1]?.actors[0]?.scenes.map((scene) => scene.id)).toEqual([3]);
  });

  it('updates the actor where it appears as a colleague', () => {
    const client = createTestQueryClient();
    const colleague = { ...actorFixture({ id: 7, scenes: [baseScene({ id: 2 })] }), shared_scenes: 1 };
    client.setQueryData<ActorColleaguesResponse>(actorKeys.colleagues(1), [colleague]);
    updateActorInCaches(client, actorFixture({ id: 7, watchlist: true, scenes: [] }));
    const colleagues = client.getQueryData<ActorColleaguesResponse>(actorKeys.colleagues(1));
    expect(colleagues?.[0]?.watchlist).toBe(true);
    expect(colleagues?.[0]?.scenes.map((scene) => scene.id)).toEqual([2]);
    expect(colleagues?.[0]?.shared_scenes).toBe(1);
  });
});

describe('cachedActor', () => {
  it('finds the details first, else an entry of a loaded list page', () => {
    const client = createTestQueryClient();
    expect(cachedActor(client, 7)).toBeUndefined();
    client.setQueryData(actorKeys.page({}, 0, 18), listPage([actorFixture({ id: 7, name: 'From list' })]));
    expect(cachedActor(client, 7)?.name).toBe('From list');
    client.setQueryData(actorKeys.detail(7), actorFixture({ id: 7, name: 'From details' }));
    expect(cachedActor(client, 7)?.name).toBe('From details');
  });
});
