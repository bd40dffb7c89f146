import { ACTOR_SORT_KEYS, decodeFilterQuery, encodeFilterQuery } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTOR_FILTERS,
  actorFiltersFromJson,
  actorFiltersToSearchParams,
  actorListRequest,
  actorPageSize,
  actorsPath,
  addActorFilter,
  cycleActorFilter,
  encodeActorFilterQuery,
  hasActiveActorFilters,
  parseActorFilterQuery,
  removeActorFilter,
  resetActorFilters,
  showsJumpStrip,
  toCardSize,
} from '../../../src/features/actors/actor-filter-model';
import type { ActorFilterField, ActorFilters } from '../../../src/features/actors/actor-filter-model';

const withEntries = (field: ActorFilterField, entries: string[]): ActorFilters => ({
  ...DEFAULT_ACTOR_FILTERS,
  [field]: entries,
});

/** The entries one chip goes through in `clicks` clicks, starting from a plain (include) entry. */
function clickThrough(field: ActorFilterField, clicks: number): string[] {
  let state = withEntries(field, ['Jane Doe']);
  const seen: string[] = [];
  for (let i = 0; i < clicks; i++) {
    state = cycleActorFilter(state, field, 0);
    seen.push(state[field][0] ?? '');
  }
  return seen;
}

describe('the default actor filter state', () => {
  it('is the reference initial state: every actor, name A-Z, open ranges with age from 0, small cards', () => {
    expect(DEFAULT_ACTOR_FILTERS).toEqual({
      cardSize: '1',
      lists: [],
      cast: [],
      sites: [],
      tags: [],
      attributes: [],
      jumpTo: '',
      min_age: 0,
      max_age: 100,
      min_height: 120,
      max_height: 220,
      min_weight: 25,
      max_weight: 150,
      min_count: 0,
      max_count: 150,
      min_avail: 0,
      max_avail: 150,
      min_rating: 0,
      max_rating: 5,
      min_scene_rating: 0,
      max_scene_rating: 5,
      sort: 'name_asc',
    });
  });

  it('is what no q, an empty q or a broken q gives, with the card size asked for', () => {
    expect(parseActorFilterQuery(null)).toEqual(DEFAULT_ACTOR_FILTERS);
    expect(parseActorFilterQuery('')).toEqual(DEFAULT_ACTOR_FILTERS);
    expect(parseActorFilterQuery('not base64!')).toEqual(DEFAULT_ACTOR_FILTERS);
    expect(parseActorFilterQuery(encodeFilterQuery([1, 2]), '3')).toEqual({
      ...DEFAULT_ACTOR_FILTERS,
      cardSize: '3',
    });
  });
});

describe('q round trip', () => {
  const state: ActorFilters = {
    ...DEFAULT_ACTOR_FILTERS,
    cardSize: '2',
    lists: ['favourite'],
    cast: ['!Jane Doe', 'Ann Äström'],
    sites: ['&VRBangers'],
    attributes: ['!Cup Size D'],
    min_age: 25,
    max_rating: 4.5,
    min_scene_rating: 1.25,
    sort: 'scene_count_desc',
  };

  it('keeps every filter but never the card size', () => {
    const q = encodeActorFilterQuery(state);
    const raw = decodeFilterQuery(q);
    expect(raw).not.toBeNull();
    expect(raw).not.toHaveProperty('cardSize');
    expect(raw).toMatchObject({ cast: ['!Jane Doe', 'Ann Äström'], min_scene_rating: 1.25 });
    expect(parseActorFilterQuery(q, '2')).toEqual(state);
    expect(parseActorFilterQuery(q)).toEqual({ ...state, cardSize: '1' });
  });

  it('ignores a card size and a dlState a reference q carries', () => {
    const q = encodeFilterQuery({ cardSize: '3', dlState: 'any', lists: ['watchlist'] });
    const parsed = parseActorFilterQuery(q);
    expect(parsed.cardSize).toBe('1');
    expect(parsed).not.toHaveProperty('dlState');
    expect(parsed.lists).toEqual(['watchlist']);
  });

  it('keeps the valid fields of a partly broken q and drops a min above its max', () => {
    const q = encodeFilterQuery({
      sort: 'bogus',
      cast: ['Ann'],
      min_height: 200,
      max_height: 150,
      max_age: 70,
    });
    const parsed = parseActorFilterQuery(q);
    expect(parsed.sort).toBe('name_asc');
    expect(parsed.cast).toEqual(['Ann']);
    expect([parsed.min_height, parsed.max_height]).toEqual([120, 220]);
    expect(parsed.max_age).toBe(70);
  });

  it('builds the actors path with the encoded q', () => {
    const path = actorsPath(state);
    expect(path.startsWith('/actors?q=')).toBe(true);
    const q = new URLSearchParams(path.slice('/actors?'.length)).get('q');
    expect(parseActorFilterQuery(q, '2')).toEqual(state);
  });

  it('saves searches as JSON without the card size', () => {
    const saved: unknown = JSON.parse(actorFiltersToSearchParams(state));
    expect(saved).not.toHaveProperty('cardSize');
    expect(actorFiltersFromJson(saved, '2')).toEqual(state);
  });
});

describe('the list request', () => {
  it('has no card size and no jumpTo, and asks for actors without their scenes', () => {
    const request = actorListRequest({ ...DEFAULT_ACTOR_FILTERS, cardSize: '3', jumpTo: 'M', cast: ['Ann'] });
    expect(request).not.toHaveProperty('cardSize');
    expect(request).not.toHaveProperty('jumpTo');
    expect(request.with_scenes).toBe(false);
    expect(request.cast).toEqual(['Ann']);
    expect(request.sort).toBe('name_asc');
  });
});

describe('filter cycling (options-spec §4)', () => {
  it('cast toggles two ways: include <-> exclude', () => {
    expect(clickThrough('cast', 3)).toEqual(['!Jane Doe', 'Jane Doe', '!Jane Doe']);
  });

  it('sites and attributes cycle three ways: include -> & -> ! -> include', () => {
    expect(clickThrough('sites', 3)).toEqual(['&Jane Doe', '!Jane Doe', 'Jane Doe']);
    expect(clickThrough('attributes', 3)).toEqual(['&Jane Doe', '!Jane Doe', 'Jane Doe']);
  });

  it('a cast entry in a mode cast does not know goes back to include', () => {
    expect(cycleActorFilter(withEntries('cast', ['&Ann']), 'cast', 0).cast).toEqual(['Ann']);
  });

  it('clears a pending jump', () => {
    const state = { ...withEntries('cast', ['Ann']), jumpTo: 'M' };
    expect(cycleActorFilter(state, 'cast', 0).jumpTo).toBe('');
  });
});

describe('adding and removing entries', () => {
  it('adds a trimmed name once, whatever the mode of an existing entry', () => {
    const once = addActorFilter(DEFAULT_ACTOR_FILTERS, 'sites', '  VRBangers ');
    expect(once.sites).toEqual(['VRBangers']);
    expect(addActorFilter(withEntries('sites', ['!VRBangers']), 'sites', 'VRBangers').sites).toEqual([
      '!VRBangers',
    ]);
    expect(addActorFilter(DEFAULT_ACTOR_FILTERS, 'cast', '   ')).toBe(DEFAULT_ACTOR_FILTERS);
  });

  it('removes every entry of the name', () => {
    const state = withEntries('attributes', ['&Has Tattoo', 'Cup Size D']);
    expect(removeActorFilter(state, 'attributes', 'Has Tattoo').attributes).toEqual(['Cup Size D']);
  });
});

describe('reset and active filters', () => {
  it('resets every filter but keeps the card size', () => {
    const state: ActorFilters = {
      ...DEFAULT_ACTOR_FILTERS,
      cardSize: '3',
      lists: ['favourite'],
      min_age: 30,
    };
    expect(resetActorFilters(state)).toEqual({ ...DEFAULT_ACTOR_FILTERS, cardSize: '3' });
  });

  it('counts filters and the sort, not the card size or a jump', () => {
    expect(hasActiveActorFilters(DEFAULT_ACTOR_FILTERS)).toBe(false);
    expect(hasActiveActorFilters({ ...DEFAULT_ACTOR_FILTERS, cardSize: '2', jumpTo: 'Q/R' })).toBe(false);
    expect(hasActiveActorFilters({ ...DEFAULT_ACTOR_FILTERS, sort: 'random' })).toBe(true);
    expect(hasActiveActorFilters({ ...DEFAULT_ACTOR_FILTERS, max_weight: 100 })).toBe(true);
    expect(hasActiveActorFilters(withEntries('cast', ['!Ann']))).toBe(true);
  });
});

describe('page size, card size and the jump strip', () => {
  it('gives 18, 10 and 8 actors a page for S, M and L', () => {
    expect([actorPageSize('1'), actorPageSize('2'), actorPageSize('3')]).toEqual([18, 10, 8]);
  });

  it('reads stored card sizes and falls back to small cards', () => {
    expect(toCardSize('2')).toBe('2');
    expect(toCardSize(3)).toBe('3');
    expect(toCardSize('9')).toBe('1');
    expect(toCardSize(null)).toBe('1');
  });

  it('shows the jump strip only for the name sorts', () => {
    const shown = ACTOR_SORT_KEYS.filter((sort) => showsJumpStrip(sort));
    expect(shown).toEqual(['name_asc', 'name_desc']);
  });
});
