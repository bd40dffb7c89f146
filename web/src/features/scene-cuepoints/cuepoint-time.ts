import { CUEPOINT_TIME_MAX_SECONDS } from '@fovea/contract';

/** What a time field holds: nothing, an unfinished entry, one out of range, or seconds. */
export type TimeParse =
  { kind: 'empty' } | { kind: 'incomplete' } | { kind: 'tooLong' } | { kind: 'ok'; seconds: number };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Seconds as a 24-hour `HH:MM:SS` clock, with a tenth of a second (`HH:MM:SS.d`) when the time has one, so a
 * player position or a stored cuepoint keeps its tenths.
 */
export function formatClock(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  const text = `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
  return fraction === 0 ? text : `${text}.${fraction}`;
}

/**
 * The mask of the time field: whatever is typed or pasted becomes `HH:MM:SS` (digits only, colons put in as the
 * digits come, at most six), then an optional `.d` once the six digits are there.
 */
export function maskClock(input: string): string {
  const dot = input.indexOf('.');
  const main = (dot < 0 ? input : input.slice(0, dot)).replace(/\D/g, '').slice(0, 6);
  const groups = main.match(/\d{1,2}/g) ?? [];
  const text = groups.join(':');
  if (dot < 0 || main.length < 6) return text;
  return `${text}.${input
    .slice(dot + 1)
    .replace(/\D/g, '')
    .slice(0, 1)}`;
}

/** Reads a masked time: `HH:MM:SS` or `HH:MM:SS.d`, minutes and seconds below 60, at most 5 hours. */
export function parseClock(text: string): TimeParse {
  if (text.trim() === '') return { kind: 'empty' };
  const match = /^(\d{2}):([0-5]\d):([0-5]\d)(?:\.(\d))?$/.exec(text.trim());
  if (!match) return { kind: 'incomplete' };
  const [, hours = '0', minutes = '0', secs = '0', tenth = '0'] = match;
  const seconds = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(tenth) / 10;
  if (seconds > CUEPOINT_TIME_MAX_SECONDS) return { kind: 'tooLong' };
  return { kind: 'ok', seconds };
}

/** The largest time the picker takes, as text (`05:00:00`). */
export const MAX_CLOCK = formatClock(CUEPOINT_TIME_MAX_SECONDS);
