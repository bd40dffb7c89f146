import type { TagGroupResponse } from '@fovea/contract';
import { ApiError } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { TagGroupRepository } from '../../src/repositories/tag-group.repository';
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

async function tagged(...tagLists: string[][]) {
  for (const tags of tagLists) await make.tagScene(await make.scene(), ...tags);
}

const names = (answer: TagGroupResponse) => answer.tag_group.tags?.map((tag) => tag.name);

/** Everything the tag group calls write, to compare before and after a refused or failed call. */
async function snapshot() {
  const db = app.database.db;
  return {
    groups: await db.selectFrom('tag_groups').selectAll().orderBy('id').execute(),
    members: await db
      .selectFrom('tag_group_tags')
      .selectAll()
      .orderBy('tag_group_id')
      .orderBy('tag_id')
      .execute(),
    tags: await db.selectFrom('tags').selectAll().orderBy('id').execute(),
  };
}

describe('POST /api/tag_group/add', () => {
  it('adds tags and refreshes the pseudo-tag count', async () => {
    await tagged(['a-one'], ['a-two'], ['a-two', 'a-three'], ['a-three']);
    const created = await call('create', { name: 'A group', tagList: ['a-one'] });
    expect(created.tag_group.tag_group_tag.count).toBe(1);

    const answer = await call('add', { tagList: ['tag group:A group', 'a-two', '&a-three'] });

    expect(answer.status).toBe('');
    expect(names(answer)).toEqual(['a-one', 'a-three', 'a-two']);
    expect(answer.tag_group.tag_group_tag.count).toBe(4);
    expect(answer.tag_group.id).toBe(created.tag_group.id);
  });

  it('skips unknown tags, group entries and members with comma-joined warnings', async () => {
    await tagged(['w-one', 'w-two']);
    await call('create', { name: 'W group', tagList: ['w-one'] });

    const answer = await call('add', { tagList: ['tag group:W group', 'w-one', 'w-nope', 'w-two'] });

    expect(answer.status).toBe('Tag w-nope not found, Tag w-one is already in the group');
    expect(names(answer)).toEqual(['w-one', 'w-two']);
  });

  it('answers the group unchanged with warnings when nothing can be added', async () => {
    await tagged(['x-one']);
    const created = await call('create', { name: 'X group', tagList: ['x-one'] });
    expect(await call('add', { tagList: ['tag group:X group', 'x-missing'] })).toEqual({
      status: 'Tag x-missing not found',
      tag_group: created.tag_group,
    });
  });

  it('needs exactly one known group entry', async () => {
    await tagged(['y-one']);
    await call('create', { name: 'Y one', tagList: ['y-one'] });
    await call('create', { name: 'Y two', tagList: ['y-one'] });
    const before = await snapshot();

    expect(await call('add', { tagList: ['y-one', 'y-two'] })).toEqual({
      status: 'Error: name exactly one tag group',
      tag_group: ZERO_GROUP,
    });
    expect(await call('add', { tagList: ['tag group:Y one', 'tag group:Y two', 'y-one'] })).toEqual({
      status: 'Error: name exactly one tag group',
      tag_group: ZERO_GROUP,
    });
    expect(await call('add', { tagList: ['tag group:Y none', 'y-one'] })).toEqual({
      status: 'Tag Group Not Found',
      tag_group: ZERO_GROUP,
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ tagList: ['tag group:x'] }, 'body.tagList: name the group and at least one tag'],
    [{}, 'body.tagList'],
  ])('answers 400 for %j', async (payload, message) => {
    for (const path of ['add', 'remove']) {
      const { code, body } = await post(`/api/tag_group/${path}`, payload);
      expect(code).toBe(400);
      expect(ApiError.parse(body).message).toContain(message);
    }
  });
});

describe('POST /api/tag_group/remove', () => {
  it('removes tags and refreshes the pseudo-tag count, warning about tags not in the group', async () => {
    await tagged(['m-one'], ['m-two'], ['m-three', 'm-one'], ['m-other']);
    await call('create', { name: 'M group', tagList: ['m-one', 'm-two', 'm-three'] });

    const answer = await call('remove', {
      tagList: ['tag group:M group', '!m-two', 'm-three', 'm-other', 'm-nope'],
    });

    expect(answer.status).toBe('Tag m-nope not found, Tag m-other is not in the group');
    expect(names(answer)).toEqual(['m-one']);
    expect(answer.tag_group.tag_group_tag.count).toBe(2);
  });

  it('refuses to remove the last tags and changes nothing', async () => {
    await tagged(['o-one', 'o-two']);
    const created = await call('create', { name: 'O group', tagList: ['o-one', 'o-two'] });
    const before = await snapshot();

    expect(await call('remove', { tagList: ['tag group:O group', 'o-one', 'o-two'] })).toEqual({
      status: 'Error: a tag group needs at least one tag; delete the group instead',
      tag_group: created.tag_group,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers "Tag Group Not Found" for an unknown group', async () => {
    expect(await call('remove', { tagList: ['tag group:nothing here', 'o-one'] })).toEqual({
      status: 'Tag Group Not Found',
      tag_group: ZERO_GROUP,
    });
  });
});

describe('TagGroupRepository read API for the scene list', () => {
  it('refreshCounts follows scenes tagged later, for one group or all', async () => {
    await tagged(['h-one']);
    const created = await call('create', { name: 'H group', tagList: ['h-one'] });
    expect(created.tag_group.tag_group_tag.count).toBe(1);
    await tagged(['h-one'], ['h-one']);
    const repo = new TagGroupRepository(app.database.db);
    const count = async () =>
      (
        await app.database.db
          .selectFrom('tags')
          .select('count')
          .where('id', '=', created.tag_group.tag_group_tag_id)
          .executeTakeFirstOrThrow()
      ).count;

    await repo.refreshCounts([created.tag_group.id + 1000]);
    expect(await count()).toBe(1);
    await repo.refreshCounts([created.tag_group.id]);
    expect(await count()).toBe(3);
    await tagged(['h-one']);
    await repo.refreshCounts();
    expect(await count()).toBe(4);
  });
});

describe('a failing write changes nothing', () => {
  async function withTrigger(sql: string, run: () => Promise<void>) {
    app.database.sqlite.exec(sql);
    try {
      await run();
    } finally {
      app.database.sqlite.exec('DROP TRIGGER IF EXISTS fail_write');
    }
  }

  it('create: the group, its pseudo-tag and members all stay unwritten', async () => {
    await tagged(['f-one']);
    const before = await snapshot();
    await withTrigger(
      `CREATE TRIGGER fail_write BEFORE INSERT ON tag_group_tags BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      async () => {
        const { code } = await post('/api/tag_group/create', { name: 'F group', tagList: ['f-one'] });
        expect(code).toBe(500);
      },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('rename and delete: the group keeps its name and pseudo-tag', async () => {
    await tagged(['v-one']);
    await call('create', { name: 'V group', tagList: ['v-one'] });
    const before = await snapshot();
    await withTrigger(
      `CREATE TRIGGER fail_write BEFORE UPDATE OF name ON tags BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      async () => {
        const { code } = await post('/api/tag_group/rename', {
          name: 'V new',
          tagList: ['tag group:V group'],
        });
        expect(code).toBe(500);
      },
    );
    await withTrigger(
      `CREATE TRIGGER fail_write BEFORE DELETE ON tags BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      async () => {
        const { code } = await post('/api/tag_group/delete', { name: 'tag group:V group' });
        expect(code).toBe(500);
      },
    );
    expect(await snapshot()).toEqual(before);
  });
});
