import { filterEntryName, splitFilterEntry } from '@fovea/contract';
import type { FilterMode, WebOptions } from '@fovea/contract';

type TagSort = WebOptions['tagSort'];

/** How many choices the picker's dropdown lists at once (the rest are a few keystrokes away). */
export const PICKER_OPTION_LIMIT = 50;

/**
 * The choices matching a search text (case-insensitive, anywhere in the name), without the names already
 * chosen (in any mode), at most `limit`.
 */
export function matchingOptions(
  options: readonly string[],
  search: string,
  entries: readonly string[],
  limit = PICKER_OPTION_LIMIT,
): string[] {
  const chosen = new Set(entries.map(filterEntryName));
  const needle = search.trim().toLocaleLowerCase();
  const out: string[] = [];
  for (const option of options) {
    if (chosen.has(option)) continue;
    if (needle !== '' && !option.toLocaleLowerCase().includes(needle)) continue;
    out.push(option);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The tag choices in the order of the Web UI option tagSort: alphabetically sorts by name (ignoring case);
 * by-tag-count keeps the server's order (the filters call answers names only, no counts).
 */
export function sortTagOptions(tags: readonly string[], tagSort: TagSort): string[] {
  if (tagSort !== 'alphabetically') return [...tags];
  return [...tags].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** The mode of an entry and its name, for a chip. */
export const entryParts = (entry: string): { mode: FilterMode; name: string } => splitFilterEntry(entry);

/** The symbol a chip shows before the name: nothing for include, & for must have, ! for exclude. */
export const MODE_SYMBOL: Record<FilterMode, string> = { include: '', must: '&', exclude: '!' };
