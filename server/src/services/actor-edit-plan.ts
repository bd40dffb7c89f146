import {
  ACTOR_EDIT_LIMITS,
  ACTOR_EDIT_MESSAGES,
  MEASUREMENTS_FORMAT,
  MEASUREMENTS_RE,
  ZERO_TIME,
  type ActorEditBody,
  type ErrorIssue,
} from '@fovea/contract';
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

const NO_MEASUREMENTS: Measurements = { cup_size: '', band_size: 0, waist_size: 0, hip_size: 0 };

/** "36C-24-36" (inches, with the cup letter) as cup and band/waist/hip in cm; "" clears them all. */
export function parseMeasurements(text: string): Measurements {
  const match = /^(\d\d)([A-Za-z])-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return NO_MEASUREMENTS;
  const cm = (inches: string | undefined) => Math.round(Number(inches) * CM_PER_INCH);
  return {
    cup_size: (match[2] ?? '').toUpperCase(),
    band_size: cm(match[1]),
    waist_size: cm(match[3]),
    hip_size: cm(match[4]),
  };
}

/** The reference UI's text of stored measurements: band+cup-waist-hip as stored, 0 for unknown parts. */
const storedEcho = (m: Measurements) => `${m.band_size}${m.cup_size}-${m.waist_size}-${m.hip_size}`;

/**
 * The measurements a body's text stands for: the stored ones when it is the reference UI's echo of them, none
 * for "" and all-zero texts ("0-0-0"), else the 99A-99-99 inches parsed; 400 for other texts.
 */
function measurementsFrom(text: string, row: Measurements): Measurements {
  if (text === storedEcho(row)) return row;
  if (text === '' || /^[0-]*$/.test(text)) return NO_MEASUREMENTS;
  if (MEASUREMENTS_RE.test(text)) return parseMeasurements(text);
  throw new BadRequestError(MEASUREMENTS_FORMAT, [
    { path: ['body', 'measurements'], message: MEASUREMENTS_FORMAT },
  ]);
}

/** Today as yyyy-mm-dd (UTC). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The problems of the values an edit changes (the reference UI sends the whole actor back, so a stored value
 * it merely repeats is not judged): height and weight 0 or within bounds, a birth date from 1900 and not in
 * the future, active years from 1900 and Active From not after Active To.
 */
function implausible(row: ActorRow, values: Updateable<ActorsTable>, today: Date): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const add = (field: string, message: string) => issues.push({ path: ['body', field], message });
  const { height, weight, firstYear } = ACTOR_EDIT_LIMITS;
  const outside = (value: unknown, range: { min: number; max: number }) =>
    typeof value === 'number' && value !== 0 && (value < range.min || value > range.max);
  if (outside(values.height, height)) add('height', ACTOR_EDIT_MESSAGES.height);
  if (outside(values.weight, weight)) add('weight', ACTOR_EDIT_MESSAGES.weight);
  const born = values.birth_date;
  if (typeof born === 'string' && born > dayOf(today)) add('birth_date', ACTOR_EDIT_MESSAGES.birthDateFuture);
  if (typeof born === 'string' && born < `${firstYear}-01-01`) {
    add('birth_date', ACTOR_EDIT_MESSAGES.birthDateEarly);
  }
  for (const field of ['start_year', 'end_year'] as const) {
    const year = values[field];
    if (typeof year === 'number' && year !== 0 && year < firstYear) add(field, ACTOR_EDIT_MESSAGES.yearFrom);
  }
  if ('start_year' in values || 'end_year' in values) {
    const from = typeof values.start_year === 'number' ? values.start_year : row.start_year;
    const to = typeof values.end_year === 'number' ? values.end_year : row.end_year;
    if (from > 0 && to > 0 && from > to) add('start_year', ACTOR_EDIT_MESSAGES.activeOrder);
  }
  return issues;
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
 * and one "edit" journal entry, so an actor scrape leaves it alone afterwards. 400 with the fields at fault when
 * a changed value is implausible.
 */
export function planActorEdit(row: ActorRow, body: ActorEditBody, today = new Date()): ActorEditPlan {
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
    const parsed = measurementsFrom(body.measurements, row);
    for (const field of MEASUREMENT_FIELDS) change(field, parsed[field]);
  }
  const issues = implausible(row, values, today);
  if (issues.length > 0) {
    throw new BadRequestError(issues.map((issue) => issue.message).join('; '), issues);
  }
  return { values, entries };
}
