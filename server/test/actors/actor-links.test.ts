import { ActorAkasResponse, ExternalReferenceLinkList } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { extrefFactory } from '../factories/extref.factory';
import { send, useActorApp } from './actor-test-context';

const ctx = useActorApp();
const names = (list: { name: string }[] | null) => (list ?? []).map((actor) => actor.name);

/** An aka group of these actors made through the aka call, as the UI does. */
async function akaGroup(...members: string[]) {
  const { code } = await send(ctx.app, 'POST', '/api/aka/create', { actorList: members });
  expect(code).toBe(200);
}

describe('GET /api/actor/akas/{id}', () => {
  it('answers the groups, the fellow members and possible akas of an actor', async () => {
    const { make, app } = ctx;
    const me = await make.actor('Aka Me', { aliases: '["Aka Alias Name"]' });
    await make.actor('Aka Fellow');
    await make.actor('Aka Alias Name');
    const sameStash = await make.actor('Aka Same Stash');
    await make.actor('Aka Unrelated');
    await akaGroup('Aka Me', 'Aka Fellow');
    const refs = extrefFactory(app.database.db);
    const performer = await refs.reference({ external_source: 'stashdb performer', external_id: 'uuid-1' });
    await refs.link(performer, { internal_table: 'actors', internal_db_id: me, internal_name_id: 'Aka Me' });
    await refs.link(performer, {
      internal_table: 'actors',
      internal_db_id: sameStash,
      internal_name_id: 'Aka Same Stash',
    });

    const { code, body } = await send(app, 'GET', `/api/actor/akas/${me}`);
    expect(code).toBe(200);
    const akas = ActorAkasResponse.parse(body);
    expect(names(akas.aka_groups)).toHaveLength(1);
    expect(names(akas.aka_groups)[0]).toMatch(/^aka:/);
    expect(names(akas.actors)).toEqual(['Aka Fellow']);
    expect(names(akas.possible_akas)).toEqual(['Aka Alias Name', 'Aka Same Stash']);
    expect(akas.actors?.[0]).toMatchObject({ scenes: [], aka_groups: null });

    // The group's pseudo-actor answers its members.
    const groupId = akas.aka_groups?.[0]?.id ?? 0;
    const group = ActorAkasResponse.parse((await send(app, 'GET', `/api/actor/akas/${groupId}`)).body);
    expect(group).toMatchObject({ aka_groups: [], possible_akas: [] });
    expect(names(group.actors)).toEqual(['Aka Fellow', 'Aka Me']);
  });

  it('gives every listed actor its non-hidden scenes newest first, or none with with_scenes=false', async () => {
    const { make, app } = ctx;
    const me = await make.actor('Scenes Me');
    const fellow = await make.actor('Scenes Fellow');
    const older = await make.scene({ title: 'Older', release_date: '2020-01-01T00:00:00Z' });
    const newer = await make.scene({ title: 'Newer', release_date: '2023-01-01T00:00:00Z' });
    const hidden = await make.scene({ title: 'Hidden', release_date: '2024-01-01T00:00:00Z', is_hidden: 1 });
    for (const scene of [older, newer, hidden]) await make.cast(scene, fellow);
    await akaGroup('Scenes Me', 'Scenes Fellow');

    const akas = ActorAkasResponse.parse((await send(app, 'GET', `/api/actor/akas/${me}`)).body);
    const listed = akas.actors?.find((actor) => actor.id === fellow);
    expect(listed?.scenes?.map((scene) => scene.title)).toEqual(['Newer', 'Older']);
    for (const actor of [...(akas.aka_groups ?? []), ...(akas.actors ?? []), ...(akas.possible_akas ?? [])]) {
      expect(Array.isArray(actor.scenes)).toBe(true);
    }

    const lean = ActorAkasResponse.parse(
      (await send(app, 'GET', `/api/actor/akas/${me}?with_scenes=false`)).body,
    );
    expect(lean.actors?.find((actor) => actor.id === fellow)?.scenes).toEqual([]);
  });

  it('answers empty lists for a lone actor and 404 for an unknown one', async () => {
    const alone = await ctx.make.actor('Aka Alone');
    expect(await send(ctx.app, 'GET', `/api/actor/akas/${alone}`)).toEqual({
      code: 200,
      body: { aka_groups: [], actors: [], possible_akas: [] },
    });
    expect((await send(ctx.app, 'GET', '/api/actor/akas/999999')).code).toBe(404);
  });
});

describe('GET /api/actor/extrefs/{id} and POST /api/actor/edit_extrefs/{id}', () => {
  const stash = 'https://stashdb.org/performers/0b7c7b39-0000-4000-8000-000000000001';
  const slr = 'https://www.sexlikereal.com/pornstars/someone-123';
  const other = 'https://www.example.com/model/x';

  it('creates links with the source from the domain and answers them with their references', async () => {
    const id = await ctx.make.actor('Extref Actor');
    const { code, body } = await send(ctx.app, 'POST', `/api/actor/edit_extrefs/${id}`, [stash, slr, other]);
    expect(code).toBe(200);
    const links = ExternalReferenceLinkList.parse(body);
    expect(
      links.map((link) => [link.external_source, link.external_id, link.external_reference.external_url]),
    ).toEqual([
      ['stashdb performer', '0b7c7b39-0000-4000-8000-000000000001', stash],
      ['slr scrape', slr, slr],
      ['example scrape', other, other],
    ]);
    expect(links[0]).toMatchObject({
      internal_table: 'actors',
      internal_db_id: id,
      internal_name_id: 'Extref Actor',
      match_type: 0,
      external_reference: { xbvr_links: null, external_source: 'stashdb performer' },
    });
    expect((await send(ctx.app, 'GET', `/api/actor/extrefs/${id}`)).body).toEqual(body);
  });

  it('deletes the links missing from the array and keeps the others as they were', async () => {
    const id = await ctx.make.actor('Extref Trimmed');
    const first = ExternalReferenceLinkList.parse(
      (await send(ctx.app, 'POST', `/api/actor/edit_extrefs/${id}`, [stash, other])).body,
    );
    const { body } = await send(ctx.app, 'POST', `/api/actor/edit_extrefs/${id}`, [other, slr]);
    const second = ExternalReferenceLinkList.parse(body);
    expect(second.map((link) => link.external_source)).toEqual(['example scrape', 'slr scrape']);
    expect(second[0]?.id).toBe(first[1]?.id);
    // The StashDB reference is shared with the first actor: it is reused, not duplicated.
    const references = await ctx.app.database.db
      .selectFrom('external_references')
      .select('id')
      .where('external_id', '=', '0b7c7b39-0000-4000-8000-000000000001')
      .execute();
    expect(references).toHaveLength(1);
    const cleared = await send(ctx.app, 'POST', `/api/actor/edit_extrefs/${id}`, []);
    expect(cleared).toEqual({ code: 200, body: [] });
  });

  it('answers 400 for a non-URL entry and 404 for an unknown actor', async () => {
    const id = await ctx.make.actor('Extref Invalid');
    expect((await send(ctx.app, 'POST', `/api/actor/edit_extrefs/${id}`, ['not a url'])).code).toBe(400);
    expect((await send(ctx.app, 'POST', '/api/actor/edit_extrefs/999999', [other])).code).toBe(404);
    expect((await send(ctx.app, 'GET', '/api/actor/extrefs/999999')).code).toBe(404);
  });
});
