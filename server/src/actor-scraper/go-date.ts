/*
 * Parsing a date with a Go time layout (the reference's `Parse Date` post-processing, scraper-sites §7.2):
 * the layout's reference-time tokens (`January`, `Jan`, `01`, `1`, `02`, `_2`, `2`, `2006`, `06`, `Monday`,
 * `Mon`, `15`, `03`, `3`, `04`, `4`, `05`, `5`, `PM`, `pm`) match their parts of the text, everything else is
 * literal. The whole text must match, as in Go.
 */

import { MONTHS } from '../scrapers/engine/date-parse';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

type Part = 'year4' | 'year2' | 'monthName' | 'monthShort' | 'month' | 'day' | 'ignore';

/** Tokens, longest first where one is the start of another. */
const TOKENS: readonly [string, string, Part][] = [
  ['January', `(${MONTHS.join('|')})`, 'monthName'],
  ['Jan', `(${MONTHS.map((m) => m.slice(0, 3)).join('|')})`, 'monthShort'],
  ['Monday', `(?:${WEEKDAYS.join('|')})`, 'ignore'],
  ['Mon', `(?:${WEEKDAYS.map((d) => d.slice(0, 3)).join('|')})`, 'ignore'],
  ['2006', '(\\d{4})', 'year4'],
  ['01', '(\\d{2})', 'month'],
  ['02', '(\\d{2})', 'day'],
  ['_2', ' ?(\\d{1,2})', 'day'],
  ['06', '(\\d{2})', 'year2'],
  ['15', '(?:\\d{1,2})', 'ignore'],
  ['03', '(?:\\d{2})', 'ignore'],
  ['04', '(?:\\d{2})', 'ignore'],
  ['05', '(?:\\d{2})', 'ignore'],
  ['PM', '(?:AM|PM)', 'ignore'],
  ['pm', '(?:am|pm)', 'ignore'],
  ['1', '(\\d{1,2})', 'month'],
  ['2', '(\\d{1,2})', 'day'],
  ['3', '(?:\\d{1,2})', 'ignore'],
  ['4', '(?:\\d{1,2})', 'ignore'],
  ['5', '(?:\\d{1,2})', 'ignore'],
];

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledLayout {
  regex: RegExp;
  parts: Part[];
}

const compiled = new Map<string, CompiledLayout>();

function compile(layout: string): CompiledLayout {
  const cachedLayout = compiled.get(layout);
  if (cachedLayout) return cachedLayout;
  let source = '';
  const parts: Part[] = [];
  let rest = layout;
  while (rest !== '') {
    const token = TOKENS.find(([name]) => rest.startsWith(name));
    if (token) {
      source += token[1];
      if (token[2] !== 'ignore') parts.push(token[2]);
      rest = rest.slice(token[0].length);
    } else {
      source += escapeRegex(rest.charAt(0));
      rest = rest.slice(1);
    }
  }
  const result = { regex: new RegExp(`^${source}$`, 'i'), parts };
  if (compiled.size < 100) compiled.set(layout, result);
  return result;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The text as `YYYY-MM-DD` by the Go layout, or null when it does not match or names no real day. */
export function parseGoDate(text: string, layout: string): string | null {
  const { regex, parts } = compile(layout);
  const match = regex.exec(text.trim());
  if (!match) return null;
  let year = 1;
  let month = 1;
  let day = 1;
  parts.forEach((part, index) => {
    const value = (match[index + 1] ?? '').toLowerCase();
    if (part === 'year4') year = Number(value);
    else if (part === 'year2') year = Number(value) + (Number(value) >= 69 ? 1900 : 2000);
    else if (part === 'monthName') month = MONTHS.indexOf(value) + 1;
    else if (part === 'monthShort') month = MONTHS.findIndex((m) => m.startsWith(value)) + 1;
    else if (part === 'month') month = Number(value);
    else if (part === 'day') day = Number(value);
  });
  if (month < 1 || month > 12 || day < 1 || year < 1) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
