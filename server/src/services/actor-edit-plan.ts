import { ZERO_TIME, type ActorEditBody } from '@fovea/contract';
import type { Updateable } from 'kysely';
import type { ActorsTable } from '../db/schema';
import { BadRequestError } from '../http/http-errors';
import type { ActorRow } from '../mappers/actor.mapper';
import type { ActorEditEntry } from '../repositories/actor-edit-journal.repository';
import { countryCode } from './actor-countries';

/** The column changes of an actor edit and their journal entries (only fields whose value changes). */
export interface ActorEditPlan {
  values: Updateable<ActorsTable>;
  entries: ActorEditEntry[];
}

const TEXT_FIELDS = [
  'ethnicity',
  'eye_color',
  'hair_color',
  'breast_type',
  'biography',
  'gender',
  'image_arr',
  'tattoos',
  'piercings',
  'aliases',
  'urls',
] as const;
const NUMBER_FIELDS = ['height', 'weight', 'start_year', 'end_year'] as const;
const MEASUREMENT_FIELDS = ['cup_size', 'band_size', 'waist_size', 'hip_size'] as const;

const CM_PER_INCH = 2.54;

type Measurements = Pick<ActorRow, (typeof MEASUREMENT_FIELDS)[number]>;

/** "36C-24-36" (inches, with the cup letter) as cup and band/waist/hip in cm; "" clears them all. */
export function parseMeasurements(text: string): Measurements {
  const match = /^(\d\d)([A-Za-z])-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return { cup_size: '', band_size: 0, waist_size: 0, hip_size: 0 };
  const cm = (inches: string | undefined) => Math.round(Number(inches) * CM_PER_INCH);
  return {
    cup_size: (match[2] ?? '').toUpperCase(),
    band_size: cm(match[1]),
    waist_size: cm(match[3]),
    hip_size: cm(match[4]),
  };
}

/**
 * The stored birth date ('YYYY-MM-DD', the UTC day of the instant sent); null (unknown) for null and for the
 * zero time the form sends back for an actor without a birth date.
 */
function birthDate(value: string | null): string | null {
  if (value === null) return null;
  const day = new Date(value).toISOString().slice(0, 10);
  return day === ZERO_TIME.slice(0, 10) ? null : day;
}

/** The stored nationality: a country code, '' to clear; 400 "No matching country" for anything else. */
function nationality(value: string): string {
  if (value.trim() === '') return '';
  const code = countryCode(value);
  if (code === null) throw new BadRequestError('No matching country');
  return code;
}

/**
 * Plans an actor edit: every field present in the body whose stored value would change becomes a column change
 * and one "edit" journal entry, so an actor scrape leaves it alone afterwards.
 */
export function planActorEdit(row: ActorRow, body: ActorEditBody): ActorEditPlan {
  const values: Updateable<ActorsTable> = {};
  const entries: ActorEditEntry[] = [];
  const change = <K extends keyof ActorRow>(column: K, value: ActorRow[K]) => {
    if (row[column] === value) return;
    Object.assign(values, { [column]: value });
    entries.push({ changed_column: column, new_value: value === null ? '' : String(value) });
  };
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined) change(field, value);
  }
  for (const field of NUMBER_FIELDS) {
    const value = body[field];
    if (value !== undefined) change(field, Math.trunc(value));
  }
  if (body.nationality !== undefined) change('nationality', nationality(body.nationality));
  if (body.birth_date !== undefined) change('birth_date', birthDate(body.birth_date));
  if (body.measurements !== undefined) {
    const parsed = parseMeasurements(body.measurements);
    for (const field of MEASUREMENT_FIELDS) change(field, parsed[field]);
  }
  return { values, entries };
}
