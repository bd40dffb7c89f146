import { ActorAkasResponse, ActorListResponse } from '@fovea/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { extrefFactory } from '../factories/extref.factory';
import { send, useActorApp } from './actor-test-context';

/*
 * "Possible Aka": another plain actor linked to the same StashDB performer, or named like one of the actor's
 * aliases (any case), not already grouped with it. The list attribute and the akas call follow one rule.
 */

const ctx = useActorApp();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { make, app } = ctx;
  const refs = extrefFactory(app.database.db);
  const add = async (name: string, values: { aliases?: string } = {}) => {
    ids[name] = await make.actor(name, values);
  };
  await add('Pa Alias Owner', { aliases: '["pa alias target", "Nobody Here"]' });
  await add('Pa Alias Target');
  await add('Pa Stash One');
  await add('Pa Stash Two');
  await add('Pa Scrape One');
  await add('Pa Scrape Two');
  await add('Pa Grouped One', { aliases: '["Pa Grouped Two"]' });
  await add('Pa Grouped Two');
  await add('Pa Names Group', { aliases: '["aka:Pa Grouped One,Pa Grouped Two"]' });
  await add('Pa Lonely', { aliases: '["Pa Lonely", "not json"]' });
  const link = async (reference: number, name: string) =>
    refs.link(reference, {
      internal_table: 'actors',
      internal_db_id: ids[name] ?? 0,
      internal_name_id: name,
    });
  const performer = await refs.reference({ external_source: 'stashdb performer', external_id: 'pa-1' });
  await link(performer, 'Pa Stash One');
  await link(performer, 'Pa Stash Two');
  const scrape = await refs.reference({ external_source: 'slr scrape', external_id: 'pa-slr' });
  await link(scrape, 'Pa Scrape One');
  await link(scrape, 'Pa Scrape Two');
  const grouped = await refs.reference({ external_source: 'stashdb performer', external_id: 'pa-2' });
  await link(grouped, 'Pa Grouped One');
  await link(grouped, 'Pa Grouped Two');
  const { code } = await send(app, 'POST', '/api/aka/create', {
    actorList: ['Pa Grouped One', 'Pa Grouped Two'],
  });
  expect(code).toBe(200);
});

async function possibleAkasOf(name: string): Promise<string[]> {
  const { code, body } = await send(ctx.app, 'GET', `/api/actor/akas/${ids[name] ?? 0}`);
  expect(code).toBe(200);
  return (ActorAkasResponse.parse(body).possible_akas ?? []).map((actor) => actor.name);
}

describe('Possible Aka', () => {
  it('the akas call names the actors that may be the same person', async () => {
    expect(await possibleAkasOf('Pa Alias Owner')).toEqual(['Pa Alias Target']);
    // The alias rule goes one way: the target has no alias naming the owner.
    expect(await possibleAkasOf('Pa Alias Target')).toEqual([]);
    expect(await possibleAkasOf('Pa Stash One')).toEqual(['Pa Stash Two']);
    expect(await possibleAkasOf('Pa Stash Two')).toEqual(['Pa Stash One']);
    // A shared profile scraper reference is no evidence; grouped actors are already known; a pseudo-actor's
    // name in the aliases and the actor's own name are not other actors.
    expect(await possibleAkasOf('Pa Scrape One')).toEqual([]);
    expect(await possibleAkasOf('Pa Grouped One')).toEqual([]);
    expect(await possibleAkasOf('Pa Names Group')).toEqual([]);
    expect(await possibleAkasOf('Pa Lonely')).toEqual([]);
  });

  it('the list attribute keeps exactly the actors with possible akas', async () => {
    const { code, body } = await send(ctx.app, 'POST', '/api/actor/list', {
      attributes: ['Possible Aka'],
      limit: 100,
      with_scenes: false,
    });
    expect(code).toBe(200);
    const listed = ActorListResponse.parse(body).actors.map((actor) => actor.name);
    expect(listed).toEqual(['Pa Alias Owner', 'Pa Stash One', 'Pa Stash Two']);
    for (const name of Object.keys(ids)) {
      expect(listed.includes(name), name).toBe((await possibleAkasOf(name)).length > 0);
    }

    const excluded = await send(ctx.app, 'POST', '/api/actor/list', {
      attributes: ['!Possible Aka'],
      cast: Object.keys(ids),
      limit: 100,
    });
    const rest = ActorListResponse.parse(excluded.body).actors.map((actor) => actor.name);
    expect(rest).toHaveLength(Object.keys(ids).length - 3);
    expect(rest).not.toContain('Pa Alias Owner');
  });
});
