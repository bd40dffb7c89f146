/*
 * Subtitle files as WebVTT, the one format a browser's <track> reads. SubRip (.srt) converts cue by cue;
 * SubStation (.ssa/.ass) gives its Dialogue lines with the styling overrides dropped; WebVTT passes through.
 */

export type SubtitleFormat = 'srt' | 'ass' | 'vtt';

/** The format of a subtitle file by its extension, or null when Fovea cannot offer it as WebVTT. */
export function subtitleFormat(filename: string): SubtitleFormat | null {
  const ext = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'srt' || ext === 'vtt') return ext;
  if (ext === 'ass' || ext === 'ssa') return 'ass';
  return null;
}

/** Text without a byte-order mark, with every line break as "\n". */
function normalise(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** "1:02:03,4" or "01:02:03.456" (hours optional) as WebVTT's "01:02:03.456"; null when it is not a time. */
function vttTime(text: string): string | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  if (Number(minutes) > 59 || Number(seconds) > 59) return null;
  const ms = fraction.padEnd(3, '0');
  return `${hours.padStart(2, '0')}:${minutes.padStart(2, '0')}:${seconds.padStart(2, '0')}.${ms}`;
}

/** "00:00:01,000 --> 00:00:02,500 X1:..." as a WebVTT timing line (SRT position hints are dropped). */
function timingLine(line: string): string | null {
  const match = /^\s*(\S+)\s*-->\s*(\S+)/.exec(line);
  if (!match) return null;
  const start = vttTime(match[1] ?? '');
  const end = vttTime(match[2] ?? '');
  return start && end ? `${start} --> ${end}` : null;
}

/** Cue text may not hold "-->" in WebVTT, nor blank lines (they end a cue). */
const cueText = (line: string) => line.replace(/-->/g, '→');

/**
 * SubRip as WebVTT: blocks of an optional numeric id, a timing line and text lines, separated by blank lines.
 * Timestamps get "." for ","; ids are kept as cue ids; blocks without a valid timing line are skipped.
 */
export function srtToVtt(text: string): string {
  const cues: string[] = [];
  for (const block of normalise(text).split(/\n\s*\n/)) {
    const lines = block.split('\n');
    while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
    let id: string | null = null;
    if (lines.length > 1 && !lines[0]?.includes('-->')) id = (lines.shift() ?? '').trim();
    const timing = timingLine(lines.shift() ?? '');
    if (!timing) continue;
    const body = lines.map(cueText).filter((line) => line.trim() !== '');
    cues.push([...(id ? [id] : []), timing, ...body].join('\n'));
  }
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

/** SubStation text: override blocks ("{\i1}") dropped, "\N" and "\n" as line breaks, "\h" as a space. */
function assText(text: string): string[] {
  return text
    .replace(/\{[^}]*\}/g, '')
    .replace(/\\h/g, ' ')
    .split(/\\[Nn]/)
    .map((line) => cueText(line.trim()))
    .filter((line) => line !== '');
}

/**
 * SubStation Alpha (.ssa/.ass) as WebVTT: the Dialogue lines of the [Events] section, read by its Format line
 * (Start, End and Text; Text is the last field and may hold commas). Drawings and styles are not carried.
 */
export function assToVtt(text: string): string {
  const cues: { start: string; end: string; lines: string[] }[] = [];
  let format: string[] | null = null;
  let inEvents = false;
  for (const raw of normalise(text).split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inEvents = line.toLowerCase() === '[events]';
      continue;
    }
    if (!inEvents) continue;
    const field = /^(\w+)\s*:\s*(.*)$/.exec(line);
    if (!field) continue;
    const [, key = '', value = ''] = field;
    if (key.toLowerCase() === 'format') {
      format = value.split(',').map((name) => name.trim().toLowerCase());
      continue;
    }
    if (key.toLowerCase() !== 'dialogue' || !format) continue;
    const parts = value.split(',');
    const values = [...parts.slice(0, format.length - 1), parts.slice(format.length - 1).join(',')];
    const get = (name: string) => values[format?.indexOf(name) ?? -1] ?? '';
    const start = vttTime(get('start'));
    const end = vttTime(get('end'));
    const lines = assText(get('text'));
    if (start && end && lines.length > 0) cues.push({ start, end, lines });
  }
  // Players show cues in start order; SubStation files need not list them so.
  cues.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const blocks = cues.map((cue) => [`${cue.start} --> ${cue.end}`, ...cue.lines].join('\n'));
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

/** A WebVTT file as it is, without a byte-order mark and with "\n" line breaks; null when it is not WebVTT. */
export function cleanVtt(text: string): string | null {
  const clean = normalise(text);
  return /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(clean) ? clean : null;
}

/** Any supported subtitle file as WebVTT; null when the text is not of its format. */
export function toWebVtt(format: SubtitleFormat, text: string): string | null {
  if (format === 'vtt') return cleanVtt(text);
  return format === 'srt' ? srtToVtt(text) : assToVtt(text);
}
