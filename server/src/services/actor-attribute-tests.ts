import type { ActorAttributeField } from '@fovea/contract';
import type { ActorAttributeTest } from '../repositories/actor-list/actor-query';

/** Text as SQLite's NOCASE compares it: only ASCII letters fold. */
const nocase = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The values of `tests` of one field, per field. */
function valuesByField(tests: readonly ActorAttributeTest[]): Map<ActorAttributeField, string[][]> {
  const byField = new Map<ActorAttributeField, string[][]>();
  for (const test of tests) {
    if (test.kind !== 'field') continue;
    const lists = byField.get(test.field);
    if (lists) lists.push([...test.values]);
    else byField.set(test.field, [[...test.values]]);
  }
  return byField;
}

/** The values every list holds (compared as NOCASE does). */
function common(lists: readonly string[][]): string[] {
  const [first = [], ...rest] = lists;
  const others = rest.map((list) => new Set(list.map(nocase)));
  return [...new Set(first.filter((value) => others.every((set) => set.has(nocase(value)))))];
}

/**
 * The tests of one prefix group as few distinct tests: each fixed attribute and "none" once, and one test per
 * field. For 'any' (plain entries, or excluded ones: none of any) a field's test takes the values of all its
 * entries; for 'each' (`&` entries) the values they all accept, as an actor has one value per field (no
 * common value: a test nothing passes).
 */
export function mergeTests(tests: readonly ActorAttributeTest[], mode: 'any' | 'each'): ActorAttributeTest[] {
  const merged: ActorAttributeTest[] = [];
  const fixed = new Set<string>();
  let none = false;
  for (const test of tests) {
    if (test.kind === 'fixed' && !fixed.has(test.name)) {
      fixed.add(test.name);
      merged.push(test);
    } else if (test.kind === 'none' && !none) {
      none = true;
      merged.push(test);
    }
  }
  for (const [field, lists] of valuesByField(tests)) {
    const values = mode === 'any' ? [...new Set(lists.flat())] : common(lists);
    merged.push({ kind: 'field', field, values });
  }
  return merged;
}
