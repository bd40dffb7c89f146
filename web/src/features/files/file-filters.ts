import {
  DEFAULT_FILE_SORT,
  FILENAME_FILTER_MIN_LENGTH,
  FileListRequest,
  decodeFilterQuery,
  encodeFilterQuery,
} from '@fovea/contract';
import type { FileSortField, FileSortKey } from '@fovea/contract';
import { formatIsoDate } from '../quick-find/search-prefix';

/** The files filter state (the body of POST /api/files/list), every field filled. */
export type FileFilters = FileListRequest;

/** The route parameter holding the filters as base64 JSON (as the scenes route does). */
export const FILTER_PARAM = 'q';

/** Rows per page of the files table. */
export const FILE_PAGE_SIZES = [25, 50] as const;
export type FilePageSize = (typeof FILE_PAGE_SIZES)[number];
export const DEFAULT_FILE_PAGE_SIZE: FilePageSize = 50;

export const DEFAULT_FILE_FILTERS: FileFilters = FileListRequest.parse({});

/** The filters a `q` parameter holds; the defaults when it is absent or not a valid filter state. */
export function parseFileFilters(q: string | null): FileFilters {
  if (q === null || q === '') return DEFAULT_FILE_FILTERS;
  return decodeFilterQuery(q, FileListRequest) ?? DEFAULT_FILE_FILTERS;
}

export function encodeFileFilters(filters: FileFilters): string {
  return encodeFilterQuery(filters);
}

/** The filename filter reloads the list only when its text is empty or longer than 3 characters. */
export function shouldApplyFilename(text: string): boolean {
  return text.length === 0 || text.length > FILENAME_FILTER_MIN_LENGTH;
}

/** Start of a local day, `daysBack` days before `today`. */
function startOfDay(today: Date, daysBack = 0): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysBack);
}

function endOfDay(day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999);
}

export type CreatedRange = FileFilters['createdDate'];

/** A quick range: from the start of the day `days` days ago to the end of today (local time). */
export function recentRange(days: number, today: Date = new Date()): CreatedRange {
  return [startOfDay(today, days).toISOString(), endOfDay(today).toISOString()];
}

/** Parses a yyyy-mm-dd input value as a local date; null when it is not one. */
function parseInputDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const exists = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return exists ? date : null;
}

/**
 * The created-between range of two date inputs (yyyy-mm-dd, local days, both ends included): [] when both
 * are empty, null while only one is filled or a date is invalid; the ends are swapped when reversed.
 */
export function rangeFromInputs(from: string, to: string): CreatedRange | null {
  if (from === '' && to === '') return [];
  const start = parseInputDate(from);
  const end = parseInputDate(to);
  if (start === null || end === null) return null;
  const [first, last] = start <= end ? [start, end] : [end, start];
  return [first.toISOString(), endOfDay(last).toISOString()];
}

/** The yyyy-mm-dd (local) of a range end, for a date input; '' for none. */
export function inputDate(iso: string | undefined): string {
  if (iso === undefined || iso === '') return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatIsoDate(date);
}

/** The quick range (7, 14 or 30 days) the range equals today, or null. */
export function activeRecentRange(
  range: CreatedRange,
  choices: readonly number[],
  today: Date = new Date(),
): number | null {
  if (range.length === 0) return null;
  const from = inputDate(range[0]);
  const to = inputDate(range[1]);
  return (
    choices.find((days) => {
      const [start, end] = recentRange(days, today);
      return inputDate(start) === from && inputDate(end) === to;
    }) ?? null
  );
}

export interface SortState {
  field: FileSortField;
  direction: 'asc' | 'desc';
}

/** The field and direction of a sort key; null for '' (unsorted). */
export function parseSort(key: FileSortKey): SortState | null {
  const match = /^(.+)_(asc|desc)$/.exec(key);
  if (!match) return null;
  return { field: match[1] as FileSortField, direction: match[2] as 'asc' | 'desc' };
}

/** Clicking a column header: the same field flips its direction, another field starts ascending. */
export function toggleSort(current: FileSortKey, field: FileSortField): FileSortKey {
  const sort = parseSort(current || DEFAULT_FILE_SORT);
  const flipped = sort?.direction === 'asc' ? 'desc' : 'asc';
  return `${field}_${sort?.field === field ? flipped : 'asc'}` as FileSortKey;
}
