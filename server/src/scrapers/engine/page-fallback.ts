import { jsonStrings } from './extract';
import { parseDate } from './date-parse';
import { parseDuration } from './duration';
import type { HtmlPage } from './scene-document';

/**
 * The automatic fallback for fields a definition left empty: the page's JSON-LD VideoObject first, then its
 * OpenGraph tags. Only these fields have a fallback; the values are normalised (dates to YYYY-MM-DD,
 * durations to minutes, names from actor objects, keywords split on commas).
 */
export type FallbackField = 'title' | 'synopsis' | 'covers' | 'released' | 'duration' | 'cast' | 'tags';

export const FALLBACK_FIELDS: readonly FallbackField[] = [
  'title',
  'synopsis',
  'covers',
  'released',
  'duration',
  'cast',
  'tags',
];

function clean(values: string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

function names(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(names);
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) {
    const name = (value as Record<string, unknown>).name;
    return typeof name === 'string' ? [name] : [];
  }
  return [];
}

function imageUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imageUrls);
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) {
    const url = (value as Record<string, unknown>).url ?? (value as Record<string, unknown>).contentUrl;
    return typeof url === 'string' ? [url] : [];
  }
  return [];
}

function date(values: string[]): string[] {
  for (const value of values) {
    const iso = parseDate(value, 'iso');
    if (iso !== '') return [iso];
  }
  return [];
}

function fromVideoObject(video: Record<string, unknown>, field: FallbackField): string[] {
  switch (field) {
    case 'title':
      return clean(jsonStrings(video.name)).slice(0, 1);
    case 'synopsis':
      return clean(jsonStrings(video.description)).slice(0, 1);
    case 'covers':
      return clean([...imageUrls(video.thumbnailUrl), ...imageUrls(video.image)]);
    case 'released':
      return date(jsonStrings(video.uploadDate ?? video.datePublished ?? video.dateCreated));
    case 'duration': {
      const text = jsonStrings(video.duration)[0] ?? '';
      const minutes = parseDuration(text, 'iso') ?? parseDuration(text, 'clock');
      return minutes === null || minutes === 0 ? [] : [String(minutes)];
    }
    case 'cast':
      return clean(names(video.actor ?? video.actors));
    case 'tags': {
      const keywords = video.keywords;
      const list = typeof keywords === 'string' ? keywords.split(',') : jsonStrings(keywords);
      return clean(list);
    }
  }
}

function fromOpenGraph(page: HtmlPage, field: FallbackField): string[] {
  switch (field) {
    case 'title':
      return page.meta('og:title').slice(0, 1);
    case 'synopsis':
      return page.meta('og:description').slice(0, 1);
    case 'covers':
      return page.meta('og:image');
    case 'released':
      return date(page.meta('video:release_date'));
    case 'duration': {
      const seconds = Number(page.meta('video:duration')[0] ?? '');
      return Number.isFinite(seconds) && seconds > 0 ? [String(Math.round(seconds / 60))] : [];
    }
    case 'cast':
      return page.meta('video:actor');
    case 'tags':
      return page.meta('video:tag');
  }
}

/** The fallback values of one field from a page (empty when neither JSON-LD nor OpenGraph has it). */
export function pageFallback(page: HtmlPage, field: FallbackField): string[] {
  try {
    const video = page.videoObject();
    const fromVideo = video ? fromVideoObject(video, field) : [];
    return fromVideo.length > 0 ? fromVideo : fromOpenGraph(page, field);
  } catch {
    return [];
  }
}
