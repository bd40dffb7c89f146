/** How the files table and the match dialog show file values: zero and unknown values show '-'. */

export const NO_VALUE = '-';

const pad = (value: number) => String(value).padStart(2, '0');

const trimNumber = (value: number, digits: number) => {
  const text = value.toFixed(digits);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
};

const SIZE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in decimal units with at most one decimal: 1.2 GB, 320 MB, 512 B; '-' for 0. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return NO_VALUE;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${trimNumber(value, unit === 0 ? 0 : 1)} ${SIZE_UNITS[unit]}`;
}

/** Seconds as hh:mm:ss (whole seconds); '-' for 0. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return NO_VALUE;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${pad(h)}:${pad(m)}:${pad(total % 60)}`;
}

/** Bits per second in Mbps (one decimal, two below 1 Mbps); '-' for 0. */
export function formatBitrate(bitsPerSecond: number): string {
  if (!Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return NO_VALUE;
  const mbps = bitsPerSecond / 1_000_000;
  return `${trimNumber(mbps, mbps < 1 ? 2 : 1)} Mbps`;
}

/** A count such as a width, height or frame rate; '-' for 0. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return NO_VALUE;
  return trimNumber(value, 2);
}

function parseTime(iso: string): Date | null {
  if (iso === '' || iso.startsWith('0001-01-01')) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A timestamp as yyyy-MM-dd HH:mm:ss in local time (24-hour); '-' for none. */
export function formatDateTime(iso: string): string {
  const date = parseTime(iso);
  if (date === null) return NO_VALUE;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A timestamp as yyyy-MM-dd in local time; '-' for none. */
export function formatDate(iso: string): string {
  return formatDateTime(iso).slice(0, 10);
}

/** Whole minutes of a duration in seconds (rounded). */
export function durationMinutes(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds / 60) : 0;
}

/** Width x height, or '-' when either is unknown. */
export function formatResolution(width: number, height: number): string {
  return width > 0 && height > 0 ? `${width}x${height}` : NO_VALUE;
}

/** How the Files page names a scene: its title, or its scene_id when it has none. */
export function sceneLabel(scene: { title: string; scene_id: string }): string {
  return scene.title.trim() === '' ? scene.scene_id : scene.title;
}
