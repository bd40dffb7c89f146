import { splitFilterEntry } from '@fovea/contract';

/**
 * The entries of one list filter, split by prefix: plain (any of), `&` (must have each), `!` (exclude); an
 * entry repeated counts once.
 */
export interface GroupedEntries {
  include: string[];
  must: string[];
  exclude: string[];
}

export function groupEntries(entries: readonly string[]): GroupedEntries {
  const seen = { include: new Set<string>(), must: new Set<string>(), exclude: new Set<string>() };
  for (const entry of entries) {
    const { mode, name } = splitFilterEntry(entry);
    if (name !== '') seen[mode].add(name);
  }
  return { include: [...seen.include], must: [...seen.must], exclude: [...seen.exclude] };
}

export const allNames = (grouped: GroupedEntries): string[] => [
  ...new Set([...grouped.include, ...grouped.must, ...grouped.exclude]),
];
