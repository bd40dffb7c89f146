import type { StashdbPerformerResult } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  orderedAliases,
  orderedStudios,
  performerImages,
  sortPerformersByWeight,
} from '../../../src/features/stashdb-actor-search/performer-results';

const result = (overrides: Partial<StashdbPerformerResult> = {}): StashdbPerformerResult => ({
  Url: 'https://stashdb.org/performers/x',
  Name: 'X',
  Disambiguation: '',
  Aliases: null,
  Id: 'x',
  ImageUrl: null,
  DOB: '',
  Weight: 0,
  Studios: null,
  ...overrides,
});

const studio = (Name: string, SceneCount: number, Matched: boolean) => ({
  Name,
  Id: Name,
  Url: `https://stashdb.org/studios/${Name}`,
  SceneCount,
  Matched,
});

describe('performer results', () => {
  it('sorts by weight, heaviest first, keeping the order of equal weights; null gives none', () => {
    const sorted = sortPerformersByWeight([
      result({ Id: 'a', Weight: 5 }),
      result({ Id: 'b', Weight: 50 }),
      result({ Id: 'c', Weight: 5 }),
    ]);
    expect(sorted.map((entry) => entry.Id)).toEqual(['b', 'a', 'c']);
    expect(sortPerformersByWeight(null)).toEqual([]);
  });

  it('gives the first non-empty picture and how many more there are', () => {
    expect(performerImages(result({ ImageUrl: ['', 'https://i/1.jpg', 'https://i/2.jpg'] }))).toEqual({
      first: 'https://i/1.jpg',
      more: 1,
    });
    expect(performerImages(result())).toEqual({ first: '', more: 0 });
  });

  it('puts the matching aliases first and drops empty ones', () => {
    const aliases = orderedAliases(
      result({
        Aliases: [
          { Alias: 'A', Matched: false },
          { Alias: ' ', Matched: true },
          { Alias: 'B', Matched: true },
          { Alias: 'C', Matched: false },
        ],
      }),
    );
    expect(aliases.map((alias) => alias.Alias)).toEqual(['B', 'A', 'C']);
  });

  it("puts the actor's studios first, then by scene count", () => {
    const studios = orderedStudios(
      result({ Studios: [studio('Big', 30, false), studio('Mine', 1, true), studio('Small', 2, false)] }),
    );
    expect(studios.map((entry) => entry.Name)).toEqual(['Mine', 'Big', 'Small']);
    expect(orderedStudios(result())).toEqual([]);
  });
});
