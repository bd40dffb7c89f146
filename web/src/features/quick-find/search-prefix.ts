/** Helpers that insert search-field prefixes into a quick find / match search text. */

export const SEARCH_HELPERS = ['title', 'cast', 'site', 'id', 'duration', 'released', 'added'] as const;
export type SearchHelper = (typeof SEARCH_HELPERS)[number];

/** Default span of the released:/added: range helpers, in days back from today. */
export const DATE_RANGE_DAYS = 7;

export interface TextEdit {
  value: string;
  /** Where the caret goes after the insertion. */
  cursor: number;
}

/** yyyy-mm-dd of a local date, with leading zeros. */
export function formatIsoDate(date: Date): string {
  const yyyy = String(date.getFullYear()).padStart(4, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${yyyy}-${mm}-${dd}`;
}

/** `field:>="from" field:<="to"` covering the last `days` days up to today. */
export function dateRangeTerm(field: 'released' | 'added', today: Date, days = DATE_RANGE_DAYS): string {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return `${field}:>="${formatIsoDate(from)}" ${field}:<="${formatIsoDate(today)}"`;
}

/** The complete text a range helper inserts, or null for the plain prefixes that take a typed value. */
function fullTerm(helper: SearchHelper, today: Date): string | null {
  switch (helper) {
    case 'duration':
      return 'duration:>=0';
    case 'released':
    case 'added':
      return dateRangeTerm(helper, today);
    default:
      return null;
  }
}

const quoteIfSpaced = (text: string) => (/\s/.test(text) && !/^".*"$/.test(text) ? `"${text}"` : text);
const needsSpaceBefore = (text: string, at: number) => at > 0 && !/\s/.test(text.charAt(at - 1));
const needsSpaceAfter = (text: string, at: number) => at < text.length && !/\s/.test(text.charAt(at));

/**
 * Inserts a helper at the caret. A plain prefix (title:, cast:, site:, id:) wraps the selected text, quoted
 * when it has several words, and leaves the caret after it; without a selection the caret sits right after
 * the prefix, ready for the value. duration:, released: and added: insert a whole term at the end of the
 * selection. The inserted text is separated from its neighbours by single spaces.
 */
export function insertSearchHelper(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  helper: SearchHelper,
  today: Date = new Date(),
): TextEdit {
  const start = Math.max(0, Math.min(selectionStart, selectionEnd, text.length));
  const end = Math.min(text.length, Math.max(selectionStart, selectionEnd, 0));
  const term = fullTerm(helper, today);

  let from: number;
  let to: number;
  let inserted: string;
  if (term === null) {
    const selected = text.slice(start, end).trim();
    from = start;
    to = end;
    inserted = `${helper}:${selected === '' ? '' : quoteIfSpaced(selected)}`;
  } else {
    from = end;
    to = end;
    inserted = term;
  }

  const before = needsSpaceBefore(text, from) ? ' ' : '';
  const after = needsSpaceAfter(text, to) ? ' ' : '';
  const value = `${text.slice(0, from)}${before}${inserted}${after}${text.slice(to)}`;
  return { value, cursor: from + before.length + inserted.length };
}
