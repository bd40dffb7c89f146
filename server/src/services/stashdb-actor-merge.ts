import { ActorUrl, parseJsonText } from '@fovea/contract';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import type { ActorsTable } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import type { ActorJournalRow } from '../repositories/stashdb-actor.repository';
import type { StashPerformerDetails } from '../stashdb/stashdb.schemas';
import { countryCode } from './actor-countries';
import { stringList } from './actor-call.service';

const CM_PER_INCH = 2.54;

/** The measurement columns, merged as one field: the owner editing any of them keeps all four. */
const MEASUREMENT_COLUMNS = ['cup_size', 'band_size', 'waist_size', 'hip_size'] as const;

/**
 * What the owner's journal protects. A column edited by hand ("edit"), or the main image chosen by hand
 * ("setimage"), is never overwritten; an image the owner deleted is never brought back.
 */
export interface JournalLocks {
  columns: ReadonlySet<string>;
  deletedImages: ReadonlySet<string>;
}

export function journalLocks(journal: readonly ActorJournalRow[]): JournalLocks {
  const columns = new Set<string>();
  const deletedImages = new Set<string>();
  for (const entry of journal) {
    if (entry.action_type === 'edit') columns.add(entry.changed_column);
    else if (entry.action_type === 'setimage') columns.add('image_url');
    else if (entry.action_type === 'delete' && entry.changed_column === 'image_arr') {
      deletedImages.add(entry.new_value);
    }
  }
  return { columns, deletedImages };
}

/** An upper-case StashDB enum value as words: "MIDDLE_EASTERN" → "Middle Eastern"; '' for none. */
export function enumWords(value: string | null | undefined): string {
  return (value ?? '')
    .trim()
    .toLowerCase()
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A StashDB birth date when it names a whole day ("YYYY-MM-DD"); null for a year or month alone. */
function fullDate(value: string | null | undefined): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? '').trim());
  if (!day) return null;
  const date = new Date(`${day[0]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day[0] ? null : day[0];
}

const positive = (value: number | null | undefined): number | null =>
  value !== null && value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : null;

const inchesToCm = (value: number | null | undefined): number | null => {
  const inches = positive(value);
  return inches === null ? null : Math.round(inches * CM_PER_INCH);
};

/** A tattoo or piercing as one line: "location description". */
const bodyModification = (mod: { location?: string | null; description?: string | null }) =>
  [mod.location ?? '', mod.description ?? '']
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');

/** `current` with the `extra` strings it lacks appended (compared without case and surrounding spaces). */
function union(
  current: readonly string[],
  extra: readonly string[],
  skip: (value: string) => boolean,
): string[] {
  const seen = new Set(current.map((value) => value.trim().toLowerCase()));
  const merged = [...current];
  for (const value of extra) {
    const key = value.trim().toLowerCase();
    if (key === '' || seen.has(key) || skip(value)) continue;
    seen.add(key);
    merged.push(value.trim());
  }
  return merged;
}

const ActorUrlList = z.array(ActorUrl);

function urlList(text: string): ActorUrl[] {
  const parsed = ActorUrlList.safeParse(parseJsonText(text));
  return parsed.success ? parsed.data : [];
}

/**
 * The columns of an actor that change when a StashDB performer is merged into it (only those whose value
 * changes). Single facts (birth date, nationality, ethnicity, eye and hair colour, height, measurements,
 * breast type, career years, main image) take StashDB's value when it has one; lists (images, aliases,
 * tattoos, piercings, urls) gain the entries they lack. Nothing StashDB leaves empty is cleared, and every
 * column in the owner's edit journal is skipped.
 */
export function planPerformerMerge(
  row: ActorRow,
  performer: StashPerformerDetails,
  locks: JournalLocks,
): Updateable<ActorsTable> {
  const values: Updateable<ActorsTable> = {};
  const free = (column: string) => !locks.columns.has(column);
  const set = <K extends keyof ActorRow>(column: K, value: ActorRow[K] | null | '') => {
    if (value === null || value === '' || !free(column) || row[column] === value) return;
    Object.assign(values, { [column]: value });
  };
  const setList = (column: 'image_arr' | 'aliases' | 'tattoos' | 'piercings', merged: readonly string[]) => {
    const text = JSON.stringify(merged);
    if (free(column) && merged.length !== stringList(row[column]).length)
      Object.assign(values, { [column]: text });
  };

  const images = (performer.images ?? [])
    .map((image) => image.url.trim())
    .filter((url) => url !== '' && !locks.deletedImages.has(url));
  const ownImages = stringList(row.image_arr);
  // With the image list edited by hand, the main image only moves to an image the list still holds.
  set('image_url', images.find((url) => free('image_arr') || ownImages.includes(url)) ?? null);
  setList(
    'image_arr',
    union(ownImages, images, () => false),
  );
  const actorName = row.name.trim().toLowerCase();
  const aliases = performer.aliases ?? [];
  setList(
    'aliases',
    union(stringList(row.aliases), aliases, (alias) => alias.trim().toLowerCase() === actorName),
  );
  setList(
    'tattoos',
    union(stringList(row.tattoos), (performer.tattoos ?? []).map(bodyModification), () => false),
  );
  setList(
    'piercings',
    union(stringList(row.piercings), (performer.piercings ?? []).map(bodyModification), () => false),
  );

  set('birth_date', fullDate(performer.birth_date));
  set('nationality', countryCode(performer.country ?? '') ?? '');
  set('ethnicity', enumWords(performer.ethnicity));
  set('eye_color', enumWords(performer.eye_color));
  set('hair_color', enumWords(performer.hair_color));
  set('height', positive(performer.height));
  const breast = enumWords(performer.breast_type);
  set('breast_type', breast === 'Na' ? '' : breast);
  set('start_year', positive(performer.career_start_year));
  set('end_year', positive(performer.career_end_year));
  if (MEASUREMENT_COLUMNS.every(free)) {
    set('cup_size', (performer.cup_size ?? '').trim().toUpperCase());
    set('band_size', inchesToCm(performer.band_size));
    set('waist_size', inchesToCm(performer.waist_size));
    set('hip_size', inchesToCm(performer.hip_size));
  }

  if (free('urls')) {
    const current = urlList(row.urls);
    const known = new Set(current.map((entry) => entry.url.trim().toLowerCase()));
    const added: ActorUrl[] = [];
    for (const entry of performer.urls ?? []) {
      const url = entry.url.trim();
      if (url === '' || known.has(url.toLowerCase())) continue;
      known.add(url.toLowerCase());
      added.push({ url, type: entry.site?.name ?? entry.type ?? '' });
    }
    if (added.length > 0) values.urls = JSON.stringify([...current, ...added]);
  }
  return values;
}
