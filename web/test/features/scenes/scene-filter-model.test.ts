import { SCENE_SORT_KEYS, SceneFilterState, decodeFilterQuery, encodeFilterQuery } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENE_FILTERS,
  addFilter,
  cardSizeNumber,
  cycleFilter,
  encodeSceneFilterQuery,
  filtersFromJson,
  hasActiveFilters,
  parseSceneFilterQuery,
  removeFilter,
  resetFilters,
  sceneListRequest,
  scenesPath,
  withDlState,
} from '../../../src/features/scenes/scene-filter-model';
import type { EntryField, SceneFilters } from '../../../src/features/scenes/scene-filter-model';

const withEntries = (field: EntryField, entries: string[]): SceneFilters => ({
  ...DEFAULT_SCENE_FILTERS,
  [field]: entries,
});

/** The modes one chip goes through in `clicks` clicks, starting from a plain (include) entry. */
function clickThrough(field: EntryField, clicks: number): string[] {
  let state = withEntries(field, ['Jane Doe']);
  const seen: string[] = [];
  for (let i = 0; i < clicks; i++) {
    state = cycleFilter(state, field, 0);
    seen.push(state[field][0] ?? '');
  }
  return seen;
}

describe('the default scene filter state', () => {
  it('is the reference initial state: available scenes, newest release first, small cards', () => {
    expect(DEFAULT_SCENE_FILTERS).toEqual({
      dlState: 'available',
      cardSize: '1',
      lists: [],
      isAvailable: true,
      isAccessible: true,
      isHidden: false,
      isWatched: null,
      releaseMonth: '',
      cast: [],
      sites: [],
      tags: [],
      cuepoint: [],
      attributes: [],
      volume: 0,
      sort: 'release_desc',
    });
  });

  it('is what no q, an empty q or a broken q gives', () => {
    expect(parseSceneFilterQuery(null)).toEqual(DEFAULT_SCENE_FILTERS);
    expect(parseSceneFilterQuery('')).toEqual(DEFAULT_SCENE_FILTERS);
    expect(parseSceneFilterQuery('not base64!')).toEqual(DEFAULT_SCENE_FILTERS);
    expect(parseSceneFilterQuery(encodeFilterQuery([1, 2]))).toEqual(DEFAULT_SCENE_FILTERS);
  });
});

describe('filter cycling', () => {
  it.each(['cast', 'tags', 'cuepoint', 'attributes'] as const)(
    '%s goes include -> & must have -> ! exclude -> include',
    (field) => {
      expect(clickThrough(field, 4)).toEqual(['&Jane Doe', '!Jane Doe', 'Jane Doe', '&Jane Doe']);
    },
  );

  it('sites toggle between include and ! exclude only', () => {
    expect(clickThrough('sites', 3)).toEqual(['!Jane Doe', 'Jane Doe', '!Jane Doe']);
  });

  it('changes only the clicked chip', () => {
    const state = withEntries('tags', ['a', '&b', '!c']);
    expect(cycleFilter(state, 'tags', 1).tags).toEqual(['a', '!b', '!c']);
    expect(state.tags).toEqual(['a', '&b', '!c']);
  });

  it('adds a name once as include, whatever mode it already has, and removes it in any mode', () => {
    let state = addFilter(DEFAULT_SCENE_FILTERS, 'cast', ' Jane ');
    expect(state.cast).toEqual(['Jane']);
    state = cycleFilter(state, 'cast', 0);
    expect(addFilter(state, 'cast', 'Jane').cast).toEqual(['&Jane']);
    expect(addFilter(state, 'cast', '   ')).toBe(state);
    expect(removeFilter(state, 'cast', 'Jane').cast).toEqual([]);
  });
});

describe('the q parameter', () => {
  const everything: SceneFilters = {
    ...withDlState(DEFAULT_SCENE_FILTERS, 'missing'),
    cardSize: '3',
    lists: ['watchlist', 'scripted'],
    isWatched: false,
    releaseMonth: '2024-05',
    cast: ['Zoë Ångström', '&Renée 陈', '!Jürgen 🦊'],
    sites: ['Ñice VR', '!Ωmega'],
    tags: ['pov', '&日本語', '!ß'],
    cuepoint: ['"standing-blowjob"', '&*cowgirl*', '!doggy'],
    attributes: ['Is Scripted', '!Has Preview', '&Resolution ≥ 8K'],
    volume: 7,
    sort: 'total_watch_time_asc',
  };

  it('round-trips the whole state, unicode names and prefixes included', () => {
    const q = encodeSceneFilterQuery(everything);
    expect(q).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(parseSceneFilterQuery(q)).toEqual(everything);
  });

  it('is readable by the reference encoding (btoa of the UTF-8 JSON)', () => {
    const q = encodeSceneFilterQuery(everything);
    const reference = btoa(unescape(encodeURIComponent(JSON.stringify(everything))));
    expect(parseSceneFilterQuery(reference)).toEqual(everything);
    expect(decodeFilterQuery(q, SceneFilterState)).toMatchObject({ cast: everything.cast });
  });

  it('round-trips every sort and card size', () => {
    for (const sort of SCENE_SORT_KEYS) {
      for (const cardSize of ['1', '2', '3'] as const) {
        const state = { ...DEFAULT_SCENE_FILTERS, sort, cardSize };
        expect(parseSceneFilterQuery(encodeSceneFilterQuery(state))).toEqual(state);
      }
    }
  });

  it('keeps the valid fields of an odd state and fills the rest with defaults', () => {
    const q = encodeFilterQuery({ cast: ['Jane'], sort: 'no-such-sort', cardSize: 2, sites: ['&Bad'] });
    expect(parseSceneFilterQuery(q)).toEqual({ ...DEFAULT_SCENE_FILTERS, cast: ['Jane'], cardSize: '2' });
  });

  it('derives the availability flags from the download state', () => {
    expect(filtersFromJson({ dlState: 'hidden', isAvailable: true })).toMatchObject({
      dlState: 'hidden',
      isAvailable: null,
      isAccessible: null,
      isHidden: true,
    });
    expect(withDlState(DEFAULT_SCENE_FILTERS, 'downloaded')).toMatchObject({
      isAvailable: true,
      isAccessible: null,
      isHidden: false,
    });
  });

  it('builds the route path of a state', () => {
    const path = scenesPath(everything);
    expect(path.startsWith('/?q=')).toBe(true);
    const q = new URLSearchParams(path.slice(2)).get('q');
    expect(parseSceneFilterQuery(q)).toEqual(everything);
  });
});

describe('the list request', () => {
  it('is the state without the card size, so a card size change does not reload', () => {
    const small = sceneListRequest({ ...DEFAULT_SCENE_FILTERS, cardSize: '1' });
    const large = sceneListRequest({ ...DEFAULT_SCENE_FILTERS, cardSize: '3' });
    expect(small).toEqual(large);
    expect(small).not.toHaveProperty('cardSize');
    expect(small).toMatchObject({ dlState: 'available', isAvailable: true, sort: 'release_desc' });
  });

  it('reset keeps the card size and clears every filter', () => {
    const busy: SceneFilters = { ...DEFAULT_SCENE_FILTERS, cardSize: '2', tags: ['a'], sort: 'random' };
    expect(hasActiveFilters(busy)).toBe(true);
    expect(resetFilters(busy)).toEqual({ ...DEFAULT_SCENE_FILTERS, cardSize: '2' });
    expect(hasActiveFilters(resetFilters(busy))).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_SCENE_FILTERS, cardSize: '3' })).toBe(false);
    // However its keys were ordered in the q it came from.
    const reordered = parseSceneFilterQuery(
      encodeFilterQuery({ sort: 'release_desc', dlState: 'available' }),
    );
    expect(hasActiveFilters(reordered)).toBe(false);
    expect(hasActiveFilters(parseSceneFilterQuery(encodeFilterQuery({ volume: 2 })))).toBe(true);
  });

  it('gives the grid its card size as a number', () => {
    expect([cardSizeNumber('1'), cardSizeNumber('2'), cardSizeNumber('3')]).toEqual([1, 2, 3]);
  });
});
