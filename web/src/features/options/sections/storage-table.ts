import type { Volume } from '@fovea/contract';

/** Go's zero time: the server's "never scanned". */
export const NEVER_SCANNED = '0001-01-01T00:00:00Z';

/** True when a location has never been scanned (the zero date, or no usable date). */
export function isNeverScanned(lastScan: string): boolean {
  if (lastScan === NEVER_SCANNED) return true;
  const time = Date.parse(lastScan);
  return Number.isNaN(time) || new Date(time).getUTCFullYear() <= 1;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A scan time as yyyy-MM-dd HH:mm in the browser's time zone, or null when never scanned. */
export function formatScanTime(lastScan: string): string | null {
  if (isNeverScanned(lastScan)) return null;
  const date = new Date(lastScan);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in decimal units with one decimal above 1 kB and below 100: 0 B, 950 B, 1.2 TB, 512 GB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const text = value < 100 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${SIZE_UNITS[unit]}`;
}

export const STORAGE_SORT_COLUMNS = [
  'path',
  'type',
  'available',
  'files',
  'unmatched',
  'size',
  'lastScan',
] as const;
export type StorageSortColumn = (typeof STORAGE_SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface StorageSort {
  column: StorageSortColumn;
  direction: SortDirection;
}

/** options-spec §2: availability descending (available first), then by path. */
export const DEFAULT_STORAGE_SORT: StorageSort = { column: 'available', direction: 'desc' };

const scanTime = (volume: Volume) => (isNeverScanned(volume.last_scan) ? 0 : Date.parse(volume.last_scan));

const COMPARE: Record<StorageSortColumn, (a: Volume, b: Volume) => number> = {
  path: (a, b) => a.path.localeCompare(b.path),
  type: (a, b) => a.type.localeCompare(b.type),
  available: (a, b) => Number(a.is_available) - Number(b.is_available),
  files: (a, b) => a.file_count - b.file_count,
  unmatched: (a, b) => a.unmatched_count - b.unmatched_count,
  size: (a, b) => a.total_size - b.total_size,
  lastScan: (a, b) => scanTime(a) - scanTime(b),
};

/** The locations in the given order; ties are broken by path (ascending), then id. */
export function sortVolumes<V extends Volume>(volumes: readonly V[], sort: StorageSort): V[] {
  const compare = COMPARE[sort.column];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...volumes].sort((a, b) => sign * compare(a, b) || a.path.localeCompare(b.path) || a.id - b.id);
}

/** Clicking a header: the same column flips its direction; another column starts with its natural one. */
export function nextSort(current: StorageSort, column: StorageSortColumn): StorageSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  const descending = column === 'available' || column === 'lastScan' || column === 'size';
  return { column, direction: descending ? 'desc' : 'asc' };
}
