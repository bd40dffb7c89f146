import type { RangeOperator, SearchClause, TextClause, TextField } from './search-query-parser';

/**
 * Turns parsed clauses into an FTS5 MATCH expression plus column filters on `scenes`. Every word is quoted,
 * so nothing a user types can reach the FTS5 query language unescaped. Pure: no I/O.
 */

/** The FTS5 column each text field searches. */
export const FTS_COLUMNS: Readonly<Record<TextField, string>> = {
  title: 'title',
  cast: 'cast',
  site: 'site',
  id: 'scene_code',
  description: 'description',
};

/**
 * bm25 weights in the table's column order (title, cast, site, description, scene_code, filenames): the title
 * counts most, then the scene id and the cast.
 */
export const BM25_WEIGHTS: readonly number[] = [10, 5, 3, 1, 6, 2];

/**
 * Words as the table's tokenizer (unicode61 remove_diacritics 2) sees them: runs of letters, digits,
 * private-use characters and combining marks; everything else separates. "slr-12345" -> ["slr", "12345"].
 */
export function tokenize(text: string): string[] {
  return text.match(/[\p{L}\p{N}\p{Co}\p{Mn}]+/gu) ?? [];
}

/** A filter on a `scenes` column (all conditions of one filter must hold; `negate` excludes them). */
export type FilterColumn = 'duration' | 'release_date' | 'created_at';
export interface ColumnCondition {
  column: FilterColumn;
  operator: RangeOperator;
  value: string | number;
}
export interface SceneFilter {
  negate: boolean;
  conditions: ColumnCondition[];
}

export type SearchPlan =
  /** Nothing can match (empty query, or a required part that matches nothing). */
  | { kind: 'none' }
  /**
   * A full-text query, ranked by bm25, restricted by the filters. `strongMatch` narrows `match` to scenes with
   * a searched word outside the description (null when every word is searched in the description only): the candidates that
   * lead the ranking, cheap to rank when `match` is broad.
   */
  | {
      kind: 'text';
      match: string;
      strongMatch: string | null;
      /**
       * `match` narrowed to scenes with every searched word outside the description (null for fewer than two
       * such words): with several words they lead the ranking, and they are fewer still to rank.
       */
      strongestMatch: string | null;
      filters: SceneFilter[];
    }
  /** No text to rank by: scenes passing the filters and not matching `exclude`, newest release first. */
  | { kind: 'filter'; filters: SceneFilter[]; exclude: string | null };

/** The columns outside the description: a word found there weighs at least twice a description word. */
const STRONG_COLUMNS = '{title cast site scene_code filenames}';

/** One quoted FTS5 phrase for a text clause, with its column filter; null when it has no words. */
export function ftsPhrase(clause: Pick<TextClause, 'field' | 'text' | 'prefix'>): string | null {
  const words = tokenize(clause.text);
  if (words.length === 0) return null;
  const phrase = `"${words.join(' ')}"${clause.prefix ? ' *' : ''}`;
  return clause.field ? `{${FTS_COLUMNS[clause.field]}} : ${phrase}` : phrase;
}

/**
 * The plan for a parsed query. Should terms are ORed; must terms ANDed, and `(musts) AND (musts OR shoulds)`
 * keeps the should terms in the bm25 score; mustNot terms are cut with NOT. Ranges always restrict (a plain
 * `duration:>=30` filters like `+duration:>=30`); a `-` range excludes. Clauses without words ("(", "*") are
 * dropped. A field the index lacks matches nothing: required, it empties the result; optional, it is dropped,
 * unless it was the only text asked for.
 */
export function planSearch(clauses: readonly SearchClause[]): SearchPlan {
  const musts: string[] = [];
  const shoulds: string[] = [];
  const mustNots: string[] = [];
  const strong: string[] = [];
  const filters: SceneFilter[] = [];
  let unmatchableShould = false;

  for (const clause of clauses) {
    if (clause.kind === 'no-match') {
      if (clause.occurrence === 'must') return { kind: 'none' };
      if (clause.occurrence === 'should') unmatchableShould = true;
      continue;
    }
    if (clause.kind === 'range') {
      filters.push({ negate: clause.occurrence === 'mustNot', conditions: rangeConditions(clause) });
      continue;
    }
    const phrase = ftsPhrase(clause);
    if (phrase === null) continue;
    if (clause.occurrence === 'mustNot') {
      mustNots.push(phrase);
      continue;
    }
    (clause.occurrence === 'must' ? musts : shoulds).push(phrase);
    if (clause.field === null) strong.push(`${STRONG_COLUMNS} : ${phrase}`);
    else if (clause.field !== 'description') strong.push(phrase);
  }

  const exclude = mustNots.length > 0 ? mustNots.join(' OR ') : null;
  if (musts.length === 0 && shoulds.length === 0) {
    if (unmatchableShould || (filters.length === 0 && exclude === null)) return { kind: 'none' };
    return { kind: 'filter', filters, exclude };
  }
  const required = musts.length > 0 ? musts.join(' AND ') : shoulds.join(' OR ');
  const positive =
    musts.length > 0 && shoulds.length > 0
      ? `(${required}) AND (${[...musts, ...shoulds].join(' OR ')})`
      : required;
  const match = exclude ? `(${positive}) NOT (${exclude})` : `(${positive})`;
  const strongMatch = strong.length > 0 ? `(${match}) AND (${strong.join(' OR ')})` : null;
  const strongestMatch = strong.length > 1 ? `(${match}) AND (${strong.join(') AND (')})` : null;
  return { kind: 'text', match, strongMatch, strongestMatch, filters };
}

/** Range clause -> conditions on scenes columns. `added` compares created_at (ISO text) by UTC day. */
function rangeConditions(clause: Extract<SearchClause, { kind: 'range' }>): ColumnCondition[] {
  if (clause.field === 'duration') {
    return [{ column: 'duration', operator: clause.operator, value: clause.value }];
  }
  if (clause.field === 'released') {
    return [{ column: 'release_date', operator: clause.operator, value: clause.value }];
  }
  const day = clause.value;
  const next = nextDay(day);
  switch (clause.operator) {
    case '>=':
      return [{ column: 'created_at', operator: '>=', value: day }];
    case '>':
      return [{ column: 'created_at', operator: '>=', value: next }];
    case '<=':
      return [{ column: 'created_at', operator: '<', value: next }];
    case '<':
      return [{ column: 'created_at', operator: '<', value: day }];
    case '=':
      return [
        { column: 'created_at', operator: '>=', value: day },
        { column: 'created_at', operator: '<', value: next },
      ];
  }
}

/** The day after a yyyy-mm-dd date. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Whether a query is a path or a file name (has a slash or backslash, or ends in an extension). */
export function looksLikeFilePath(query: string): boolean {
  const text = query.trim();
  if (/^http/i.test(text)) return false;
  return /[\\/]/.test(text) || /\.[A-Za-z0-9]{2,5}$/.test(text);
}

/**
 * The MATCH for a path or file name over the filenames column: its words as one phrase, the last one a
 * prefix (so a partly typed name still matches). Paths are indexed as "<path> <filename>", so a full path
 * is one phrase too.
 */
export function fileNameMatch(query: string): string | null {
  const words = tokenize(query);
  return words.length > 0 ? `{filenames} : "${words.join(' ')}" *` : null;
}

/** A URL query without its query string (`?` and after), as the reference compares scene URLs. */
export function withoutQueryString(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}
