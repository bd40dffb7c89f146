import { ActorUrl, parseJsonText } from '@fovea/contract';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import type { ActorsTable } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import { stringList } from '../services/actor-call.service';
import type { JournalLocks } from '../services/stashdb-actor-merge';
import type { ScrapedActorFields } from './actor-page-read';
import type { ActorScrapeField } from './rule-set.schema';

/** The measurement columns: the owner editing any of them keeps all four (as in the StashDB merge). */
const MEASUREMENT_COLUMNS = ['cup_size', 'band_size', 'waist_size', 'hip_size'] as const;
const NUMBER_FIELDS = ['height', 'weight', 'band_size', 'waist_size', 'hip_size'] as const;
const TEXT_FIELDS = [
  'nationality',
  'ethnicity',
  'gender',
  'cup_size',
  'eye_color',
  'hair_color',
  'biography',
] as const;
const LIST_FIELDS = ['aliases', 'tattoos', 'piercings'] as const;
/** A birth date counts only when it is this many years ago or more. */
const MIN_AGE_YEARS = 15;

export interface PatchOptions {
  /** Per actor or per site ("overwrite"): scraped values replace stored ones; else only empty fields fill. */
  overwrite: boolean;
  /** The type a scraped profile URL is stored with ("<site> scrape", or '' when no rule set reads it). */
  urlType: (url: string) => string;
  today?: Date;
}

const ActorUrlList = z.array(ActorUrl);

function urlList(text: string): ActorUrl[] {
  const parsed = ActorUrlList.safeParse(parseJsonText(text));
  return parsed.success ? parsed.data : [];
}

/** A scraped birth date: `YYYY-MM-DD` naming a real day at least 15 years before today. */
function birthDate(text: string, today: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return null;
  const limit = new Date(today);
  limit.setUTCFullYear(limit.getUTCFullYear() - MIN_AGE_YEARS);
  return date < limit ? text : null;
}

const wholeNumber = (text: string): number | null => {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

const year = (text: string): number | null => {
  const value = wholeNumber(text);
  return value !== null && value >= 1900 && value <= 2200 ? value : null;
};

const ethnicity = (text: string) => (text.trim().toLowerCase() === 'white' ? 'Caucasian' : text.trim());

/** Entries of list values: each value split on `,` and `;`, trimmed, empty ones dropped. */
const splitList = (values: readonly string[]) =>
  values
    .flatMap((value) => value.split(/[,;]/))
    .map((part) => part.trim())
    .filter((part) => part !== '');

const httpUrl = (text: string) => /^https?:\/\/[^\s]+$/i.test(text);

/**
 * The column changes a scraped profile gives an actor (scraper-sites §7.1, field assignment), leaving alone
 * every column the owner edited (journal), every image the owner deleted, and, without `overwrite`, every
 * field that already has a value (a Jan 1 birth date is taken as a placeholder and replaced). Answers only
 * the columns whose value changes.
 */
export function planActorScrape(
  row: ActorRow,
  fields: ScrapedActorFields,
  locks: JournalLocks,
  options: PatchOptions,
): Updateable<ActorsTable> {
  const today = options.today ?? new Date();
  const values: Updateable<ActorsTable> = {};
  const measurementsLocked = MEASUREMENT_COLUMNS.some((column) => locks.columns.has(column));
  const free = (column: string) =>
    !locks.columns.has(column) &&
    !(measurementsLocked && (MEASUREMENT_COLUMNS as readonly string[]).includes(column));
  const first = <T>(field: ActorScrapeField, read: (text: string) => T | null): T | null => {
    for (const text of fields.get(field) ?? []) {
      const value = read(text);
      if (value !== null) return value;
    }
    return null;
  };
  const set = <K extends keyof ActorRow>(column: K, value: ActorRow[K] | null, empty: boolean) => {
    if (value === null || !free(column) || row[column] === value) return;
    if (options.overwrite || empty) Object.assign(values, { [column]: value });
  };

  const born = first('birth_date', (text) => birthDate(text, today));
  set('birth_date', born, row.birth_date === null || row.birth_date.slice(5, 10) === '01-01');
  for (const field of NUMBER_FIELDS) set(field, first(field, wholeNumber), row[field] === 0);
  for (const field of TEXT_FIELDS) {
    const read = field === 'ethnicity' ? ethnicity : (text: string) => text.trim() || null;
    set(field, first(field, read), row[field] === '');
  }
  const start = first('start_year', year);
  set('start_year', start, row.start_year === 0 || (start !== null && start < row.start_year));
  set('end_year', first('end_year', year), row.end_year === 0);

  for (const column of LIST_FIELDS) {
    if (!free(column)) continue;
    const stored = stringList(row[column]);
    const known = new Set(
      [...stored, ...(column === 'aliases' ? [row.name] : [])].map((e) => e.toLowerCase()),
    );
    const added = splitList(fields.get(column) ?? []).filter((entry) => {
      const key = entry.toLowerCase();
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    if (added.length > 0) values[column] = JSON.stringify([...stored, ...added]);
  }

  if (free('urls')) {
    const stored = urlList(row.urls);
    const known = new Set(stored.map((entry) => entry.url.toLowerCase()));
    const added: ActorUrl[] = [];
    for (const url of splitList(fields.get('urls') ?? []).filter(httpUrl)) {
      if (known.has(url.toLowerCase())) continue;
      known.add(url.toLowerCase());
      added.push({ url, type: options.urlType(url) });
    }
    if (added.length > 0) values.urls = JSON.stringify([...stored, ...added]);
  }

  const images = stringList(row.image_arr);
  const scrapedImages = [...(fields.get('image_url') ?? []), ...(fields.get('images') ?? [])]
    .map((url) => url.trim())
    .filter((url) => httpUrl(url) && !locks.deletedImages.has(url));
  if (free('image_arr')) {
    const fresh = [...new Set(scrapedImages)].filter((url) => !images.includes(url));
    if (fresh.length > 0) values.image_arr = JSON.stringify([...images, ...fresh]);
  }
  const main = (fields.get('image_url') ?? [])
    .map((url) => url.trim())
    .find((url) => scrapedImages.includes(url));
  if (main !== undefined && row.image_url === '' && free('image_url')) values.image_url = main;
  return values;
}

/** The reference's `external_data` of a scrape: field → its values joined by commas, as JSON text. */
export function scrapeData(fields: ScrapedActorFields): string {
  return JSON.stringify(Object.fromEntries([...fields].map(([field, texts]) => [field, texts.join(',')])));
}
