import { Actor, ActorAkasResponse, ActorColleaguesResponse, ActorListResponse } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { actorRow, send, useActorApp } from './actor-test-context';

/*
 * The facts an actor takes from its scenes (average scene rating, latest release, scene added, file added) are
 * columns kept up to date by the writers (refreshActorCounts) and by triggers (scene rating and release date):
 * every call shows the same average, and the sorts follow cast, file and release-date changes.
 */

const ctx = useActorApp();

async function list(app: FoveaApp, body: object): Promise<ActorListResponse> {
  const { code, body: answer } = await send(app, 'POST', '/api/actor/list', { limit: 100, ...body });
  expect(code).toBe(200);
  return ActorListResponse.parse(answer);
}

const namesIn = async (app: FoveaApp, sort: string, cast: string[]) =>
  (await list(app, { sort, cast, with_scenes: false })).actors.map((actor) => actor.name);

async function editScene(app: FoveaApp, id: number, body: object): Promise<void> {
  const { code } = await send(app, 'POST', `/api/scene/edit/${id}`, body);
  expect(code).toBe(200);
}

describe('average scene rating: one value everywhere', () => {
  it('GET, list, colleagues and possible akas agree, also after a scene is rated', async () => {
    const { app, make } = ctx;
    const ann = await make.actor('Facts Ann');
    const costar = await make.actor('Facts Costar');
    const alias = await make.actor('Facts Alias', { aliases: '["Facts Ann"]' });
    const first = await make.scene({ star_rating: 4 });
    const second = await make.scene({ star_rating: 3.5 });
    const third = await make.scene({ star_rating: 0 });
    // The cast through the scene edit call, as the UI does it (the writer refreshes the actor's facts).
    for (const scene of [first, second, third]) {
      await editScene(app, scene, { castArray: ['Facts Ann', 'Facts Costar'] });
    }

    const everywhere = async (): Promise<string[]> => {
      const one = Actor.parse((await send(app, 'GET', `/api/actor/${ann}`)).body);
      const listed = (await list(app, { cast: ['Facts Ann'] })).actors[0];
      const colleagues = ActorColleaguesResponse.parse(
        (await send(app, 'GET', `/api/actor/colleagues/${costar}`)).body,
      );
      const akas = ActorAkasResponse.parse((await send(app, 'GET', `/api/actor/akas/${alias}`)).body);
      return [
        one.scene_rating_average,
        listed?.scene_rating_average ?? 'missing',
        colleagues.find((actor) => actor.id === ann)?.scene_rating_average ?? 'missing',
        akas.possible_akas?.find((actor) => actor.id === ann)?.scene_rating_average ?? 'missing',
      ];
    };
    // (4 + 3.5) / 2; the unrated scene does not count.
    expect(await everywhere()).toEqual(['3.75', '3.75', '3.75', '3.75']);

    const { code } = await send(app, 'POST', `/api/scene/rate/${third}`, { rating: 1 });
    expect(code).toBe(200);
    // (4 + 3.5 + 1) / 3 = 2.8333...
    expect(await everywhere()).toEqual(['2.83', '2.83', '2.83', '2.83']);
    expect((await actorRow(app, ann)).scene_rating_average).toBeCloseTo(8.5 / 3, 10);

    await send(app, 'POST', `/api/scene/rate/${first}`, { rating: 0 });
    await send(app, 'POST', `/api/scene/rate/${second}`, { rating: 0 });
    await send(app, 'POST', `/api/scene/rate/${third}`, { rating: 0 });
    expect(await everywhere()).toEqual(['', '', '', '']);
    expect((await actorRow(app, ann)).scene_rating_average).toBeNull();
  });

  it('an aka group takes the distinct scenes of its members', async () => {
    const { app, make } = ctx;
    await make.actor('Group One');
    await make.actor('Group Two');
    const shared = await make.scene({ star_rating: 5, release_date: '2021-03-03' });
    const own = await make.scene({ star_rating: 2, release_date: '2022-04-04' });
    await editScene(app, shared, { castArray: ['Group One', 'Group Two'] });
    await editScene(app, own, { castArray: ['Group Two'] });
    const created = await send(app, 'POST', '/api/aka/create', { actorList: ['Group One', 'Group Two'] });
    expect(created.code, JSON.stringify(created.body)).toBe(200);
    const group = (await list(app, { attributes: ['Aka Group'] })).actors.find((actor) =>
      actor.name.includes('Group One'),
    );
    // The shared scene counts once: (5 + 2) / 2.
    expect(group).toMatchObject({ count: 2, scene_rating_average: '3.5' });
    const row = await actorRow(app, group?.id ?? 0);
    expect(row.latest_release_date).toBe('2022-04-04');

    // The trigger follows a rating change into the group as well.
    await send(app, 'POST', `/api/scene/rate/${own}`, { rating: 4 });
    expect((await actorRow(app, group?.id ?? 0)).scene_rating_average).toBe(4.5);
  });
});

describe('scene facts sorts follow the writes', () => {
  it('scene_release_desc follows a cast change and a release-date edit', async () => {
    const { app, make } = ctx;
    await make.actor('Release Ada');
    await make.actor('Release Bo');
    const early = await make.scene({ release_date: '2019-01-01' });
    const late = await make.scene({ release_date: '2023-01-01' });
    await editScene(app, early, { castArray: ['Release Ada', 'Release Bo'] });
    await editScene(app, late, { castArray: ['Release Ada'] });
    const cast = ['Release Ada', 'Release Bo'];
    expect(await namesIn(app, 'scene_release_desc', cast)).toEqual(['Release Ada', 'Release Bo']);

    // Cast change: Bo joins a newer scene than any of Ada's.
    const newest = await make.scene({ release_date: '2025-05-05' });
    await editScene(app, newest, { castArray: ['Release Bo'] });
    expect(await namesIn(app, 'scene_release_desc', cast)).toEqual(['Release Bo', 'Release Ada']);

    // Release-date edit: Ada's scene moves past it (the trigger follows the edit).
    await editScene(app, late, { release_date_text: '2026-01-01' });
    expect(await namesIn(app, 'scene_release_desc', cast)).toEqual(['Release Ada', 'Release Bo']);

    // Cast removal: Ada leaves that scene and falls back to 2019.
    await editScene(app, late, { castArray: [] });
    expect(await namesIn(app, 'scene_release_desc', cast)).toEqual(['Release Bo', 'Release Ada']);
  });

  it('file_added_desc and scene_added_desc follow a new file', async () => {
    const { app, make } = ctx;
    const volume = await make.volume();
    await make.actor('File Cy');
    await make.actor('File Di');
    const cys = await make.scene();
    const dis = await make.scene();
    await editScene(app, cys, { castArray: ['File Cy'] });
    await editScene(app, dis, { castArray: ['File Di'] });
    await make.file({ volume_id: volume, scene_id: cys, created_time: '2024-02-01T00:00:00.000Z' });
    await app.sceneStatus.refreshScenes([cys]);
    const cast = ['File Cy', 'File Di'];
    expect(await namesIn(app, 'file_added_desc', cast)).toEqual(['File Cy', 'File Di']);
    expect(await namesIn(app, 'scene_added_desc', cast)).toEqual(['File Cy', 'File Di']);

    // A newer file on Di's scene: the scanner's writer refreshes the scene status, which refreshes the cast.
    await make.file({ volume_id: volume, scene_id: dis, created_time: '2024-08-01T00:00:00.000Z' });
    await app.sceneStatus.refreshScenes([dis]);
    expect(await namesIn(app, 'file_added_desc', cast)).toEqual(['File Di', 'File Cy']);
    expect(await namesIn(app, 'scene_added_desc', cast)).toEqual(['File Di', 'File Cy']);
    const di = (await list(app, { cast: ['File Di'] })).actors[0];
    const row = await actorRow(app, di?.id ?? 0);
    expect(row.latest_file_added).toBe('2024-08-01T00:00:00.000Z');
  });

  it('a full refresh fills every fact and then writes nothing', async () => {
    const { app, make } = ctx;
    const eve = await make.actor('Refresh Eve');
    const scene = await make.scene({ release_date: '2018-08-08', star_rating: 3, added_date: '2020-01-01' });
    await make.cast(scene, eve);
    const counts = new CatalogueCountsRepository(app.database.db);
    expect(await counts.refreshActorCounts('all')).toBeGreaterThanOrEqual(1);
    expect(await actorRow(app, eve)).toMatchObject({
      count: 1,
      scene_rating_average: 3,
      latest_release_date: '2018-08-08',
      latest_scene_added: '2020-01-01',
      latest_file_added: null,
    });
    expect(await counts.refreshActorCounts('all')).toBe(0);
  });
});

describe('the sites of an actor', () => {
  it('follow cast changes and a scene moving to another site', async () => {
    const { app, make } = ctx;
    await make.actor('Site Gus');
    await make.actor('Site Hal');
    const first = await make.scene({ site: 'Facts Site One' });
    const second = await make.scene({ site: 'Facts Site Two' });
    await editScene(app, first, { castArray: ['Site Gus', 'Site Hal'] });
    await editScene(app, second, { castArray: ['Site Hal'] });
    const cast = ['Site Gus', 'Site Hal'];
    const onSites = async (...sites: string[]) =>
      (await list(app, { sites, cast, with_scenes: false })).actors.map((actor) => actor.name);
    const filterSites = async () => {
      const { body } = await send(app, 'GET', '/api/actor/filters');
      return (body as { sites: string[] }).sites.filter((site) => site.startsWith('Facts Site'));
    };
    expect(await onSites('Facts Site One')).toEqual(['Site Gus', 'Site Hal']);
    expect(await onSites('Facts Site Two')).toEqual(['Site Hal']);
    expect(await onSites('&Facts Site One', '&Facts Site Two')).toEqual(['Site Hal']);
    expect(await onSites('!Facts Site Two')).toEqual(['Site Gus']);
    expect(await filterSites()).toEqual(['Facts Site One', 'Facts Site Two']);

    // Cast change: Gus joins the second scene, Hal leaves the first.
    await editScene(app, second, { castArray: ['Site Hal', 'Site Gus'] });
    await editScene(app, first, { castArray: ['Site Gus'] });
    expect(await onSites('Facts Site One')).toEqual(['Site Gus']);
    expect(await onSites('Facts Site Two')).toEqual(['Site Gus', 'Site Hal']);

    // The second scene moves to a third site (a trigger follows the site column, whoever writes it).
    await app.database.db
      .updateTable('scenes')
      .set({ site: 'Facts Site Three' })
      .where('id', '=', second)
      .execute();
    expect(await onSites('Facts Site Two')).toEqual([]);
    expect(await onSites('Facts Site Three')).toEqual(['Site Gus', 'Site Hal']);
    expect(await filterSites()).toEqual(['Facts Site One', 'Facts Site Three']);

    // Deleting the scene: its cast loses the site.
    const deleted = await send(app, 'POST', '/api/scene/delete', { scene_id: second });
    expect(deleted.code, JSON.stringify(deleted.body)).toBe(200);
    expect(await onSites('Facts Site Three')).toEqual([]);
    expect(await filterSites()).toEqual(['Facts Site One']);
  });
});
