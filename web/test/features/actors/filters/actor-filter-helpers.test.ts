import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTOR_FILTERS } from '../../../../src/features/actors/actor-filter-model';
import {
  ACTOR_RANGE_NAMES,
  isOpenRange,
  sliderRange,
  sliderValue,
  withSliderValue,
} from '../../../../src/features/actors/filters/actor-range-model';
import { nextMode } from '../../../../src/features/actors/filters/ActorFilterChip';

describe('the range sliders', () => {
  it('use the option ranges: age from 18, ratings in half and quarter steps', () => {
    expect(ACTOR_RANGE_NAMES.map((name) => [name, sliderRange(name)])).toEqual([
      ['age', { min: 18, max: 100, step: 1 }],
      ['height', { min: 120, max: 220, step: 1 }],
      ['weight', { min: 25, max: 150, step: 1 }],
      ['count', { min: 0, max: 150, step: 1 }],
      ['avail', { min: 0, max: 150, step: 1 }],
      ['rating', { min: 0, max: 5, step: 0.5 }],
      ['scene_rating', { min: 0, max: 5, step: 0.25 }],
    ]);
  });

  it('show an age lower bound of 0 at the slider left end, and store the left end as 0', () => {
    expect(sliderValue(DEFAULT_ACTOR_FILTERS, 'age')).toEqual([18, 100]);
    expect(isOpenRange(DEFAULT_ACTOR_FILTERS, 'age')).toBe(true);
    expect(withSliderValue(DEFAULT_ACTOR_FILTERS, 'age', [18, 60])).toMatchObject({
      min_age: 0,
      max_age: 60,
    });
    expect(withSliderValue(DEFAULT_ACTOR_FILTERS, 'age', [19, 60])).toMatchObject({
      min_age: 19,
      max_age: 60,
    });
    expect(isOpenRange({ ...DEFAULT_ACTOR_FILTERS, max_age: 60 }, 'age')).toBe(false);
  });

  it('clear a pending jump when a range changes', () => {
    const next = withSliderValue({ ...DEFAULT_ACTOR_FILTERS, jumpTo: 'M' }, 'height', [150, 220]);
    expect(next).toMatchObject({ jumpTo: '', min_height: 150, max_height: 220 });
  });
});

describe('the next mode a chip click gives', () => {
  it('follows the cycle and sends unknown modes to include', () => {
    expect(nextMode('include', ['include', 'exclude'])).toBe('exclude');
    expect(nextMode('exclude', ['include', 'exclude'])).toBe('include');
    expect(nextMode('must', ['include', 'exclude'])).toBe('include');
    expect(nextMode('must', ['include', 'must', 'exclude'])).toBe('exclude');
  });
});
