import fc from 'fast-check';
import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  resolve,
} from '../helpers/openapi-operations';

/*
 * Bad requests for the generated bad-input test, built from the app's OpenAPI document: per operation a fixed
 * list (wrong types, over-bound and 1 MB strings, long arrays, deep nesting, null bytes, traversal, invalid
 * JSON, wrong content types, out-of-range numbers, odd unicode) and a fast-check arbitrary of random ones.
 */

export interface BadRequest {
  label: string;
  method: Operation['method'];
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

/** A JSON number literal JSON.stringify cannot write (1e309, 2^63); put in place of its marker. */
const RAW = '~raw~';
const raw = (literal: string) => `${RAW}${literal}`;
const MB = 1024 * 1024;

/** Odd strings every string field gets: null byte, traversal, a lone surrogate, SQL and LIKE metacharacters. */
const ODD_STRINGS = ['a\u0000b', '../../../../etc/passwd', '\ud800', "'; DROP TABLE scenes; --", '_%\\'];
/** More odd strings, for the random runs: encoded traversal, bidi and zero-width marks, combining marks, emoji. */
const MORE_ODD_STRINGS = [
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u202egnp.exe',
  '\ufeff\u200b\u200d',
  'e\u0301\u0301\u0301',
  '🧑‍🤝‍🧑'.repeat(50),
  '%',
];
const ODD_NUMBERS = [raw('1e309'), raw('-1e309'), -1, raw('9223372036854775808'), 1.5, raw('-0'), 2 ** 53];
const PATH_VALUES = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%ZZ',
  '-1',
  '1e309',
  '9223372036854775808',
  '1.5',
  '%F0%9F%98%80',
  '%ED%A0%80',
  'x'.repeat(2001),
];

const typeOf = (schema: JsonSchema): string | undefined => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.find((type) => type !== 'null') ?? types[0];
};

/** A plausible value of `schema` (valid where it is easy to be): the base a bad field is put into. */
export function sample(schema: JsonSchema | undefined, doc: OpenApiDocument, depth = 0): unknown {
  const s = resolve(schema, doc);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf ?? s.allOf;
  if (options?.length) {
    const first = options.find((option) => resolve(option, doc).type !== 'null') ?? options[0];
    return sample(first, doc, depth + 1);
  }
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (s.format === 'date') return '2024-01-01';
      if (s.format === 'uri') return 'https://example.com/a.jpg';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((item) => sample(item, doc, depth + 1));
      const count = Math.min(s.minItems ?? 0, 3);
      return Array.from({ length: count }, () => sample(s.items, doc, depth + 1));
    }
    case 'object': {
      if (depth > 6) return {};
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties ?? {}).filter(([key]) => required.has(key));
      return Object.fromEntries(entries.map(([key, child]) => [key, sample(child, doc, depth + 1)]));
    }
    default:
      return 'x';
  }
}

/**
 * Wrong-typed and out-of-bound values for a field of `schema`. `every`: all the odd strings or numbers (the first
 * field of each kind in a body); other fields get one of each (the random runs mix in the rest).
 */
function badValues(schema: JsonSchema, doc: OpenApiDocument, every: boolean): unknown[] {
  const s = resolve(schema, doc);
  const type = typeOf(s);
  const values: unknown[] = [null, { nested: { deeper: [1, 'two'] } }];
  if (type === 'string' || s.enum) {
    values.push(12345, ...(every ? ODD_STRINGS : ODD_STRINGS.slice(0, 1)));
    if (s.maxLength !== undefined) values.push('y'.repeat(s.maxLength + 1));
  } else if (type === 'integer' || type === 'number') {
    values.push('12', ...(every ? ODD_NUMBERS : ODD_NUMBERS.slice(0, 3)));
  } else if (type === 'boolean') {
    values.push('yes', 1);
  } else if (type === 'array') {
    values.push('a');
    const item = sample(s.items, doc);
    if (s.maxItems !== undefined) values.push(Array.from({ length: s.maxItems + 1 }, () => item));
    values.push([null, 12345, ODD_STRINGS[0]]);
  } else if (type === 'object') {
    values.push([]);
  } else {
    values.push(12345);
  }
  return values;
}

/** The largest values a field takes (at its bound): what an accepted request can make the server do at most. */
function maximalValues(schema: JsonSchema, doc: OpenApiDocument): unknown[] {
  const s = resolve(schema, doc);
  const type = typeOf(s);
  if (type === 'string' && s.maxLength !== undefined && !s.enum) return ['m'.repeat(s.maxLength)];
  if (type === 'array' && s.maxItems !== undefined && s.items) {
    const items = resolve(s.items, doc);
    const item = sample(items, doc);
    const distinct = (i: number) => (typeOf(items) === 'string' && !items.enum ? `m${i}` : item);
    return [Array.from({ length: s.maxItems }, (_v, i) => distinct(i))];
  }
  return [];
}

/** The field paths a body mutation targets: top-level properties and one level below. */
function fieldPaths(
  schema: JsonSchema | undefined,
  doc: OpenApiDocument,
): { path: string[]; schema: JsonSchema }[] {
  const s = resolve(schema, doc);
  const variants = [s, ...(s.anyOf ?? s.oneOf ?? s.allOf ?? []).map((option) => resolve(option, doc))];
  const paths: { path: string[]; schema: JsonSchema }[] = [];
  for (const variant of variants) {
    for (const [key, child] of Object.entries(variant.properties ?? {})) {
      paths.push({ path: [key], schema: child });
      const inner = resolve(child, doc);
      for (const [subKey, grandchild] of Object.entries(inner.properties ?? {})) {
        paths.push({ path: [key, subKey], schema: grandchild });
      }
    }
  }
  return paths;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const root: Record<string, unknown> =
    typeof base === 'object' && base !== null && !Array.isArray(base)
      ? (structuredClone(base) as Record<string, unknown>)
      : {};
  let target = root;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    target[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? { ...next } : {};
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1] ?? 'x'] = value;
  return root;
}

/** JSON text with the RAW markers replaced by their literals. */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), '$1');
}

function urlOf(op: Operation, doc: OpenApiDocument, params: Record<string, string> = {}, query = ''): string {
  let path = op.path;
  for (const param of op.params) {
    const value = params[param.name] ?? encodeURIComponent(String(sample(param.schema, doc)));
    path = path.replace(`{${param.name}}`, param.name === '*' ? `300x/${value}` : value);
  }
  const defaultQuery = op.query
    .filter((param) => !(param.name in params))
    .map((param) => `${param.name}=${encodeURIComponent(String(sample(param.schema, doc)))}`);
  const parts = [query, ...(query ? [] : defaultQuery)].filter(Boolean);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

const json = { 'content-type': 'application/json' };

/** The fixed bad requests of one operation. */
export function fixedCases(op: Operation, doc: OpenApiDocument): BadRequest[] {
  const cases: BadRequest[] = [];
  const add = (label: string, request: Omit<BadRequest, 'label' | 'method'>) =>
    cases.push({ label, method: op.method, ...request });
  const base = op.body ? sample(op.body, doc) : undefined;
  const basePayload = op.body ? { headers: json, payload: jsonText(base) } : {};

  for (const param of op.params) {
    for (const value of PATH_VALUES) {
      add(`path ${param.name}=${value.slice(0, 40)}`, {
        url: urlOf(op, doc, { [param.name]: value }),
        ...basePayload,
      });
    }
  }
  for (const param of op.query) {
    const s = resolve(param.schema, doc);
    const values = [
      'not-a-value',
      '-1',
      '1e309',
      '%00',
      'a%00b',
      '%ZZ',
      '..%2F..%2Fetc%2Fpasswd',
      '%ED%A0%80',
    ];
    values.push('z'.repeat((s.maxLength ?? 2000) + 1));
    for (const value of values) {
      add(`query ${param.name}=${value.slice(0, 40)}`, {
        url: urlOf(op, doc, {}, `${param.name}=${value}`),
        ...basePayload,
      });
    }
    add(`query ${param.name} twice`, {
      url: urlOf(op, doc, {}, `${param.name}=1&${param.name}=2`),
      ...basePayload,
    });
  }
  if (op.method === 'GET' || op.method === 'HEAD') {
    add('unknown query parameters', { url: urlOf(op, doc, {}, `zz=${'q'.repeat(5000)}&__proto__=1`) });
    return cases;
  }
  const url = urlOf(op, doc);
  add('invalid JSON', { url, headers: json, payload: '{"a":' });
  add('empty JSON body', { url, headers: json, payload: '' });
  add('text/plain', { url, headers: { 'content-type': 'text/plain' }, payload: jsonText(base ?? {}) });
  add('form', { url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b&c=d' });
  add('xml', { url, headers: { 'content-type': 'application/xml' }, payload: '<a>b</a>' });
  add('no content type', { url, payload: jsonText(base ?? {}) });
  add('odd charset', { url, headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' });
  for (const value of [[], 'text', 42, null, true]) {
    add(`top-level ${JSON.stringify(value)}`, { url, headers: json, payload: JSON.stringify(value) });
  }
  add('deep arrays', { url, headers: json, payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` });
  add('deep objects', { url, headers: json, payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` });
  add('proto poisoning', { url, headers: json, payload: '{"__proto__":{"polluted":true}}' });
  add('constructor poisoning', {
    url,
    headers: json,
    payload: '{"constructor":{"prototype":{"polluted":true}}}',
  });
  add('1 MB + 1 body', { url, headers: json, payload: JSON.stringify({ x: 'a'.repeat(MB + 1) }) });
  const kindsSeen = new Set<string | undefined>();
  for (const field of fieldPaths(op.body, doc)) {
    const kind = typeOf(resolve(field.schema, doc));
    const every = !kindsSeen.has(kind);
    kindsSeen.add(kind);
    for (const value of [...badValues(field.schema, doc, every), ...maximalValues(field.schema, doc)]) {
      const payload = jsonText(withValue(base, field.path, value));
      add(
        `body ${field.path.join('.')}=${payload.length > 60 ? `${typeof value} (${payload.length} chars)` : jsonText(value)}`,
        {
          url,
          headers: json,
          payload,
        },
      );
    }
  }
  return cases;
}

/** Random bad requests: a random value in a random field, random path and query text, random JSON bodies. */
export function randomCase(
  ops: readonly Operation[],
  doc: OpenApiDocument,
): fc.Arbitrary<{ op: Operation; request: BadRequest }> {
  const text = fc.string({ unit: 'binary', maxLength: 300 });
  const oddValue = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom<unknown>(...ODD_STRINGS, ...MORE_ODD_STRINGS, ...ODD_NUMBERS),
    fc.string({ unit: 'binary', maxLength: 2000 }),
  );
  return fc.integer({ min: 0, max: ops.length - 1 }).chain((index) => {
    const op = ops[index] as Operation;
    const fields = fieldPaths(op.body, doc);
    const base = op.body ? sample(op.body, doc) : undefined;
    const byParam: fc.Arbitrary<BadRequest> | null = op.params.length
      ? fc.tuple(fc.constantFrom(...op.params), text).map(([param, value]) => ({
          label: `random path ${param.name}`,
          method: op.method,
          url: urlOf(op, doc, { [param.name]: encodeURIComponent(value) }),
          ...(op.body ? { headers: json, payload: jsonText(base) } : {}),
        }))
      : null;
    const byQuery: fc.Arbitrary<BadRequest> = fc
      .tuple(op.query.length ? fc.constantFrom(...op.query.map((param) => param.name)) : text, text)
      .map(([name, value]) => ({
        label: `random query ${name.slice(0, 20)}`,
        method: op.method,
        url: urlOf(op, doc, {}, `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
        ...(op.body ? { headers: json, payload: jsonText(base) } : {}),
      }));
    const withBody = op.method !== 'GET' && op.method !== 'HEAD';
    const byField: fc.Arbitrary<BadRequest> | null =
      withBody && fields.length
        ? fc.tuple(fc.constantFrom(...fields), oddValue).map(([field, value]) => ({
            label: `random body ${field.path.join('.')}`,
            method: op.method,
            url: urlOf(op, doc),
            headers: json,
            payload: jsonText(withValue(base, field.path, value)),
          }))
        : null;
    const byBody: fc.Arbitrary<BadRequest> | null = withBody
      ? fc
          .oneof(
            fc.jsonValue({ maxDepth: 5 }).map((value) => jsonText(value)),
            text,
          )
          .map((payload) => ({
            label: 'random body',
            method: op.method,
            url: urlOf(op, doc),
            headers: json,
            payload,
          }))
      : null;
    const choices = [byParam, byQuery, byField, byBody].filter(
      (choice): choice is fc.Arbitrary<BadRequest> => choice !== null,
    );
    return fc.oneof(...choices).map((request) => ({ op, request }));
  });
}
