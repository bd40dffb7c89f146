/**
 * Durations to whole minutes (seconds dropped, as the reference does), the `duration` step. Every reader answers null when the text is not of
 * its kind, so a step can drop the value instead of guessing.
 */

export type DurationKind = 'iso' | 'clock' | 'minutes' | 'seconds' | 'text';

function minutes(totalSeconds: number): number | null {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return null;
  return Math.floor(totalSeconds / 60);
}

/** ISO 8601 duration: PT1H2M3S, PT62M, P0DT1H, PT3723.5S. */
function fromIso(text: string): number | null {
  const match =
    /P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?/i.exec(text);
  if (!match || match.slice(1).every((part) => part === undefined)) return null;
  const [days, hours, mins, secs] = match.slice(1).map((part) => Number(part ?? 0));
  return minutes((days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (mins ?? 0) * 60 + (secs ?? 0));
}

/** Clock time: H:MM:SS or MM:SS (the first such group in the text). */
function fromClock(text: string): number | null {
  const match = /(\d{1,3}):(\d{1,2})(?::(\d{1,2}))?/.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  if (match[3] === undefined) return minutes(first * 60 + second);
  return minutes(first * 3600 + second * 60 + Number(match[3]));
}

/** The first number in the text is minutes: "62 min", "62". */
function fromMinutes(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)/.exec(text);
  return match ? Math.round(Number(match[1])) : null;
}

/** The first number in the text is seconds: "3723", 3723.4. */
function fromSeconds(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)/.exec(text);
  return match ? minutes(Number(match[1])) : null;
}

/** Words: "1h 2m", "1 hour 2 minutes 3 seconds", "62 min", "45 mins 10 sec". */
function fromText(text: string): number | null {
  const lower = text.toLowerCase();
  const unit = (pattern: RegExp): number => {
    const match = pattern.exec(lower);
    return match ? Number(match[1]) : 0;
  };
  const hours = unit(/(\d+(?:\.\d+)?)\s*(?:h\b|hrs?\b|hours?\b)/);
  const mins = unit(/(\d+(?:\.\d+)?)\s*(?:m\b|mins?\b|minutes?\b)/);
  const secs = unit(/(\d+(?:\.\d+)?)\s*(?:s\b|secs?\b|seconds?\b)/);
  if (hours === 0 && mins === 0 && secs === 0) return fromClock(text);
  return minutes(hours * 3600 + mins * 60 + secs);
}

export function parseDuration(text: string, kind: DurationKind): number | null {
  if (kind === 'iso') return fromIso(text);
  if (kind === 'clock') return fromClock(text);
  if (kind === 'minutes') return fromMinutes(text);
  if (kind === 'seconds') return fromSeconds(text);
  return fromText(text);
}
