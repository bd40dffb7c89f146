/**
 * Dates by moment.js-style patterns (the notation of scraper-sites.md), to `YYYY-MM-DD`. The pattern is
 * compiled into a regular expression searched anywhere in the text, so "Released: Jan 2, 2020" reads with
 * `MMM D, YYYY`. Tokens: YYYY, YY, MMMM, MMM, MM, M, Do, DD, D, dddd, ddd (weekday names, ignored), HH, H, hh,
 * h, mm, m, ss, s, A/a (ignored); `[text]` is literal; any run of spaces matches any whitespace. Two special
 * patterns: `iso` (the date part of an ISO 8601 / RFC 3339 stamp) and `unix` (seconds since 1970, UTC).
 */

/** English month names, lower case, January first. */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

type Part = 'year' | 'year2' | 'month' | 'monthName' | 'day' | 'ignore';

interface Token {
  token: string;
  source: string;
  part: Part;
}

const TOKENS: Token[] = [
  { token: 'YYYY', source: '(\\d{4})', part: 'year' },
  { token: 'YY', source: '(\\d{2})', part: 'year2' },
  { token: 'MMMM', source: '([A-Za-z]{3,9})', part: 'monthName' },
  { token: 'MMM', source: '([A-Za-z]{3,4})\\.?', part: 'monthName' },
  { token: 'MM', source: '(\\d{2})', part: 'month' },
  { token: 'M', source: '(\\d{1,2})', part: 'month' },
  { token: 'Do', source: '(\\d{1,2})(?:st|nd|rd|th)', part: 'day' },
  { token: 'DD', source: '(\\d{2})', part: 'day' },
  { token: 'D', source: '(\\d{1,2})', part: 'day' },
  { token: 'dddd', source: '([A-Za-z]{6,9})', part: 'ignore' },
  { token: 'ddd', source: '([A-Za-z]{3})', part: 'ignore' },
  { token: 'HH', source: '(\\d{2})', part: 'ignore' },
  { token: 'H', source: '(\\d{1,2})', part: 'ignore' },
  { token: 'hh', source: '(\\d{2})', part: 'ignore' },
  { token: 'h', source: '(\\d{1,2})', part: 'ignore' },
  { token: 'mm', source: '(\\d{2})', part: 'ignore' },
  { token: 'm', source: '(\\d{1,2})', part: 'ignore' },
  { token: 'ss', source: '(\\d{2})', part: 'ignore' },
  { token: 's', source: '(\\d{1,2})', part: 'ignore' },
  { token: 'A', source: '([AaPp][Mm])', part: 'ignore' },
  { token: 'a', source: '([AaPp][Mm])', part: 'ignore' },
];

interface Compiled {
  regex: RegExp;
  parts: Part[];
}

const cache = new Map<string, Compiled>();

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function compile(pattern: string): Compiled {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let source = '';
  const parts: Part[] = [];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] ?? '';
    if (char === '[') {
      const end = pattern.indexOf(']', i);
      const literal = end === -1 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      source += escape(literal);
      i = end === -1 ? pattern.length : end + 1;
      continue;
    }
    if (/\s/.test(char)) {
      while (i < pattern.length && /\s/.test(pattern[i] ?? '')) i++;
      source += '\\s*';
      continue;
    }
    const token = TOKENS.find((candidate) => pattern.startsWith(candidate.token, i));
    if (token) {
      source += token.source;
      parts.push(token.part);
      i += token.token.length;
      continue;
    }
    source += escape(char);
    i++;
  }
  const compiled = { regex: new RegExp(source, 'i'), parts };
  if (cache.size < 500) cache.set(pattern, compiled);
  return compiled;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A valid calendar date as YYYY-MM-DD, or ''. */
export function formatDate(year: number, month: number, day: number): string {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) return '';
  if (!Number.isInteger(month) || month < 1 || month > 12) return '';
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > lastDay) return '';
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function monthFromName(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return 0;
  const index = MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3)) && month.startsWith(lower));
  return index === -1 ? 0 : index + 1;
}

function parseIso(text: string): string {
  const match = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? formatDate(Number(match[1]), Number(match[2]), Number(match[3])) : '';
}

function parseUnix(text: string): string {
  const trimmed = text.trim();
  if (!/^\d{1,12}$/.test(trimmed)) return '';
  return new Date(Number(trimmed) * 1000).toISOString().slice(0, 10);
}

/** `text` read with `pattern`, as YYYY-MM-DD; '' when it does not match or is not a real date. */
export function parseDate(text: string, pattern: string): string {
  if (pattern === 'iso') return parseIso(text);
  if (pattern === 'unix') return parseUnix(text);
  const { regex, parts } = compile(pattern);
  const match = regex.exec(text);
  if (!match) return '';
  let year = 0;
  let month = 0;
  let day = 1;
  parts.forEach((part, index) => {
    const value = match[index + 1] ?? '';
    if (part === 'year') year = Number(value);
    else if (part === 'year2') year = 2000 + Number(value);
    else if (part === 'month') month = Number(value);
    else if (part === 'monthName') month = monthFromName(value);
    else if (part === 'day') day = Number(value);
  });
  return formatDate(year, month, day);
}
