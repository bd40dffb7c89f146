import type { Playlist } from '@fovea/contract';
import { PlaylistBody } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  canChangeSavedSearch,
  canSaveSavedSearch,
  savedSearchBody,
  savedSearchFilters,
} from '../../../src/components/saved-searches/saved-search-model';
import { DEFAULT_SCENE_FILTERS } from '../../../src/features/scenes/scene-filter-model';
import { SCENE_SAVED_SEARCH } from '../../../src/features/scenes/scene-saved-search';
import { savedSearch } from '../../fixtures/contract-fixtures';

const playlist = (overrides: Partial<Playlist> = {}): Playlist =>
  savedSearch({ id: 3, name: 'Mine', ...overrides });

describe('saved search rules', () => {
  it('offer edit and delete only for a chosen saved search that is not a system one', () => {
    expect(canChangeSavedSearch(undefined)).toBe(false);
    expect(canChangeSavedSearch(playlist({ is_system: true }))).toBe(false);
    expect(canChangeSavedSearch(playlist())).toBe(true);
  });

  it('need a name that is not blank', () => {
    expect(canSaveSavedSearch('')).toBe(false);
    expect(canSaveSavedSearch('   ')).toBe(false);
    expect(canSaveSavedSearch('x')).toBe(true);
  });

  it('save the current filters, card size included, as the server takes them', () => {
    const filters = { ...DEFAULT_SCENE_FILTERS, cardSize: '2' as const, tags: ['&Ünïcode'] };
    const body = savedSearchBody(SCENE_SAVED_SEARCH, '  Best  ', true, filters);
    expect(body).toMatchObject({
      name: 'Best',
      is_deo_enabled: true,
      is_smart: true,
      playlist_type: 'scene',
    });
    expect(JSON.parse(body.search_params)).toEqual(filters);
    expect(PlaylistBody.safeParse(body).success).toBe(true);
  });

  it('load the filters of a saved search, keeping the card size when it holds none', () => {
    const current = { ...DEFAULT_SCENE_FILTERS, cardSize: '3' as const };
    const withSize = playlist({ search_params: JSON.stringify({ sort: 'added_desc', cardSize: '2' }) });
    expect(savedSearchFilters(SCENE_SAVED_SEARCH, withSize, current)).toEqual({
      ...DEFAULT_SCENE_FILTERS,
      sort: 'added_desc',
      cardSize: '2',
    });
    const without = playlist({ search_params: JSON.stringify({ lists: ['favourite'] }) });
    expect(savedSearchFilters(SCENE_SAVED_SEARCH, without, current)).toEqual({
      ...current,
      lists: ['favourite'],
    });
    expect(savedSearchFilters(SCENE_SAVED_SEARCH, playlist({ search_params: 'not json' }), current)).toEqual(
      current,
    );
  });
});
