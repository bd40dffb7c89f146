import { ACTOR_FILTER_RANGES } from '@fovea/contract';
import type { ActorFilters } from '../actor-filter-model';

/*
 * The seven range sliders of the actor sidebar (options-spec §5): age 18-100, height 120-220 cm, weight
 * 25-150 kg, scenes 0-150, available 0-150, rating 0-5 step 0.5, scene rating 0-5 step 0.25. A bound at the
 * end of its range does not filter. The age slider starts at 18 while the state's default lower bound is 0: a
 * slider at its left end means "no lower bound" and is stored as 0.
 */

export type ActorRangeName = keyof typeof ACTOR_FILTER_RANGES;

export const ACTOR_RANGE_NAMES: readonly ActorRangeName[] = [
  'age',
  'height',
  'weight',
  'count',
  'avail',
  'rating',
  'scene_rating',
];

export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

/** The slider's own range (the age slider starts at 18). */
export function sliderRange(name: ActorRangeName): SliderRange {
  const range = ACTOR_FILTER_RANGES[name];
  return { min: 'sliderMin' in range ? range.sliderMin : range.min, max: range.max, step: range.step };
}

const clamp = (value: number, { min, max }: SliderRange): number => Math.min(max, Math.max(min, value));

/** Where the slider's thumbs stand for a state (an age lower bound under 18 stands at the left end). */
export function sliderValue(filters: ActorFilters, name: ActorRangeName): [number, number] {
  const range = sliderRange(name);
  return [clamp(filters[`min_${name}`], range), clamp(filters[`max_${name}`], range)];
}

/** The state after the slider was released at `value`: the left end of a slider is its state's minimum. */
export function withSliderValue(
  filters: ActorFilters,
  name: ActorRangeName,
  [low, high]: [number, number],
): ActorFilters {
  const range = ACTOR_FILTER_RANGES[name];
  const slider = sliderRange(name);
  const min = low <= slider.min ? range.min : low;
  return { ...filters, jumpTo: '', [`min_${name}`]: min, [`max_${name}`]: Math.min(high, range.max) };
}

/** True when the slider filters nothing (both bounds at their range ends). */
export function isOpenRange(filters: ActorFilters, name: ActorRangeName): boolean {
  const [low, high] = sliderValue(filters, name);
  const slider = sliderRange(name);
  return low <= slider.min && high >= slider.max;
}
