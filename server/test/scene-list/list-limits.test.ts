import {
  MAX_FILTER_CAST,
  MAX_FILTER_SITES,
  MAX_FILTER_TAGS,
  MAX_FILTER_TERMS,
  MAX_NAME_LENGTH,
  SCENE_ATTRIBUTES,
  type SceneListRequestInput,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listIds, NamedScenes } from './scene-list-client';

/*
 * List filters at the contract's bounds: lists longer than a few entries are matched as sets read from one
 * JSON parameter (list-sets.ts), so the longest accepted lists answer 200 with the same scenes as the short
 * form would, and one entry more is refused with 400. (Issue 19: 1,000 cuepoint terms or 33,000 sites made
 * SQLite fail with "Expression tree is too large" or "too many SQL variables".)
 */

let app: FoveaApp;
const scenes = new NamedScenes();

const range = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i));
/** `n` entries: the given ones, then unknown names up to the count. */
const padded = (n: number, entries: string[], prefix = '') => [
  ...entries,
  ...range(n - entries.length, (i) => `${prefix}unknown entry ${i}`),
];

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  const volume = await make.volume();
  const actors = await Promise.all(range(40, (i) => `Actor ${i}`).map((name) => make.actor(name)));
  const scene = async (
    name: string,
    values: { site: string; favourite: number; tags: number; cast: number; cuepoints: string[] },
    files: { video_width: number; video_codec_name: string }[],
  ) => {
    const id = scenes.add(
      name,
      await make.scene({ title: name, site: values.site, favourite: values.favourite }),
    );
    await make.tagScene(id, ...range(values.tags, (i) => `t${i}`));
    for (const actor of actors.slice(0, values.cast)) await make.cast(id, actor);
    let time = 10;
    for (const cuepoint of values.cuepoints) {
      await make.cuepoint(id, null, { name: cuepoint, time_start: time });
      time += 10;
    }
    for (const file of files) await make.file({ volume_id: volume, scene_id: id, ...file });
  };
  await scene(
    's1',
    { site: 'Site A', favourite: 1, tags: 40, cast: 40, cuepoints: ['standing-blowjob', 'sitting-cowgirl'] },
    [
      { video_width: 4000, video_codec_name: 'hevc' },
      { video_width: 8000, video_codec_name: 'h264' },
    ],
  );
  await scene('s2', { site: 'Site B', favourite: 0, tags: 39, cast: 39, cuepoints: ['standing'] }, [
    { video_width: 4000, video_codec_name: 'hevc' },
  ]);
  await scene('s3', { site: 'Site C', favourite: 0, tags: 0, cast: 0, cuepoints: [] }, [
    { video_width: 8000, video_codec_name: 'av1' },
  ]);
  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function matching(body: SceneListRequestInput): Promise<string[]> {
  return scenes.nameSet(
    await listIds(app, { dlState: 'any', isAvailable: null, isAccessible: null, ...body }),
  );
}

async function refused(body: Record<string, unknown>): Promise<string> {
  const response = await app.http.inject({ method: 'POST', url: '/api/scene/list', payload: body });
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ message: string }>().message;
}

const codecs = (n: number, prefix = '') => range(n, (i) => `${prefix}Codec unknown-${i}`);
const must = (names: string[]) => names.map((name) => `&${name}`);
const tags = (n: number) => range(n, (i) => `t${i}`);
const cast = (n: number) => range(n, (i) => `Actor ${i}`);

describe('sites', () => {
  it.each<[string, string[], string[]]>([
    ['a site among the most sites', padded(MAX_FILTER_SITES, ['Site A']), ['s1']],
    ['the most sites excluded', padded(MAX_FILTER_SITES, ['!Site A', '!Site B'], '!'), ['s3']],
  ])('%s', async (_what, sites, expected) => {
    expect(await matching({ sites })).toEqual(expected);
  });

  it('refuses one site more', async () => {
    expect(await refused({ sites: padded(MAX_FILTER_SITES + 1, []) })).toContain('sites');
  });
});

describe('tags and cast', () => {
  it.each<[string, SceneListRequestInput, string[]]>([
    ['a tag among the most tags', { tags: padded(MAX_FILTER_TAGS, ['t39']) }, ['s1']],
    ['the most tags excluded', { tags: padded(MAX_FILTER_TAGS, ['!t39'], '!') }, ['s2', 's3']],
    ['40 must-have tags', { tags: must(tags(40)) }, ['s1']],
    ['three must-have tags', { tags: must(tags(3)) }, ['s1', 's2']],
    ['39 must-have tags', { tags: must(tags(39)) }, ['s1', 's2']],
    ['must-have tags with an unknown one', { tags: [...must(tags(39)), '&nowhere'] }, []],
    ['an actor among the most cast entries', { cast: padded(MAX_FILTER_CAST, ['Actor 39']) }, ['s1']],
    ['the most cast entries excluded', { cast: padded(MAX_FILTER_CAST, ['!Actor 39'], '!') }, ['s2', 's3']],
    ['40 must-have actors', { cast: must(cast(40)) }, ['s1']],
    ['39 must-have actors', { cast: must(cast(39)) }, ['s1', 's2']],
    ['must-have actors, one of them twice', { cast: [...must(cast(39)), '&Actor 0'] }, ['s1', 's2']],
  ])('%s', async (_what, body, expected) => {
    expect(await matching(body)).toEqual(expected);
  });

  it('refuses one tag or actor more', async () => {
    expect(await refused({ tags: padded(MAX_FILTER_TAGS + 1, []) })).toContain('tags');
    expect(await refused({ cast: padded(MAX_FILTER_CAST + 1, []) })).toContain('cast');
  });
});

/** Must-have values that every name containing "standing" satisfies. */
const STANDING = ['stand', 'standi', 'standin', 'standing', 'st*', 's*g', '*ing', '*tand*', 'STANDING'];

describe('cuepoints', () => {
  it.each<[string, string[], string[]]>([
    ['a value among the most terms', padded(MAX_FILTER_TERMS, ['blowjob']), ['s1']],
    ['the most terms excluded', padded(MAX_FILTER_TERMS, ['!blowjob'], '!'), ['s2', 's3']],
    ['any cuepoint among the most terms', padded(MAX_FILTER_TERMS, ['*']), ['s1', 's2']],
    ['many must-have values of one name', must(STANDING), ['s1', 's2']],
    ['many must-have values of two names', must([...STANDING, 'cowgirl', '"sitting-cowgirl"']), ['s1']],
    ['many must-have values with one unmatched', must([...STANDING, 'nothing-like-it']), []],
    ['an exact name among many', padded(20, ['"standing"']), ['s2']],
    ['a value with LIKE characters among many', padded(20, ['stand_ng', '100%']), []],
  ])('%s', async (_what, cuepoint, expected) => {
    expect(await matching({ cuepoint })).toEqual(expected);
  });

  it(`takes a value of ${MAX_NAME_LENGTH} characters`, async () => {
    expect(await matching({ cuepoint: ['s'.repeat(MAX_NAME_LENGTH)] })).toEqual([]);
    expect(await matching({ cuepoint: padded(20, ['*'.repeat(MAX_NAME_LENGTH)]) })).toEqual(['s1', 's2']);
  });

  it('refuses one term more, or a longer value', async () => {
    expect(await refused({ cuepoint: padded(MAX_FILTER_TERMS + 1, []) })).toContain('cuepoint');
    expect(await refused({ cuepoint: ['s'.repeat(MAX_NAME_LENGTH + 1)] })).toContain('cuepoint');
  });
});

describe('attributes', () => {
  it.each<[string, string[], string[]]>([
    ['a flag among the most terms', ['Is Favourite', ...codecs(MAX_FILTER_TERMS - 1)], ['s1']],
    ['the most terms excluded', ['!Is Favourite', ...codecs(MAX_FILTER_TERMS - 1, '!')], ['s2', 's3']],
    ['codecs, any of them', ['Codec av1', 'Codec h264', 'Codec nope'], ['s1', 's3']],
    ['a codec among many', ['Codec av1', ...codecs(20)], ['s3']],
    ['resolutions among many codecs', ['Resolution 4K', ...codecs(20)], ['s1', 's2']],
    ['a codec among many excluded', ['!Codec av1', ...codecs(20, '!')], ['s1', 's2']],
    ['two must-have resolutions (two files)', ['&Resolution 4K', '&Resolution 8K'], ['s1']],
    ['must-have codecs and a resolution', ['&Codec hevc', '&Codec h264', '&Resolution 4K'], ['s1']],
    ['a must-have codec', ['&Codec hevc'], ['s1', 's2']],
    ['excluded codecs', ['!Codec hevc', '!Codec av1'], []],
    ['a must-have codec named twice', ['&Codec hevc', '&Codec hevc', 'Codec hevc'], ['s1', 's2']],
  ])('%s', async (_what, attributes, expected) => {
    expect(await matching({ attributes })).toEqual(expected);
  });

  it('takes every attribute at once, as plain, must-have and excluded entries', async () => {
    for (const prefix of ['', '&', '!']) {
      const attributes = SCENE_ATTRIBUTES.map((name) => `${prefix}${name}`);
      await matching({ attributes });
    }
  });

  it('refuses one term more', async () => {
    expect(await refused({ attributes: codecs(MAX_FILTER_TERMS + 1) })).toContain('attributes');
  });
});

describe('every list at its bound at once', () => {
  const half = (n: number, entries: (i: number) => string) => [
    ...range(n / 2, (i) => `&${entries(i)}`),
    ...range(n / 2, (i) => `!${entries(i + n)}`),
  ];

  it('answers, with every kind of prefix', async () => {
    const body: SceneListRequestInput = {
      sites: padded(MAX_FILTER_SITES, ['Site A'], '!'),
      tags: half(MAX_FILTER_TAGS, (i) => `t${i % 40}${i >= 40 ? ` ${i}` : ''}`),
      cast: half(MAX_FILTER_CAST, (i) => `Actor ${i}`),
      cuepoint: half(MAX_FILTER_TERMS, (i) => `term ${i}*`),
      attributes: [
        ...SCENE_ATTRIBUTES.map((name) => `&${name}`),
        ...codecs(MAX_FILTER_TERMS - SCENE_ATTRIBUTES.length, '!'),
      ],
      sort: 'title_asc',
    };
    expect(await matching(body)).toEqual([]);
  });

  it('answers with plain entries only', async () => {
    const body: SceneListRequestInput = {
      sites: padded(MAX_FILTER_SITES, ['Site A', 'Site B']),
      tags: padded(MAX_FILTER_TAGS, ['t5']),
      cast: padded(MAX_FILTER_CAST, ['Actor 3']),
      cuepoint: padded(MAX_FILTER_TERMS, ['standing']),
      attributes: ['Resolution 4K', ...codecs(MAX_FILTER_TERMS - 1)],
    };
    expect(await matching(body)).toEqual(['s1', 's2']);
  });
});
