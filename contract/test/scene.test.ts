import { describe, expect, it } from 'vitest';
import {
  CuepointBody,
  DL_STATE_FLAGS,
  FileListRequest,
  FileMatchBody,
  RateBody,
  Scene,
  SceneCreateBody,
  SceneEditBody,
  SceneFilterState,
  SceneListRequest,
  SceneListResponse,
  SceneSearchResponse,
  SceneToggleBody,
  SCENE_SORT_KEYS,
} from '../src';
import { scene, sceneListBodyJson, sceneToggleBodyJson } from './fixtures/wire-examples';

const listBody = () => JSON.parse(sceneListBodyJson) as Record<string, unknown>;

describe('scene list request', () => {
  it('parses the reference UI body', () => {
    const body = SceneListRequest.parse(listBody());
    expect(body.limit).toBe(80);
    expect(body.cast).toEqual(['&Jane Doe', '!John Roe', 'aka:Ann,Anna']);
    expect(body.cuepoint).toContain('"standing-blowjob"');
    expect(body.isWatched).toBeNull();
  });

  it('fills the wire defaults for an empty body', () => {
    const body = SceneListRequest.parse({});
    expect(body).toMatchObject({
      dlState: 'available',
      sort: 'release_desc',
      offset: 0,
      limit: 80,
      volume: 0,
      isWatched: null,
      isAvailable: null,
      lists: [],
      releaseMonth: '',
    });
  });

  it('accepts every enumerated sort key, random included', () => {
    expect(SCENE_SORT_KEYS).toContain('random');
    for (const sort of SCENE_SORT_KEYS) expect(SceneListRequest.safeParse({ sort }).success).toBe(true);
  });

  it.each([
    ['an unknown sort key', { sort: 'release' }],
    ['a negative offset', { offset: -1 }],
    ['a limit over the maximum', { limit: 5000 }],
    ['a string limit', { limit: '80' }],
    ['a non-boolean isWatched', { isWatched: 'yes' }],
    ['an unknown dlState', { dlState: 'all' }],
    ['a must-have site', { sites: ['&WankzVR'] }],
    ['an empty prefixed entry', { tags: ['!'] }],
    ['a malformed month', { releaseMonth: '2024-5' }],
    ['an unknown list', { lists: ['hidden'] }],
    ['a fractional volume', { volume: 1.5 }],
  ])('rejects %s', (_what, patch) => {
    expect(SceneListRequest.safeParse({ ...listBody(), ...patch }).success).toBe(false);
  });

  it('maps download states to the availability flags', () => {
    expect(DL_STATE_FLAGS.available).toEqual({ isAvailable: true, isAccessible: true, isHidden: false });
    expect(DL_STATE_FLAGS.hidden.isHidden).toBe(true);
    expect(DL_STATE_FLAGS.missing.isAvailable).toBe(false);
  });

  it('keeps cardSize in the filter state and accepts the old numeric form', () => {
    expect(SceneFilterState.parse({ cardSize: '3' }).cardSize).toBe('3');
    expect(SceneFilterState.parse({ cardSize: 2 }).cardSize).toBe(2);
    expect(SceneFilterState.safeParse({ cardSize: '4' }).success).toBe(false);
  });
});

describe('scene responses', () => {
  it('parses a full scene', () => {
    const parsed = Scene.parse(scene);
    expect(parsed.file[0]?.projection).toBe('180_sbs');
    expect(parsed.cast[0]?.scenes).toBeNull();
    expect(parsed.cuepoints[1]?.track).toBe(0);
  });

  it('requires cast and tags as arrays', () => {
    expect(Scene.safeParse({ ...scene, cast: null }).success).toBe(false);
    expect(Scene.safeParse({ ...scene, tags: null }).success).toBe(false);
  });

  it('parses a list answer and a search answer with null scenes', () => {
    const list = {
      results: 1,
      scenes: [scene],
      count_any: 3,
      count_available: 1,
      count_downloaded: 1,
      count_not_downloaded: 2,
      count_hidden: 0,
    };
    expect(SceneListResponse.parse(list).scenes).toHaveLength(1);
    expect(SceneSearchResponse.parse({ results: 0, scenes: null }).scenes).toBeNull();
  });
});

describe('scene mutations', () => {
  it('parses the toggle body and rejects unknown lists', () => {
    expect(SceneToggleBody.parse(JSON.parse(sceneToggleBodyJson))).toEqual({
      scene_id: 'slr-12345',
      list: 'watchlist',
    });
    expect(SceneToggleBody.safeParse({ scene_id: 'slr-12345', list: 'scripted' }).success).toBe(false);
    expect(SceneToggleBody.safeParse({ scene_id: 1001, list: 'watchlist' }).success).toBe(false);
  });

  it('takes ratings 0 to 5 in half steps only', () => {
    expect(RateBody.safeParse({ rating: 4.5 }).success).toBe(true);
    expect(RateBody.safeParse({ rating: 0 }).success).toBe(true);
    expect(RateBody.safeParse({ rating: 4.3 }).success).toBe(false);
    expect(RateBody.safeParse({ rating: 5.5 }).success).toBe(false);
    expect(RateBody.safeParse({ rating: -0.5 }).success).toBe(false);
    expect(RateBody.safeParse({ rating: '4' }).success).toBe(false);
  });

  it('accepts the whole scene plus UI keys as an edit body and keeps the extras', () => {
    const body = {
      ...scene,
      duration: '45',
      castArray: ['Jane Doe', 'New Actor'],
      tagsArray: ['blowjob'],
      gallery: ['https://cdn.example.com/g1.jpg'],
      files: ['a.mp4'],
    };
    const parsed = SceneEditBody.parse(body);
    expect(parsed.duration).toBe('45');
    expect(parsed['scraper_id']).toBe('slr-originals');
  });

  it.each([
    ['duplicate cast', { castArray: ['A', 'A'] }],
    ['a bad release date', { release_date_text: '2024-02-30' }],
    ['images that are not JSON', { images: '[{url' }],
    ['filenames that are not a string list', { filenames_arr: '[1,2]' }],
    ['a fractional duration', { duration: '4.5' }],
  ])('rejects an edit with %s', (_what, patch) => {
    expect(SceneEditBody.safeParse({ ...scene, duration: '45', ...patch }).success).toBe(false);
  });

  it('requires a title to create a scene; the id may be blank', () => {
    expect(SceneCreateBody.parse({ title: 'My scene', id: '' })).toEqual({ title: 'My scene', id: '' });
    expect(SceneCreateBody.parse({ title: 'x' }).id).toBe('');
    expect(SceneCreateBody.safeParse({ title: '  ', id: 'a' }).success).toBe(false);
  });
});

describe('cuepoints', () => {
  it('accepts a simple cuepoint (no track, no end)', () => {
    const body = CuepointBody.parse({
      track: null,
      name: 'standing-blowjob',
      time_start: 61.5,
      time_end: null,
    });
    expect(body).toMatchObject({ track: null, time_end: null, rating: 0 });
  });

  it('accepts a HereSphere cuepoint with track and end', () => {
    expect(
      CuepointBody.safeParse({ track: 1, name: 'x', time_start: 10, time_end: 20, rating: 0 }).success,
    ).toBe(true);
  });

  it('rejects an end time without a track', () => {
    const result = CuepointBody.safeParse({ track: null, name: 'x', time_start: 10, time_end: 20 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('End Time is only valid for HSP Cuepoints');
  });

  it('rejects a track without an end time', () => {
    const result = CuepointBody.safeParse({ track: 2, name: 'x', time_start: 10, time_end: null });
    expect(result.error?.issues[0]?.message).toBe('Specify a End Time');
  });

  it('rejects times past 5 hours and ends before starts', () => {
    expect(CuepointBody.safeParse({ name: 'x', time_start: 18_001 }).success).toBe(false);
    expect(CuepointBody.safeParse({ track: 1, name: 'x', time_start: 30, time_end: 20 }).success).toBe(false);
  });
});

describe('files', () => {
  it('defaults the files filter to unmatched, newest first', () => {
    expect(FileListRequest.parse({})).toEqual({
      sort: 'created_time_desc',
      state: 'unmatched',
      createdDate: [],
      resolutions: [],
      framerates: [],
      bitrates: [],
      filename: '',
    });
  });

  it('parses a filter with a date range and buckets', () => {
    const body = FileListRequest.parse({
      sort: 'video_bitrate_asc',
      state: 'all',
      createdDate: ['2024-01-01T00:00:00.000Z', '2024-01-31T00:00:00.000Z'],
      resolutions: ['4k', 'above6k'],
      framerates: ['60fps'],
      bitrates: ['ultra'],
      filename: 'jane',
    });
    expect(body.createdDate).toHaveLength(2);
    expect(FileListRequest.safeParse({ createdDate: ['2024-01-01T00:00:00.000Z'] }).success).toBe(false);
    expect(FileListRequest.safeParse({ resolutions: ['8k'] }).success).toBe(false);
    expect(FileListRequest.safeParse({ sort: 'path_asc' }).success).toBe(false);
  });

  it('matches by string scene_id', () => {
    expect(FileMatchBody.safeParse({ file_id: 7, scene_id: 'slr-12345' }).success).toBe(true);
    expect(FileMatchBody.safeParse({ file_id: 7, scene_id: 1001 }).success).toBe(false);
  });
});
