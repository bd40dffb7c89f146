/**
 * A parser for the query-string syntax of the reference's search box (bleve's query string): plain terms,
 * "phrases", +must, -mustNot, field:value, field:"phrase", numeric and date ranges (field:>=x, :<=, :>, :<),
 * `^boost` and `~fuzziness` suffixes (accepted and ignored) and a trailing `*` for a prefix. Pure: no I/O.
 */

export type Occurrence = 'should' | 'must' | 'mustNot';
/** Text fields of the index; `id` is the string scene_id. */
export type TextField = 'title' | 'cast' | 'site' | 'id' | 'description';
export type RangeField = 'duration' | 'released' | 'added';
export type RangeOperator = '>=' | '<=' | '>' | '<' | '=';

export interface TextClause {
  kind: 'text';
  occurrence: Occurrence;
  /** null searches every indexed column. */
  field: TextField | null;
  /** The text as typed, with escapes resolved and boost, fuzziness and the prefix star removed. */
  text: string;
  /** Typed in double quotes. */
  phrase: boolean;
  /** Ended with `*`: the last word is a prefix. */
  prefix: boolean;
}

export interface DurationClause {
  kind: 'range';
  occurrence: Occurrence;
  field: 'duration';
  operator: RangeOperator;
  /** Minutes. */
  value: number;
}

export interface DateClause {
  kind: 'range';
  occurrence: Occurrence;
  field: 'released' | 'added';
  operator: RangeOperator;
  /** yyyy-mm-dd. */
  value: string;
}

export type RangeClause = DurationClause | DateClause;

/** A field the index does not have (or a range on a text field): it matches no scene, as in the reference. */
export interface NoMatchClause {
  kind: 'no-match';
  occurrence: Occurrence;
  field: string;
}

export type SearchClause = TextClause | RangeClause | NoMatchClause;

export type ParseResult = { ok: true; clauses: SearchClause[] } | { ok: false; error: string };

const TEXT_FIELDS: ReadonlySet<string> = new Set<TextField>(['title', 'cast', 'site', 'id', 'description']);
const OPERATORS: readonly RangeOperator[] = ['>=', '<=', '>', '<'];
const BOOST_OR_FUZZY = /(?:\^\d+(?:\.\d+)?|~\d*)$/;
const NUMBER = /^\d+(?:\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

class QuerySyntaxError extends Error {}

/** Parses a query string; a syntax error (unclosed quote, a field without a value, a bad range) fails it. */
export function parseSearchQuery(query: string): ParseResult {
  try {
    return { ok: true, clauses: splitSegments(query).map(parseSegment) };
  } catch (error) {
    if (error instanceof QuerySyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Whitespace-separated segments; whitespace inside double quotes or after a backslash does not split. */
function splitSegments(query: string): string[] {
  const segments: string[] = [];
  let i = 0;
  while (i < query.length) {
    while (i < query.length && /\s/.test(query.charAt(i))) i++;
    if (i >= query.length) break;
    const start = i;
    let quoted = false;
    while (i < query.length) {
      const c = query.charAt(i);
      if (c === '\\') i += 2;
      else if (c === '"') {
        quoted = !quoted;
        i++;
      } else if (!quoted && /\s/.test(c)) break;
      else i++;
    }
    if (quoted) throw new QuerySyntaxError('a quoted phrase is not closed');
    segments.push(query.slice(start, Math.min(i, query.length)));
  }
  return segments;
}

function parseSegment(segment: string): SearchClause {
  const first = segment.charAt(0);
  const occurrence: Occurrence = first === '+' ? 'must' : first === '-' ? 'mustNot' : 'should';
  const body = occurrence === 'should' ? segment : segment.slice(1);
  if (body === '') throw new QuerySyntaxError(`"${first}" must be followed by a term`);

  const colon = fieldColon(body);
  if (colon < 0) return textClause(occurrence, null, body);
  const field = unescape(body.slice(0, colon)).toLowerCase();
  const value = body.slice(colon + 1);
  if (value === '') throw new QuerySyntaxError(`"${field}:" must be followed by a value`);

  const operator = OPERATORS.find((op) => value.startsWith(op));
  const operand = operator ? value.slice(operator.length) : value;
  if (operand === '') throw new QuerySyntaxError(`"${field}:${operator ?? ''}" must be followed by a value`);

  if (field === 'duration') {
    const minutes = plainValue(operand);
    if (!NUMBER.test(minutes)) throw new QuerySyntaxError('duration takes a number of minutes');
    return { kind: 'range', occurrence, field, operator: operator ?? '=', value: Number(minutes) };
  }
  if (field === 'released' || field === 'added') {
    const date = plainValue(operand);
    if (!isDate(date)) throw new QuerySyntaxError(`${field} takes a date as yyyy-mm-dd`);
    return { kind: 'range', occurrence, field, operator: operator ?? '=', value: date };
  }
  if (TEXT_FIELDS.has(field) && !operator) return textClause(occurrence, field as TextField, value);
  return { kind: 'no-match', occurrence, field };
}

/** Index of the colon ending a field name: the first unescaped one outside quotes, not at the start. */
function fieldColon(body: string): number {
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (c === '\\') i++;
    else if (c === '"') return -1;
    else if (c === ':') return i > 0 ? i : -1;
  }
  return -1;
}

function textClause(occurrence: Occurrence, field: TextField | null, value: string): TextClause {
  if (value.startsWith('"')) {
    const close = closingQuote(value);
    const rest = value.slice(close + 1);
    if (rest !== '' && !BOOST_OR_FUZZY.test(rest)) {
      throw new QuerySyntaxError('unexpected text after a quoted phrase');
    }
    return {
      kind: 'text',
      occurrence,
      field,
      text: unescape(value.slice(1, close)),
      phrase: true,
      prefix: false,
    };
  }
  let text = value.replace(BOOST_OR_FUZZY, '');
  const prefix = /[^\\]\*$/.test(text);
  if (prefix) text = text.replace(/\*+$/, '');
  return { kind: 'text', occurrence, field, text: unescape(text), phrase: false, prefix };
}

/** Position of the quote closing the one at index 0 (splitSegments guarantees there is one). */
function closingQuote(value: string): number {
  for (let i = 1; i < value.length; i++) {
    const c = value.charAt(i);
    if (c === '\\') i++;
    else if (c === '"') return i;
  }
  throw new QuerySyntaxError('a quoted phrase is not closed');
}

/** A range operand: optionally quoted, boost ignored. */
function plainValue(operand: string): string {
  const value = operand.replace(BOOST_OR_FUZZY, '');
  const unquoted =
    value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return unescape(unquoted).trim();
}

function unescape(text: string): string {
  return text.replace(/\\(.)/gs, '$1').replace(/\\$/, '');
}

/** yyyy-mm-dd with leading zeros, naming a day that exists. */
export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
