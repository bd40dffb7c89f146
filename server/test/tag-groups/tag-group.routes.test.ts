import { ApiError, TagGroup, TagGroupList, TagGroupResponse } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { postJson } from '../helpers/inject-json';
import { createTestApp } from '../helpers/test-app';
import { tagGroupCall, ZERO_GROUP } from './tag-group-client';

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

const post = (url: string, payload: unknown) => postJson(app, url, payload);

const call = (path: string, payload: unknown) => tagGroupCall(app, path, payload);

async function get(entry: string) {
  const response = await app.http.inject({ method: 'GET', url: `/api/tag_group/${entry}` });
  expect(response.statusCode, response.body).toBe(200);
  return TagGroupResponse.parse(response.json());
}

/** Scenes tagged with the given tags. */
async function tagged(...tagLists: string[][]) {
  for (const tags of tagLists) await make.tagScene(await make.scene(), ...tags);
}

async function tagRow(name: string) {
  return app.database.db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst();
}

async function groupCount() {
  const row = await app.database.db
    .selectFrom('tag_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/tag_group/create', () => {
  it('creates the group, its "tag group:<name>" pseudo-tag counting the distinct scenes, and answers it', async () => {
    await tagged(['c-anal sex', 'c-blowjob'], ['c-blowjob'], ['c-pov'], ['c-anal sex']);

    const answer = await call('create', { name: 'Oral and more', tagList: ['c-blowjob', 'c-anal sex'] });

    expect(answer.status).toBe('');
    const pseudo = await tagRow('tag group:Oral and more');
    expect(pseudo).toMatchObject({ is_tag_group: 1, count: 3 });
    expect(answer.tag_group).toEqual({
      id: expect.any(Number) as number,
      name: 'Oral and more',
      tag_group_tag_id: pseudo?.id,
      tag_group_tag: { id: pseudo?.id, scenes: null, name: 'tag group:Oral and more', clean: '', count: 3 },
      tags: [
        { id: (await tagRow('c-anal sex'))?.id, scenes: null, name: 'c-anal sex', clean: '', count: 0 },
        { id: (await tagRow('c-blowjob'))?.id, scenes: null, name: 'c-blowjob', clean: '', count: 0 },
      ],
    });
    const onScenes = await app.database.db
      .selectFrom('scene_tags')
      .selectAll()
      .where('tag_id', '=', pseudo?.id ?? -1)
      .execute();
    expect(onScenes).toEqual([]);
  });

  it('ignores filter prefixes and duplicates, and skips group entries with a warning', async () => {
    await tagged(['p-one', 'p-two']);
    await call('create', { name: 'P base', tagList: ['p-one'] });

    const answer = await call('create', {
      name: 'P mixed',
      tagList: ['&p-one', '!p-two', 'p-one', 'tag group:P base'],
    });

    expect(answer.status).toBe('tag group:P base is a tag group and cannot be in a tag group');
    expect(answer.tag_group.tags?.map((tag) => tag.name)).toEqual(['p-one', 'p-two']);
    expect(answer.tag_group.tag_group_tag.count).toBe(1);
  });

  it('creates nothing when a tag does not exist', async () => {
    await tagged(['u-real']);
    const before = await groupCount();

    const answer = await call('create', { name: 'U group', tagList: ['u-real', 'u-missing', 'u-gone'] });

    expect(answer).toEqual({
      status: 'Error: Tag u-missing not found, Tag u-gone not found',
      tag_group: ZERO_GROUP,
    });
    expect(await groupCount()).toBe(before);
    expect(await tagRow('tag group:U group')).toBeUndefined();
  });

  it('creates nothing when only group entries are listed', async () => {
    await tagged(['g-one']);
    await call('create', { name: 'G base', tagList: ['g-one'] });

    const answer = await call('create', {
      name: 'G other',
      tagList: ['tag group:G base', 'tag group:G none'],
    });

    expect(answer).toEqual({
      status:
        'Error: tag group:G base is a tag group and cannot be in a tag group, ' +
        'tag group:G none is a tag group and cannot be in a tag group, a tag group needs at least one tag',
      tag_group: ZERO_GROUP,
    });
    expect(await tagRow('tag group:G other')).toBeUndefined();
  });

  it('refuses a name that a group, a leftover group tag or a tag already has', async () => {
    await tagged(['n-tag']);
    await call('create', { name: 'N taken', tagList: ['n-tag'] });
    await make.tag('tag group:N leftover');
    const before = await groupCount();

    expect(await call('create', { name: 'N taken', tagList: ['n-tag'] })).toEqual({
      status: 'Error: Tag Group N taken already exists',
      tag_group: ZERO_GROUP,
    });
    expect(await call('create', { name: 'N leftover', tagList: ['n-tag'] })).toEqual({
      status: 'Error: Tag Group N leftover already exists',
      tag_group: ZERO_GROUP,
    });
    expect(await call('create', { name: 'n-tag', tagList: ['n-tag'] })).toEqual({
      status: 'Error: Tag n-tag already exists',
      tag_group: ZERO_GROUP,
    });
    expect(await groupCount()).toBe(before);
  });

  it('trims the name', async () => {
    await tagged(['t-trim']);
    const answer = await call('create', { name: '  Trimmed  ', tagList: ['t-trim'] });
    expect(answer.tag_group.name).toBe('Trimmed');
    expect(answer.tag_group.tag_group_tag.name).toBe('tag group:Trimmed');
  });

  it.each([
    [{ tagList: ['a'] }, 'body.name'],
    [{ name: '   ', tagList: ['a'] }, 'body.name: a name is required'],
    [{ name: 'x', tagList: [] }, 'body.tagList: name at least one tag'],
    [{ name: 'x', tagList: [''] }, 'body.tagList.0'],
    [{ name: 'x' }, 'body.tagList'],
  ])('answers 400 for %j', async (payload, message) => {
    const { code, body } = await post('/api/tag_group/create', payload);
    expect(code).toBe(400);
    expect(ApiError.parse(body).message).toContain(message);
  });
});

describe('GET /api/tag_group/list and /api/tag_group/{name}', () => {
  it('lists every group by name with its tags', async () => {
    await tagged(['l-b', 'l-a']);
    await call('create', { name: 'zz list second', tagList: ['l-b'] });
    await call('create', { name: 'ZZ list first', tagList: ['l-b', 'l-a'] });

    const response = await app.http.inject({ method: 'GET', url: '/api/tag_group/list' });

    expect(response.statusCode).toBe(200);
    const groups = TagGroupList.parse(response.json()).filter((group) => group.name.startsWith('ZZ list'));
    expect(groups.map((group) => [group.name, group.tags?.map((tag) => tag.name)])).toEqual([
      ['ZZ list first', ['l-a', 'l-b']],
    ]);
    const all = TagGroupList.parse(response.json()).map((group) => group.name.toLowerCase());
    expect(all).toEqual([...all].sort());
    expect(all.indexOf('zz list first')).toBe(all.indexOf('zz list second') - 1);
  });

  it('finds a group by its entry, encoded or as the web UI sends it, or by its bare name', async () => {
    await tagged(['e-tag']);
    const created = await call('create', { name: 'E: my group', tagList: ['e-tag'] });

    const encoded = await get(encodeURIComponent('tag group:E: my group'));
    expect(encoded).toEqual({ status: '', tag_group: created.tag_group });
    expect(await get('tag group:E:%20my%20group')).toEqual(encoded);
    expect(await get('tag group:E: my group')).toEqual(encoded);
    expect(await get('E:%20my%20group')).toEqual(encoded);
    expect(await get('!tag%20group:E:%20my%20group')).toEqual(encoded);
  });

  it('answers "Tag Group Not Found" with a zero group for an unknown name', async () => {
    expect(await get(encodeURIComponent('tag group:nobody'))).toEqual({
      status: 'Tag Group Not Found',
      tag_group: ZERO_GROUP,
    });
  });
});

describe('POST /api/tag_group/rename', () => {
  it('renames the group and its pseudo-tag', async () => {
    await tagged(['r-one'], ['r-one']);
    const created = await call('create', { name: 'R old', tagList: ['r-one'] });

    const answer = await call('rename', { name: 'R new', tagList: ['tag group:R old'] });

    expect(answer.status).toBe('');
    expect(answer.tag_group).toMatchObject({
      id: created.tag_group.id,
      name: 'R new',
      tag_group_tag_id: created.tag_group.tag_group_tag_id,
      tag_group_tag: { id: created.tag_group.tag_group_tag_id, name: 'tag group:R new', count: 2 },
    });
    expect(await tagRow('tag group:R old')).toBeUndefined();
    expect((await get(encodeURIComponent('tag group:R old'))).status).toBe('Tag Group Not Found');
    expect((await get(encodeURIComponent('tag group:R new'))).tag_group).toEqual(answer.tag_group);
  });

  it('changes nothing when the name stays the same', async () => {
    await tagged(['s-one']);
    const created = await call('create', { name: 'S same', tagList: ['s-one'] });
    expect(await call('rename', { name: 'S same', tagList: ['tag group:S same'] })).toEqual(created);
  });

  it('refuses a taken name and answers the group unchanged', async () => {
    await tagged(['k-one']);
    const mine = await call('create', { name: 'K mine', tagList: ['k-one'] });
    await call('create', { name: 'K other', tagList: ['k-one'] });

    expect(await call('rename', { name: 'K other', tagList: ['tag group:K mine'] })).toEqual({
      status: 'Error: Tag Group K other already exists',
      tag_group: mine.tag_group,
    });
    expect(await call('rename', { name: 'k-one', tagList: ['tag group:K mine'] })).toEqual({
      status: 'Error: Tag k-one already exists',
      tag_group: mine.tag_group,
    });
    expect((await get(encodeURIComponent('tag group:K mine'))).tag_group).toEqual(mine.tag_group);
  });

  it('answers "Tag Group Not Found" for an unknown group', async () => {
    expect(await call('rename', { name: 'whatever', tagList: ['tag group:no such'] })).toEqual({
      status: 'Tag Group Not Found',
      tag_group: ZERO_GROUP,
    });
  });

  it.each([
    [{ name: 'x', tagList: [] }, 'body.tagList: name the group to rename'],
    [{ name: 'x', tagList: ['tag group:a', 'tag group:b'] }, 'body.tagList: name the group to rename'],
    [{ name: ' ', tagList: ['tag group:a'] }, 'body.name: a name is required'],
  ])('answers 400 for %j', async (payload, message) => {
    const { code, body } = await post('/api/tag_group/rename', payload);
    expect(code).toBe(400);
    expect(ApiError.parse(body).message).toContain(message);
  });
});

describe('POST /api/tag_group/delete', () => {
  async function deleted(payload: unknown) {
    const { code, body } = await post('/api/tag_group/delete', payload);
    expect(code, JSON.stringify(body)).toBe(200);
    return TagGroup.parse(body);
  }

  it('deletes by entry, bare name or id, with its pseudo-tag and members, and answers the group as it was', async () => {
    await tagged(['d-one', 'd-two']);
    const byEntry = await call('create', { name: 'D entry', tagList: ['d-one', 'd-two'] });
    const byName = await call('create', { name: 'D name', tagList: ['d-one'] });
    const byId = await call('create', { name: 'D id', tagList: ['d-two'] });

    expect(await deleted({ name: 'tag group:D entry' })).toEqual(byEntry.tag_group);
    expect(await deleted({ name: 'D name' })).toEqual(byName.tag_group);
    expect(await deleted({ tag_group_id: byId.tag_group.id })).toEqual(byId.tag_group);

    for (const answer of [byEntry, byName, byId]) {
      expect(await tagRow(answer.tag_group.tag_group_tag.name)).toBeUndefined();
      const members = await app.database.db
        .selectFrom('tag_group_tags')
        .selectAll()
        .where('tag_group_id', '=', answer.tag_group.id)
        .execute();
      expect(members).toEqual([]);
    }
    expect(await tagRow('d-one')).toBeDefined();
    expect((await get(encodeURIComponent('tag group:D entry'))).status).toBe('Tag Group Not Found');
  });

  it('answers 404 for an unknown group', async () => {
    const byName = await post('/api/tag_group/delete', { name: 'tag group:missing' });
    expect(byName.code).toBe(404);
    expect(byName.body).toEqual({ error: 'Not Found', message: 'Tag group tag group:missing not found' });
    const byId = await post('/api/tag_group/delete', { tag_group_id: 999999 });
    expect(byId.code).toBe(404);
    expect(byId.body).toEqual({ error: 'Not Found', message: 'Tag group 999999 not found' });
  });

  it('answers 400 without a name or id', async () => {
    const { code, body } = await post('/api/tag_group/delete', {});
    expect(code).toBe(400);
    expect(ApiError.parse(body).message).toContain('give name or tag_group_id');
  });
});
