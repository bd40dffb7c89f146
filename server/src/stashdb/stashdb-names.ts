import type { StashPerformer } from './stashdb.schemas';

/**
 * A name reduced for comparison: lowercase letters and digits only, accents dropped ("Chloé Doe-Smith" and
 * "chloe doesmith" agree). '' when nothing is left.
 */
export function simplifyName(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The strings of a JSON list (an actor's `aliases` column); [] when it is not one. */
export function parseNameList(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The simplified forms of some names, without empties. */
export function nameKeys(names: readonly string[]): Set<string> {
  return new Set(names.map(simplifyName).filter((key) => key !== ''));
}

/** The simplified names a StashDB performer goes by: name, aliases and the name it appears as. */
export function performerKeys(performer: StashPerformer, appearsAs?: string | null): Set<string> {
  return nameKeys([performer.name, ...(performer.aliases ?? []), ...(appearsAs ? [appearsAs] : [])]);
}

export function sharesKey(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const key of a) if (b.has(key)) return true;
  return false;
}

/**
 * The studio name StashDB is asked for: the site name without a trailing " (...)" qualifier, as in
 * "SLR Originals (SLR)" -> "SLR Originals".
 */
export function studioSearchName(site: string): string {
  return site.replace(/\s*\([^()]*\)\s*$/, '').trim();
}
