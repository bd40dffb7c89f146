import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACTOR_FILTERS, actorsPath } from '../../../../src/features/actors/actor-filter-model';
import { useActorFilterState } from '../../../../src/features/actors/use-actor-filter-state';

beforeEach(() => {
  window.localStorage.clear();
});

function setup(route: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ state: useActorFilterState(), location: useLocation() }), { wrapper });
}

describe('useActorFilterState', () => {
  it('reads q and the stored card size', () => {
    window.localStorage.setItem('fovea.actors.cardSize', '2');
    const { result } = setup(actorsPath({ ...DEFAULT_ACTOR_FILTERS, sort: 'random' }));
    expect(result.current.state.filters).toEqual({ ...DEFAULT_ACTOR_FILTERS, sort: 'random', cardSize: '2' });
  });

  it('a filter change pushes a new q and drops actor_id, keeping other parameters', () => {
    const { result } = setup('/actors?actor_id=5&x=1');
    act(() => result.current.state.setFilters((current) => ({ ...current, lists: ['watchlist'] })));
    const search = new URLSearchParams(result.current.location.search);
    expect(search.get('actor_id')).toBeNull();
    expect(search.get('x')).toBe('1');
    expect(result.current.state.filters.lists).toEqual(['watchlist']);
  });

  it('a card size change is stored and does not navigate', () => {
    const { result } = setup('/actors?actor_id=5');
    const before = result.current.location.key;
    act(() => result.current.state.setFilters({ ...result.current.state.filters, cardSize: '3' }));
    expect(result.current.state.filters.cardSize).toBe('3');
    expect(window.localStorage.getItem('fovea.actors.cardSize')).toBe('3');
    expect(result.current.location.key).toBe(before);
    expect(result.current.location.search).toBe('?actor_id=5');
  });
});
