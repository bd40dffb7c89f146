import { splitFilterEntry } from '@fovea/contract';

/** The entries of one list filter, split by prefix: plain (any of), `&` (must have each), `!` (exclude). */
export interface GroupedEntries {
  include: string[];
  must: string[];
  exclude: string[];
}

export function groupEntries(entries: readonly string[]): GroupedEntries {
  const grouped: GroupedEntries = { include: [], must: [], exclude: [] };
  for (const entry of entries) {
    const { mode, name } = splitFilterEntry(entry);
    if (name === '') continue;
    grouped[mode].push(name);
  }
  return grouped;
}

export const allNames = (grouped: GroupedEntries): string[] => [
  ...new Set([...grouped.include, ...grouped.must, ...grouped.exclude]),
];
