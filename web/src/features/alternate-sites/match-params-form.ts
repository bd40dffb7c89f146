import type { MatchType, SiteMatchParams } from '@fovea/contract';

/** The form's values: numbers as NumberInput gives them ('' while a field is empty). */
export type MatchParamsValues = Omit<SiteMatchParams, NumberKey> & Record<NumberKey, number | string>;

export const DAY_KEYS = ['delay_linking', 'reprocess_links', 'released_prior', 'released_after'] as const;
export const MINUTE_KEYS = ['duration_min', 'duration_range_less', 'duration_range_more'] as const;
export const BOOST_KEYS = [
  'boost_title',
  'boost_title_any_words',
  'boost_released',
  'boost_cast',
  'boost_description',
] as const;
type NumberKey = (typeof DAY_KEYS)[number] | (typeof MINUTE_KEYS)[number] | (typeof BOOST_KEYS)[number];
const NUMBER_KEYS: readonly NumberKey[] = [...DAY_KEYS, ...MINUTE_KEYS, ...BOOST_KEYS];

export const MATCH_TYPES: readonly MatchType[] = ['should', 'must', 'do not'];
/** A boost is a multiple of its step (the server refuses others). */
export const BOOST_STEP = 0.05;
export const MAX_BOOST = 100;

/** yyyy-mm-dd of a stored ignore date ('' for none). */
export const dayOf = (value: string | null): string => (value ?? '').slice(0, 10);
/** The stored form of a yyyy-mm-dd day (null for none). */
export const ignoreDate = (day: string): string | null => (day === '' ? null : `${day}T00:00:00Z`);

const isBoost = (value: number) => Math.abs(Math.round(value / BOOST_STEP) * BOOST_STEP - value) < 1e-9;

/** The values as the server takes them, or null while a field is empty or out of range. */
export function toMatchParams(values: MatchParamsValues): SiteMatchParams | null {
  const numbers: Partial<Record<NumberKey, number>> = {};
  for (const key of NUMBER_KEYS) {
    const value = values[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
    const boost = (BOOST_KEYS as readonly string[]).includes(key);
    if (boost ? value > MAX_BOOST || !isBoost(value) : !Number.isInteger(value)) return null;
    numbers[key] = boost ? Number((Math.round(value / BOOST_STEP) * BOOST_STEP).toFixed(2)) : value;
  }
  return { ...values, ...(numbers as Record<NumberKey, number>) };
}
