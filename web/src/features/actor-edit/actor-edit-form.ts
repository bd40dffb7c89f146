import {
  ACTOR_EDIT_LIMITS,
  cmToFeetInches,
  feetInchesToCm,
  formatMeasurements,
  IMPERIAL_FEET_MAX,
  IMPERIAL_INCHES_MAX,
  kgToLbs,
  lbsToKg,
  MEASUREMENTS_RE,
  parseJsonText,
  ZERO_TIME,
} from '@fovea/contract';
import type { Actor, ActorUrl, ExternalReferenceLink, RouteBody } from '@fovea/contract';
import type { ParseKeys } from 'i18next';
import { z } from 'zod';
import { isScraperUrl } from './scraper-source';

/** The fields of the actor edit dialog, as typed (numbers as text until saved). */
export interface ActorEditForm {
  /** yyyy-mm-dd or '' (unknown). */
  birthDate: string;
  /** A country code of the country list, or '' (none). */
  nationality: string;
  ethnicity: string;
  hairColor: string;
  eyeColor: string;
  /** cm and kg ('' = unknown), used when imperial entry is off. */
  height: string;
  weight: string;
  /** Feet, inches and pounds, used when imperial entry is on. */
  feet: string;
  inches: string;
  lbs: string;
  /** "36C-24-36" (inches) or ''. */
  measurements: string;
  breastType: string;
  startYear: string;
  endYear: string;
  gender: string;
  biography: string;
  aliases: string[];
  tattoos: string[];
  piercings: string[];
  /** The actor's urls that are not scraper sources (Links tab). */
  links: ActorUrl[];
  /** The actor's urls whose type is "<site> scrape" (Actor Scraper tab). */
  scrapers: ActorUrl[];
  /**
   * The actor's external references (GET /api/actor/extrefs/{id}): url and source ("stashdb performer",
   * "<site> scrape"). Null when they could not be read: then they are not offered for editing.
   */
  profiles: ActorUrl[] | null;
  /** image_arr. */
  images: string[];
  /** The main image (image_url); one of `images`, or '' when there are none. */
  mainImage: string;
}

export type ActorEditBody = RouteBody<'actorEdit'>;

const StringList = z.array(z.string());
const UrlList = z.array(z.object({ url: z.string(), type: z.string().optional() }));

/** A JSON-text list of strings ("null", "" or unreadable text = none). */
export function stringList(text: string): string[] {
  const parsed = StringList.safeParse(parseJsonText(text));
  return parsed.success ? parsed.data : [];
}

/** The actor's `urls` JSON text as a list of {url, type} (a missing type is ''). */
export function actorUrls(text: string): ActorUrl[] {
  const parsed = UrlList.safeParse(parseJsonText(text));
  return parsed.success ? parsed.data.map(({ url, type }) => ({ url, type: type ?? '' })) : [];
}

const positive = (n: number) => (n > 0 ? String(n) : '');

/** The actor's external references as url and source, each URL once. */
export function profilesFromLinks(links: readonly ExternalReferenceLink[]): ActorUrl[] {
  const out: ActorUrl[] = [];
  for (const link of links) {
    const url =
      link.external_reference.external_url !== '' ? link.external_reference.external_url : link.external_id;
    if (url !== '' && !out.some((entry) => entry.url === url)) out.push({ url, type: link.external_source });
  }
  return out;
}

/**
 * The form showing an actor and its external references (null: not read). A main image missing from
 * image_arr is shown as the first image.
 */
export function formFromActor(
  actor: Actor,
  links: readonly ExternalReferenceLink[] | null = null,
): ActorEditForm {
  const images = stringList(actor.image_arr);
  if (actor.image_url !== '' && !images.includes(actor.image_url)) images.unshift(actor.image_url);
  const urls = actorUrls(actor.urls);
  const { feet, inches } = cmToFeetInches(actor.height);
  return {
    birthDate: actor.birth_date.startsWith(ZERO_TIME.slice(0, 10)) ? '' : actor.birth_date.slice(0, 10),
    nationality: actor.nationality,
    ethnicity: actor.ethnicity,
    hairColor: actor.hair_color,
    eyeColor: actor.eye_color,
    height: positive(actor.height),
    weight: positive(actor.weight),
    feet: actor.height > 0 ? String(feet) : '',
    inches: actor.height > 0 ? String(inches) : '',
    lbs: actor.weight > 0 ? String(kgToLbs(actor.weight)) : '',
    measurements: formatMeasurements(actor),
    breastType: actor.breast_type,
    startYear: positive(actor.start_year),
    endYear: positive(actor.end_year),
    gender: actor.gender,
    biography: actor.biography,
    aliases: stringList(actor.aliases),
    tattoos: stringList(actor.tattoos),
    piercings: stringList(actor.piercings),
    links: urls.filter((entry) => !isScraperUrl(entry)),
    scrapers: urls.filter(isScraperUrl),
    profiles: links === null ? null : profilesFromLinks(links),
    images,
    mainImage: actor.image_url !== '' ? actor.image_url : (images[0] ?? ''),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The message shown on each field (translated): the form's own problems, else the server's. */
export type FieldErrors = Partial<Record<keyof ActorEditForm, string>>;

/** What every group of fields of the dialog takes. */
export interface ActorEditFieldsProps {
  form: ActorEditForm;
  errors: FieldErrors;
  onChange: (patch: Partial<ActorEditForm>) => void;
}

/** The prefixes of the generated actor attributes ("Hair Color Blonde"...) of the fields that suggest values. */
export const SUGGESTED_ATTRIBUTES = {
  ethnicity: 'Ethnicity ',
  hairColor: 'Hair Color ',
  eyeColor: 'Eye Color ',
  breastType: 'Breast Type ',
  gender: 'Gender ',
} as const;
export type SuggestedField = keyof typeof SUGGESTED_ATTRIBUTES;

/**
 * The values a field suggests: the given ones, then those of the library's generated attributes
 * (GET /api/actor/filters), without repeats (ignoring case).
 */
export function suggestedValues(
  field: SuggestedField,
  attributes: readonly string[],
  given: readonly string[] = [],
): string[] {
  const prefix = SUGGESTED_ATTRIBUTES[field];
  const out: string[] = [];
  const seen = new Set<string>();
  const found = attributes.filter((item) => item.startsWith(prefix)).map((item) => item.slice(prefix.length));
  for (const value of [...given, ...found]) {
    const key = value.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value.trim());
  }
  return out;
}

/** True when the form differs from the one the dialog opened with. */
export function isFormDirty(form: ActorEditForm, initial: ActorEditForm): boolean {
  return !same(form, initial);
}

/** A whole number from the text, 0 when empty or not a number (library-spec §5: integers before saving). */
export function toInteger(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** i18n keys of the problems that keep Save disabled, by form field. */
export type ActorEditProblems = Partial<Record<keyof ActorEditForm, ParseKeys>>;

/** The birth date's problem: its format, a day in the future or before 1900 (the server's limits). */
function birthDateProblem(day: string, today: Date): ParseKeys | undefined {
  if (day === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'actorEdit.birthDateFormat';
  if (day > today.toISOString().slice(0, 10)) return 'validation.birthDateFuture';
  if (day < `${ACTOR_EDIT_LIMITS.firstYear}-01-01`) return 'validation.birthDateEarly';
  return undefined;
}

/**
 * Height and weight outside the plausible range (0 = unknown), judged in cm and kg on the fields in use: cm and
 * kg, or with imperial entry feet and pounds (the other pair keeps the values the dialog opened with).
 */
export function measureProblems(form: ActorEditForm, imperial: boolean): ActorEditProblems {
  const problems: ActorEditProblems = {};
  const { height, weight } = formMeasures(form, imperial);
  const bad = (value: number, range: { min: number; max: number }) =>
    value !== 0 && (value < range.min || value > range.max);
  // Feet or inches out of their own range have their message already.
  const feetInRange =
    toInteger(form.feet) <= IMPERIAL_FEET_MAX && toInteger(form.inches) <= IMPERIAL_INCHES_MAX;
  if ((!imperial || feetInRange) && bad(height, ACTOR_EDIT_LIMITS.height)) {
    problems[imperial ? 'feet' : 'height'] = 'validation.actorHeight';
  }
  if (bad(weight, ACTOR_EDIT_LIMITS.weight)) problems[imperial ? 'lbs' : 'weight'] = 'validation.actorWeight';
  return problems;
}

export interface ActorEditCheckOptions {
  /** The entry in use; when given, height and weight are judged too (measureProblems). */
  imperial?: boolean;
  /** The day a birth date may not be after (now). */
  today?: Date;
}

/**
 * The problems of the form (library-spec §5, and the plausible values the server insists on). `countryCodes`,
 * when known, are the codes of the country list: a nationality outside it is 'No matching country'.
 */
export function checkActorEditForm(
  form: ActorEditForm,
  countryCodes?: ReadonlySet<string>,
  currentYear = new Date().getFullYear(),
  options: ActorEditCheckOptions = {},
): ActorEditProblems {
  const today = options.today ?? new Date();
  const problems: ActorEditProblems = {};
  const born = birthDateProblem(form.birthDate, today);
  if (born !== undefined) problems.birthDate = born;
  if (form.nationality !== '' && countryCodes !== undefined && !countryCodes.has(form.nationality)) {
    problems.nationality = 'errors.noMatchingCountry';
  }
  if (form.measurements.trim() !== '' && !MEASUREMENTS_RE.test(form.measurements.trim())) {
    problems.measurements = 'validation.measurementsFormat';
  }
  for (const key of ['startYear', 'endYear'] as const) {
    const year = toInteger(form[key]);
    if (year > currentYear) problems[key] = 'validation.upToCurrentYear';
    else if (year !== 0 && year < ACTOR_EDIT_LIMITS.firstYear) problems[key] = 'validation.yearFrom';
  }
  const from = toInteger(form.startYear);
  const to = toInteger(form.endYear);
  if (problems.startYear === undefined && from > 0 && to > 0 && from > to) {
    problems.startYear = 'validation.activeOrder';
  }
  if (toInteger(form.feet) > IMPERIAL_FEET_MAX) problems.feet = 'actorEdit.feetRange';
  if (toInteger(form.inches) > IMPERIAL_INCHES_MAX) problems.inches = 'actorEdit.inchesRange';
  return options.imperial === undefined
    ? problems
    : { ...problems, ...measureProblems(form, options.imperial) };
}

/** The height in cm and weight in kg the form holds, converted from feet, inches and pounds when imperial. */
export function formMeasures(form: ActorEditForm, imperial: boolean): { height: number; weight: number } {
  if (!imperial) return { height: toInteger(form.height), weight: toInteger(form.weight) };
  return {
    height: feetInchesToCm(toInteger(form.feet), toInteger(form.inches)),
    weight: lbsToKg(toInteger(form.lbs)),
  };
}

const changed = <K extends keyof ActorEditForm>(form: ActorEditForm, initial: ActorEditForm, keys: K[]) =>
  keys.some((key) => !same(form[key], initial[key]));

/**
 * POST /api/actor/edit/{id}: only the fields the user changed, so an untouched field is neither rewritten nor
 * journalled (and a value shown in imperial units never drifts by a rounding). Numbers are whole; lists and
 * urls are JSON text; the birth date is midnight UTC or null when cleared.
 */
export function buildActorEditBody(
  form: ActorEditForm,
  initial: ActorEditForm,
  imperial: boolean,
): ActorEditBody {
  const body: ActorEditBody = {};
  if (form.birthDate !== initial.birthDate) {
    body.birth_date = form.birthDate === '' ? null : `${form.birthDate}T00:00:00Z`;
  }
  const texts = [
    ['nationality', 'nationality'],
    ['ethnicity', 'ethnicity'],
    ['hairColor', 'hair_color'],
    ['eyeColor', 'eye_color'],
    ['breastType', 'breast_type'],
    ['gender', 'gender'],
  ] as const;
  for (const [field, key] of texts) {
    if (form[field] !== initial[field]) body[key] = form[field].trim();
  }
  if (form.biography !== initial.biography) body.biography = form.biography;
  const measures = formMeasures(form, imperial);
  if (changed(form, initial, imperial ? ['feet', 'inches'] : ['height'])) body.height = measures.height;
  if (changed(form, initial, imperial ? ['lbs'] : ['weight'])) body.weight = measures.weight;
  if (form.startYear !== initial.startYear) body.start_year = toInteger(form.startYear);
  if (form.endYear !== initial.endYear) body.end_year = toInteger(form.endYear);
  if (form.measurements.trim() !== initial.measurements) body.measurements = form.measurements.trim();
  for (const key of ['aliases', 'tattoos', 'piercings'] as const) {
    if (!same(form[key], initial[key])) body[key] = JSON.stringify(form[key]);
  }
  if (changed(form, initial, ['links', 'scrapers'])) {
    body.urls = JSON.stringify([...form.links, ...form.scrapers]);
  }
  if (!same(form.images, initial.images)) body.image_arr = JSON.stringify(form.images);
  return body;
}

/**
 * POST /api/actor/edit_extrefs/{id}: the URLs of the external references when they changed (the server drops
 * the missing ones and derives each new one's source from its domain), else undefined.
 */
export function profilesToSave(form: ActorEditForm, initial: ActorEditForm): string[] | undefined {
  if (form.profiles === null || same(form.profiles, initial.profiles)) return undefined;
  return form.profiles.map((entry) => entry.url);
}

/** Where an issue of a refused save belongs: the body key the server names, as a form field. */
const FIELD_BY_KEY: Readonly<Record<string, keyof ActorEditForm>> = {
  birth_date: 'birthDate',
  nationality: 'nationality',
  ethnicity: 'ethnicity',
  hair_color: 'hairColor',
  eye_color: 'eyeColor',
  breast_type: 'breastType',
  gender: 'gender',
  biography: 'biography',
  height: 'height',
  weight: 'weight',
  start_year: 'startYear',
  end_year: 'endYear',
  measurements: 'measurements',
  aliases: 'aliases',
  tattoos: 'tattoos',
  piercings: 'piercings',
  urls: 'links',
  image_arr: 'images',
};

/** Messages the server gives without an issue path, by the field they belong to. */
const FIELD_BY_MESSAGE: Readonly<Record<string, keyof ActorEditForm>> = {
  'No matching country': 'nationality',
  'use the format 99A-99-99': 'measurements',
};

export interface SaveIssue {
  path: readonly (string | number)[];
  message: string;
}

/**
 * The server's 400 answer as field messages (library-spec §5: the server enforces the same rules with the same
 * messages). With imperial entry, height and weight messages go to the feet and pounds fields.
 */
export function fieldErrorsFromServer(
  message: string,
  issues: readonly SaveIssue[],
  imperial: boolean,
): FieldErrors {
  const out: FieldErrors = {};
  const place = (field: keyof ActorEditForm | undefined, text: string) => {
    if (field === undefined) return;
    const target = imperial && field === 'height' ? 'feet' : imperial && field === 'weight' ? 'lbs' : field;
    out[target] ??= text;
  };
  for (const issue of issues) {
    // The server's paths start with the part of the request ("body").
    const key = issue.path[0] === 'body' ? issue.path[1] : issue.path[0];
    place(typeof key === 'string' ? FIELD_BY_KEY[key] : undefined, issue.message);
  }
  if (issues.length === 0) place(FIELD_BY_MESSAGE[message], message);
  return out;
}
