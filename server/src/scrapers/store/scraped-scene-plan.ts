import { parseJsonText } from '@fovea/contract';
import type { SceneJournalEntry } from '../../repositories/scraped-scene-write.repository';
import type { SceneRowData } from '../../repositories/scene-write.repository';
import type { ScrapedScene } from '../scraped-scene';

/*
 * What storing one scraped scene changes (xbvr-facts §7.2), decided without the database: the scene columns,
 * and the cast and tag names it should end with. Rules:
 * - the owner's journal wins: a column with an `edit` entry keeps the stored value (or, for a scene scraped back
 *   after a delete, the journal's last value); cast and tags are the scraped names with the owner's "+name" /
 *   "-name" entries replayed over them in order;
 * - an empty scraped value (text, list, 0 minutes, no date) never clears a stored one, so a page that lost a
 *   field (or a single-scene scrape that cannot see the listing) does not blank the library;
 * - filenames_arr keeps the names already stored (manual matches and moves added them) and gains the scraped
 *   ones, except names the owner unmatched.
 */

/** The scene columns a scrape writes (besides scene_id). */
export interface ScrapedColumns {
  title: string;
  studio: string;
  site: string;
  scene_type: string;
  scene_url: string;
  members_url: string;
  synopsis: string;
  cover_url: string;
  images: string;
  filenames_arr: string;
  duration: number;
  release_date: string | null;
  trailer_type: string;
  trailer_source: string;
  chroma_key: string;
  script_published: string | null;
  ai_script: number;
  human_script: number;
  is_subscribed: number;
  scraper_id: string;
  is_multipart: number;
  needs_update: number;
  edits_applied: number;
}

/** Columns whose change alone is bookkeeping: written, but the scene counts as unchanged. */
export const BOOKKEEPING_COLUMNS: ReadonlySet<string> = new Set(['needs_update', 'edits_applied']);

/** Journal column names (the wire names of POST /api/scene/edit) and the scene column each one locks. */
const JOURNAL_COLUMNS: Readonly<Record<string, keyof ScrapedColumns>> = {
  title: 'title',
  synopsis: 'synopsis',
  studio: 'studio',
  site: 'site',
  scene_url: 'scene_url',
  members_url: 'members_url',
  release_date_text: 'release_date',
  filenames_arr: 'filenames_arr',
  images: 'images',
  cover_url: 'cover_url',
  is_multipart: 'is_multipart',
  duration: 'duration',
};

/** What a scene's journal says about a scrape. */
export interface SceneLocks {
  /** Locked scene columns with the owner's last value as the journal holds it. */
  columns: Map<keyof ScrapedColumns, string>;
  /** "+name" / "-name" entries of the cast and of the tags, oldest first. */
  cast: string[];
  tags: string[];
  /** filenames_arr match / unmatch lists, oldest first. */
  matches: { action: 'match' | 'unmatch'; names: string[] }[];
  /** The scene has edit entries (its edits are applied by the scrape itself). */
  edited: boolean;
}

export function sceneLocks(entries: readonly SceneJournalEntry[]): SceneLocks {
  const locks: SceneLocks = { columns: new Map(), cast: [], tags: [], matches: [], edited: false };
  for (const entry of entries) {
    if (entry.action_type !== 'edit') {
      if (entry.changed_column === 'filenames_arr')
        locks.matches.push({ action: entry.action_type, names: stringList(entry.new_value) });
      continue;
    }
    locks.edited = true;
    if (entry.changed_column === 'cast') locks.cast.push(entry.new_value);
    else if (entry.changed_column === 'tags') locks.tags.push(entry.new_value);
    else {
      const column = JOURNAL_COLUMNS[entry.changed_column];
      if (column !== undefined) locks.columns.set(column, entry.new_value);
    }
  }
  return locks;
}

export interface PlanContext {
  stored: SceneRowData | undefined;
  locks: SceneLocks;
  subscribed: boolean;
  /** ISO time of the write (script_published). */
  now: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The full column values the scene should have after the scrape. */
export function planSceneColumns(scene: ScrapedScene, context: PlanContext): ScrapedColumns {
  const { stored, locks } = context;
  const text = (value: string, current: string | undefined) =>
    value.trim() !== '' ? value.trim() : (current ?? '');
  const covers = nonEmpty(scene.covers);
  const images = [
    ...covers.map((url) => ({ url, type: 'cover', orientation: '' })),
    ...nonEmpty(scene.gallery).map((url) => ({ url, type: 'gallery', orientation: '' })),
  ];
  const trailer = scene.trailerType.trim() !== '';
  const planned: ScrapedColumns = {
    title: text(scene.title, stored?.title),
    studio: text(scene.studio, stored?.studio),
    site: text(scene.site, stored?.site),
    scene_type: text(scene.sceneType, stored?.scene_type ?? 'VR'),
    scene_url: text(scene.homepageUrl, stored?.scene_url),
    members_url: text(scene.membersUrl, stored?.members_url),
    synopsis: text(scene.synopsis, stored?.synopsis),
    cover_url: covers[0] ?? stored?.cover_url ?? '',
    images: images.length > 0 ? JSON.stringify(dedupeImages(images)) : (stored?.images ?? '[]'),
    filenames_arr: planFilenames(scene.filenames, stored?.filenames_arr, locks),
    duration: scene.duration > 0 ? Math.round(scene.duration) : (stored?.duration ?? 0),
    release_date: DATE.test(scene.released) ? scene.released : (stored?.release_date ?? null),
    trailer_type: trailer ? scene.trailerType.trim() : (stored?.trailer_type ?? ''),
    trailer_source: trailer ? scene.trailerSrc : (stored?.trailer_source ?? ''),
    chroma_key: text(scene.chromaKey, stored?.chroma_key),
    script_published: stored?.script_published ?? (scene.hasScriptDownload ? context.now : null),
    ai_script: scene.aiScript ? 1 : 0,
    human_script: scene.humanScript ? 1 : 0,
    is_subscribed: context.subscribed ? 1 : 0,
    scraper_id: text(scene.scraperId, stored?.scraper_id),
    is_multipart: stored?.is_multipart ?? 0,
    needs_update: 0,
    edits_applied: locks.edited ? 1 : 0,
  };
  for (const [column, value] of locks.columns) {
    Object.assign(planned, { [column]: stored ? stored[column] : journalValue(column, value) });
  }
  return planned;
}

/** The columns of `planned` that differ from the stored row (all of them for a new scene). */
export function changedColumns(
  planned: ScrapedColumns,
  stored: SceneRowData | undefined,
): Partial<ScrapedColumns> {
  if (!stored) return planned;
  const changed: Partial<ScrapedColumns> = {};
  for (const [column, value] of Object.entries(planned) as [keyof ScrapedColumns, unknown][]) {
    const current: unknown = stored[column];
    const same =
      column === 'images' || column === 'filenames_arr'
        ? sameJson(String(value), String(current))
        : value === current;
    if (!same) Object.assign(changed, { [column]: value });
  }
  return changed;
}

/** A cast name as stored: dots removed, spaces trimmed and collapsed. */
export const castName = (name: string): string => name.replaceAll('.', '').replace(/\s+/g, ' ').trim();

/**
 * The names a scene's cast or tags should end with: the scraped names (or, when the scrape has none, the
 * stored ones) with the owner's "+name" / "-name" entries replayed in order; names compare ignoring case.
 */
export function planNames(
  scraped: readonly string[],
  stored: readonly string[],
  edits: readonly string[],
): string[] {
  const names = new Map<string, string>();
  for (const name of scraped.length > 0 ? scraped : stored) {
    if (name !== '' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  for (const edit of edits) {
    const name = edit.slice(1);
    if (edit.startsWith('+') && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    else if (edit.startsWith('-')) names.delete(name.toLowerCase());
  }
  return [...names.values()];
}

/**
 * filenames_arr after the scrape. An edit entry keeps the owner's list. Otherwise the stored names stay and the
 * scraped names join them, except a name the owner unmatched: one absent from an unmatch entry's list and not
 * listed by a later match entry. The journal keeps the list after each unmatch, not the name removed, so a
 * name a site starts listing after the owner's unmatch is held back too (the owner can add it by hand).
 */
function planFilenames(scraped: readonly string[], stored: string | undefined, locks: SceneLocks): string {
  const names = stringList(stored ?? '[]');
  for (const name of nonEmpty(scraped)) {
    if (!names.includes(name) && !unmatchedByOwner(name, locks)) names.push(name);
  }
  return JSON.stringify(names);
}

function unmatchedByOwner(name: string, locks: SceneLocks): boolean {
  let removed = false;
  for (const entry of locks.matches) {
    if (entry.action === 'unmatch' && !entry.names.includes(name)) removed = true;
    else if (entry.action === 'match' && entry.names.includes(name)) removed = false;
  }
  return removed;
}

/** A journal value as the column stores it. */
function journalValue(column: keyof ScrapedColumns, value: string): string | number | null {
  switch (column) {
    case 'release_date':
      return value === '' ? null : value;
    case 'duration':
      return Number.parseInt(value, 10) || 0;
    case 'is_multipart':
      return value === 'true' ? 1 : 0;
    default:
      return value;
  }
}

function nonEmpty(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

function dedupeImages<T extends { url: string }>(images: readonly T[]): T[] {
  const seen = new Set<string>();
  return images.filter((image) => !seen.has(image.url) && seen.add(image.url));
}

export function stringList(text: string): string[] {
  const value = parseJsonText(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function sameJson(a: string, b: string): boolean {
  return JSON.stringify(parseJsonText(a)) === JSON.stringify(parseJsonText(b));
}
