import { tokenize } from './fts-match';
import type { SearchClause } from './search-query-parser';

/**
 * The tiers Quick find puts before the bm25 ranking of a plain query (words and "phrases" only, no field,
 * prefix, range or +/-): the scene whose scene_id is the query, titles that are exactly the query, scenes
 * whose scene id holds the query's words as a whole (a number such as "12345" of "slr-12345"), titles holding
 * the query as a phrase, then scene ids that begin with it (a partly typed id). Words are whole tokens, so
 * "Bulk Scene 12" is not a phrase of "Bulk Scene 120". Pure: no I/O.
 */
export interface SearchTiers {
  /** Titles that are an exact match (compared ignoring case): the query as typed, and its bare words. */
  titles: string[];
  /** FTS5 MATCH of titles holding the words as one phrase; null for one word (any title with it). */
  titlePhrase: string | null;
  /** For a query that looks like a scene id (one segment with a digit): the scene_id values to look up. */
  sceneIds: string[] | null;
  /** FTS5 MATCH of scene ids holding the words as a phrase (id-like queries only). */
  idPhrase: string | null;
  /** FTS5 MATCH of scene ids beginning with the words, the last one a prefix (id-like queries only). */
  idPrefix: string | null;
}

/** Shortest id-like query given a prefix tier: "12" would begin too many ids to be useful. */
export const MIN_ID_PREFIX_LENGTH = 3;

/** An id-like query: one segment of letters, digits, "-", "_" or ".", with a digit in it. */
const ID_LIKE = /^(?=.*\d)[\p{L}\p{N}._-]+$/u;

/** The words of a plain query in the order typed, or null when any clause is more than a word or a phrase. */
function plainWords(clauses: readonly SearchClause[]): string[] | null {
  const words: string[] = [];
  for (const clause of clauses) {
    if (clause.kind !== 'text' || clause.occurrence !== 'should' || clause.field !== null || clause.prefix) {
      return null;
    }
    words.push(...tokenize(clause.text));
  }
  return words.length > 0 ? words : null;
}

/** The tiers of a query (as typed and as parsed), or null when it is not a plain query. */
export function planTiers(query: string, clauses: readonly SearchClause[]): SearchTiers | null {
  const words = plainWords(clauses);
  if (words === null) return null;
  // The words are letters and digits only, so quoting them is safe FTS5.
  const phrase = `"${words.join(' ')}"`;
  const text = query.trim();
  const idLike = ID_LIKE.test(text);
  return {
    titles: [...new Set([text, words.join(' ')])],
    titlePhrase: words.length > 1 ? `{title} : ${phrase}` : null,
    sceneIds: idLike ? [...new Set([text, text.toLowerCase()])] : null,
    idPhrase: idLike ? `{scene_code} : ${phrase}` : null,
    idPrefix: idLike && text.length >= MIN_ID_PREFIX_LENGTH ? `{scene_code} : ${phrase} *` : null,
  };
}
