import type { Cuepoint, CuepointBody } from '@fovea/contract';
import { formatClock, parseClock } from './cuepoint-time';

/** The cuepoint editor's fields, as typed. */
export interface CuepointFormState {
  position: string;
  action: string;
  /** '' = a simple cuepoint; digits = a HereSphere track. */
  track: string;
  /** Masked `HH:MM:SS` texts ('' = none). */
  timeStart: string;
  timeEnd: string;
  rating: number;
}

export const EMPTY_CUEPOINT_FORM: CuepointFormState = {
  position: '',
  action: '',
  track: '',
  timeStart: '00:00:00',
  timeEnd: '',
  rating: 0,
};

/** i18n keys of the messages a field can show. */
export type CuepointFieldError =
  | 'validation.endTimeOnlyHsp'
  | 'validation.specifyEndTime'
  | 'sceneCuepoints.endBeforeStart'
  | 'sceneCuepoints.timeFormat'
  | 'sceneCuepoints.timeMax'
  | 'sceneCuepoints.startRequired'
  | 'sceneCuepoints.trackFormat';

export interface CuepointFormCheck {
  errors: Partial<Record<'track' | 'timeStart' | 'timeEnd', CuepointFieldError>>;
  /** The body to send, when every rule holds and there is a name. */
  body: CuepointBody | null;
}

/** The cuepoint name: position and action joined by '-' ("standing-blowjob"), or whichever is given. */
export function cuepointName(position: string, action: string): string {
  return [position.trim(), action.trim()].filter((part) => part !== '').join('-');
}

/**
 * Splits a stored name back into the two pickers: before the first '-' is the position, the rest the action;
 * a name without '-' is a position when the presets know it as one, else an action. Joining them again gives
 * the same name.
 */
export function splitCuepointName(
  name: string,
  positions: readonly string[],
): Pick<CuepointFormState, 'position' | 'action'> {
  const dash = name.indexOf('-');
  if (dash > 0) return { position: name.slice(0, dash), action: name.slice(dash + 1) };
  if (positions.includes(name)) return { position: name, action: '' };
  return { position: '', action: name };
}

/** The form showing a stored cuepoint. */
export function formFromCuepoint(cuepoint: Cuepoint, positions: readonly string[]): CuepointFormState {
  const track = cuepoint.track ?? null;
  const end = cuepoint.time_end ?? 0;
  return {
    ...splitCuepointName(cuepoint.name, positions),
    track: track === null ? '' : String(track),
    timeStart: formatClock(cuepoint.time_start),
    timeEnd: end > 0 ? formatClock(end) : '',
    rating: cuepoint.rating,
  };
}

function readTime(text: string): { seconds: number | null; error?: CuepointFieldError } {
  const parsed = parseClock(text);
  if (parsed.kind === 'empty') return { seconds: null };
  if (parsed.kind === 'incomplete') return { seconds: null, error: 'sceneCuepoints.timeFormat' };
  if (parsed.kind === 'tooLong') return { seconds: null, error: 'sceneCuepoints.timeMax' };
  return { seconds: parsed.seconds };
}

/**
 * The rules of library-spec §5: the track is optional; an end time is only valid with a track; with a track
 * the end time is required (and after the start); times are 24-hour clocks up to 5 hours. Save and Add
 * stay disabled (body null) until they hold and the cuepoint has a name.
 */
export function checkCuepointForm(form: CuepointFormState): CuepointFormCheck {
  const errors: CuepointFormCheck['errors'] = {};
  const trackText = form.track.trim();
  const trackValid = trackText === '' || /^\d+$/.test(trackText);
  if (!trackValid) errors.track = 'sceneCuepoints.trackFormat';
  const track = trackText === '' || !trackValid ? null : Number(trackText);

  const start = readTime(form.timeStart);
  if (start.error) errors.timeStart = start.error;
  else if (start.seconds === null) errors.timeStart = 'sceneCuepoints.startRequired';

  const end = readTime(form.timeEnd);
  const hasEnd = end.seconds !== null && end.seconds > 0;
  if (end.error) errors.timeEnd = end.error;
  else if (trackText === '' && hasEnd) errors.timeEnd = 'validation.endTimeOnlyHsp';
  else if (trackText !== '' && !hasEnd) errors.timeEnd = 'validation.specifyEndTime';
  else if (hasEnd && start.seconds !== null && end.seconds !== null && end.seconds <= start.seconds) {
    errors.timeEnd = 'sceneCuepoints.endBeforeStart';
  }

  const name = cuepointName(form.position, form.action);
  const valid = Object.keys(errors).length === 0 && name !== '' && start.seconds !== null;
  return {
    errors,
    body:
      valid && start.seconds !== null
        ? {
            track,
            name,
            time_start: start.seconds,
            time_end: track === null ? null : end.seconds,
            rating: form.rating,
          }
        : null,
  };
}

/** The scene's cuepoints in time order (then track, then id), as the table lists them. */
export function sortCuepoints(cuepoints: readonly Cuepoint[]): Cuepoint[] {
  return [...cuepoints].sort(
    (a, b) => a.time_start - b.time_start || (a.track ?? -1) - (b.track ?? -1) || a.id - b.id,
  );
}
