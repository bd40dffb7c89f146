/**
 * The subset of gjson path syntax (github.com/tidwall/gjson) that trailer scrapes use, over parsed JSON:
 *
 * - `a.b.c`: object keys, one per dot; `\.` (and `\*`, `\?`) escape a dot or wildcard inside a key.
 * - `*` and `?` in a key: wildcards (any run / one character); the first matching key, in document order.
 * - `0`, `1`, ...: an array index.
 * - `#`: an array's length, at the end of a path; `#.rest` maps `rest` over the elements (misses dropped).
 * - `#(key==value)`: the first element matching; `#(key==value)#`: all of them, and a following `.rest` maps
 *   over those. Operators `==`, `!=`, `<`, `<=`, `>`, `>=`, `%` (wildcard match), `!%`; the value is a
 *   "quoted string", a number, true, false or null; `key` is itself a path of this subset.
 *
 * Not supported (they answer "missing"): modifiers (`@reverse`...), multipaths (`[a,b]`, `{a,b}`), `|` pipes,
 * JSON Lines (`..`). The answer is the JSON value found, or undefined when the path matches nothing.
 */

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits at unescaped dots outside `#(...)` and quotes; escapes are kept for the key matcher. */
export function splitPath(path: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const char = path[i] ?? '';
    if (char === '\\' && i + 1 < path.length) {
      current += char + (path[i + 1] ?? '');
      i++;
      continue;
    }
    if (quoted) {
      if (char === '"') quoted = false;
    } else if (char === '"' && depth > 0) {
      quoted = true;
    } else if (char === '(') {
      depth++;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === '.' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

/** A key component as a literal (escapes removed) or, with unescaped `*`/`?`, as an anchored pattern. */
function keyMatcher(component: string): { literal: string } | { pattern: RegExp } {
  let literal = '';
  let source = '';
  let wild = false;
  for (let i = 0; i < component.length; i++) {
    const char = component[i] ?? '';
    if (char === '\\' && i + 1 < component.length) {
      const next = component[i + 1] ?? '';
      literal += next;
      source += next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      i++;
    } else if (char === '*' || char === '?') {
      wild = true;
      source += char === '*' ? '.*' : '.';
    } else {
      literal += char;
      source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return wild ? { pattern: new RegExp(`^${source}$`, 's') } : { literal };
}

/** gjson's `%` match: `*` any run, `?` one character, everything else literal. */
function wildcardMatch(text: string, pattern: string): boolean {
  const matcher = keyMatcher(pattern);
  return 'literal' in matcher ? matcher.literal === text : matcher.pattern.test(text);
}

interface Condition {
  path: string;
  op: string;
  value: Json;
}

function parseLiteral(text: string): Json {
  const trimmed = text.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : trimmed;
}

function parseCondition(inner: string): Condition | null {
  const match = /^(.*?)(==|!=|<=|>=|!%|<|>|%)(.*)$/s.exec(inner);
  if (!match) return inner.trim() === '' ? null : { path: inner.trim(), op: 'exists', value: null };
  return { path: (match[1] ?? '').trim(), op: match[2] ?? '', value: parseLiteral(match[3] ?? '') };
}

function compare(left: Json, op: string, right: Json): boolean {
  if (op === 'exists') return left !== undefined;
  if (left === undefined) return false;
  if (op === '%' || op === '!%') {
    const hit = typeof left === 'string' && typeof right === 'string' && wildcardMatch(left, right);
    return op === '%' ? hit : !hit;
  }
  if (op === '==') return left === right;
  if (op === '!=') return left !== right;
  const comparable =
    (typeof left === 'number' && typeof right === 'number') ||
    (typeof left === 'string' && typeof right === 'string');
  if (!comparable) return false;
  const a = left as number | string;
  const b = right as number | string;
  if (op === '<') return a < b;
  if (op === '<=') return a <= b;
  if (op === '>') return a > b;
  return a >= b;
}

function matches(element: Json, condition: Condition): boolean {
  const left =
    condition.path === '' || condition.path === '@this' ? element : walk(element, splitPath(condition.path));
  return compare(left, condition.op, condition.value);
}

function walk(value: Json, parts: readonly string[]): Json {
  if (parts.length === 0) return value;
  const [head = '', ...rest] = parts;
  if (Array.isArray(value)) {
    if (head === '#') {
      if (rest.length === 0) return value.length;
      return value.map((element) => walk(element, rest)).filter((found) => found !== undefined);
    }
    const query = /^#\((.*)\)(#?)$/s.exec(head);
    if (query) {
      const condition = parseCondition(query[1] ?? '');
      if (!condition) return undefined;
      const hits = value.filter((element) => matches(element, condition));
      if (query[2] === '#') {
        if (rest.length === 0) return hits;
        return hits.map((element) => walk(element, rest)).filter((found) => found !== undefined);
      }
      return hits.length > 0 ? walk(hits[0], rest) : undefined;
    }
    if (/^\d+$/.test(head)) {
      const index = Number(head);
      return index < value.length ? walk(value[index], rest) : undefined;
    }
    return undefined;
  }
  if (isRecord(value)) {
    const matcher = keyMatcher(head);
    if ('literal' in matcher) {
      return Object.hasOwn(value, matcher.literal) ? walk(value[matcher.literal], rest) : undefined;
    }
    const key = Object.keys(value).find((candidate) => matcher.pattern.test(candidate));
    return key === undefined ? undefined : walk(value[key], rest);
  }
  return undefined;
}

/** The value at `path` in `json` (already parsed), or undefined; an empty path finds nothing, as in gjson. */
export function jsonGet(json: Json, path: string): Json {
  if (path === '' || json === undefined) return undefined;
  return walk(json, splitPath(path));
}

/** gjson's `String()`: strings as they are, numbers and booleans as text, objects and arrays as JSON, else ''. */
export function jsonString(value: Json): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

/**
 * gjson's `ForEach`: an array's elements, an object's [key, value] pairs, a single other value once, nothing
 * for a missing value. Array elements come with their index as the key.
 */
export function jsonEntries(value: Json): [string, Json][] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((element, index) => [String(index), element]);
  if (isRecord(value)) return Object.entries(value);
  return [['', value]];
}
