import { ApiError, MAX_LIST_LIMIT, SceneListResponse } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listScenes } from './scene-list-client';

/* Input checks of POST /api/scene/list: 400 {error, message, issues} naming the field and the rule. */

let app: FoveaApp;
let sceneId: number;

beforeAll(async () => {
  app = await createTestApp();
  sceneId = await libraryFactory(app.database.db).scene({ site: 'Alpha' });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function refused(body: unknown) {
  const response = await app.http.inject({ method: 'POST', url: '/api/scene/list', payload: body as object });
  expect(response.statusCode, response.body).toBe(400);
  const answer = ApiError.parse(response.json());
  expect(answer.error).toBe('Bad Request');
  return answer;
}

describe('refused requests', () => {
  it.each([
    ['an unknown sort', { sort: 'name_asc' }, ['body', 'sort']],
    ['an unknown dlState', { dlState: 'downloading' }, ['body', 'dlState']],
    ['a negative offset', { offset: -1 }, ['body', 'offset']],
    ['a fractional offset', { offset: 1.5 }, ['body', 'offset']],
    ['limit 0', { limit: 0 }, ['body', 'limit']],
    [`limit ${MAX_LIST_LIMIT + 1}`, { limit: MAX_LIST_LIMIT + 1 }, ['body', 'limit']],
    ['an unknown list', { lists: ['favorites'] }, ['body', 'lists', 0]],
    ['a negative volume', { volume: -1 }, ['body', 'volume']],
    ['isWatched as text', { isWatched: 'yes' }, ['body', 'isWatched']],
    ['isAvailable as a number', { isAvailable: 1 }, ['body', 'isAvailable']],
    ['tags that are not a list', { tags: 'blonde' }, ['body', 'tags']],
    ['a cast entry that is not text', { cast: [42] }, ['body', 'cast', 0]],
  ])('%s', async (_what, body, path) => {
    const answer = await refused(body);
    expect(answer.issues?.map((issue) => issue.path)).toEqual([path]);
    expect(answer.message).toContain(`${path.join('.')}: `);
  });

  it.each(['2024-13', '2024-00', '2024-1', '202401', '2024-01-05', 'May 2024'])(
    'a release month "%s", with "use the format yyyy-mm"',
    async (releaseMonth) => {
      const answer = await refused({ releaseMonth });
      expect(answer.issues).toEqual([
        expect.objectContaining({ path: ['body', 'releaseMonth'], message: 'use the format yyyy-mm' }),
      ]);
      expect(answer.message).toBe('Invalid input. body.releaseMonth: use the format yyyy-mm');
    },
  );

  it('an & entry in sites, with "this filter takes only the ! prefix"', async () => {
    const answer = await refused({ sites: ['Alpha', '&Beta'] });
    expect(answer.issues).toEqual([
      expect.objectContaining({
        path: ['body', 'sites', 1],
        message: 'this filter takes only the ! prefix',
      }),
    ]);
  });

  it.each([
    ['tags', ''],
    ['tags', '&'],
    ['cast', '!'],
    ['cuepoint', ''],
    ['attributes', '&'],
    ['sites', ''],
    ['sites', '!'],
  ])('an empty %s entry "%s", with "an empty filter entry"', async (field, entry) => {
    const answer = await refused({ [field]: ['fine', entry] });
    expect(answer.issues).toEqual([
      expect.objectContaining({ path: ['body', field, 1], message: 'an empty filter entry' }),
    ]);
    expect(answer.message).toBe(`Invalid input. body.${field}.1: an empty filter entry`);
  });

  it('every problem at once', async () => {
    const answer = await refused({ sort: 'x', limit: 0, offset: -5, tags: [''] });
    expect(answer.issues?.map((issue) => issue.path.join('.')).sort()).toEqual([
      'body.limit',
      'body.offset',
      'body.sort',
      'body.tags.0',
    ]);
  });
});

describe('accepted edge values', () => {
  it.each<[string, Record<string, unknown>]>([
    ['limit 1', { limit: 1 }],
    [`limit ${MAX_LIST_LIMIT}`, { limit: MAX_LIST_LIMIT }],
    ['an empty release month', { releaseMonth: '' }],
    ['null flags', { isAvailable: null, isAccessible: null, isWatched: null, isHidden: null }],
    ['a card size and isHidden (UI only)', { cardSize: '2', isHidden: false }],
    ['an old numeric card size', { cardSize: 3 }],
    ['an unknown key', { someUiState: true }],
    ['an exclusion of a name that is a prefix character', { cast: ['!!'] }],
  ])('%s', async (_what, body) => {
    const response = await app.http.inject({ method: 'POST', url: '/api/scene/list', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const answer = SceneListResponse.parse(response.json());
    expect(answer.count_any).toBe(1);
    expect(answer.scenes.map((scene) => scene.id)).toEqual([sceneId]);
  });

  it('reads only the first character as the prefix: "&&" must have the tag "&"', async () => {
    expect((await listScenes(app, { tags: ['&&'] })).count_any).toBe(0);
    await libraryFactory(app.database.db).tagScene(sceneId, '&');
    expect((await listScenes(app, { tags: ['&&'] })).count_any).toBe(1);
    expect((await listScenes(app, { tags: ['!&'] })).count_any).toBe(0);
  });
});
