import { HeresphereEvent, HeresphereRequestBody } from '@fovea/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { JsonSchema, OpenApiDocument } from '../helpers/openapi-operations';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Every string and array a request carries has a size bound (issue 19): walks the request parts (path
 * parameters, query, JSON body) of every operation of the app's own OpenAPI document, which is built from the
 * route schemas, and names each string without maxLength, array without maxItems and map without
 * maxProperties. The players' bodies, parsed by their own schemas, are walked too.
 */

/**
 * The one exception: the bundle restore's body is not parsed but streamed to disk and stopped at
 * MAX_BUNDLE_BYTES (a bundle is hundreds of MB), so its route declares no body schema at all.
 */
const STREAMED_BODIES = ['POST /api/task/bundle/restore'];

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** The places under `schema` that lack a bound, as "<where>: string|array|map". */
function unboundedParts(
  schema: JsonSchema | undefined,
  where: string,
  components: Record<string, JsonSchema> = {},
  seen: ReadonlySet<string> = new Set(),
): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    if (seen.has(name)) return [];
    return unboundedParts(components[name], `${where}<${name}>`, components, new Set([...seen, name]));
  }
  const found: string[] = [];
  const types = typesOf(schema);
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  if (types.includes('string') && schema.maxLength === undefined && !fixed) found.push(`${where}: string`);
  if (types.includes('array') && schema.maxItems === undefined && !schema.prefixItems) {
    found.push(`${where}: array`);
  }
  const open = typeof schema.additionalProperties === 'object' || schema.propertyNames !== undefined;
  if (types.includes('object') && open && schema.maxProperties === undefined) found.push(`${where}: map`);
  const walk = (child: JsonSchema | undefined, path: string) =>
    found.push(...unboundedParts(child, path, components, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    (schema[key] ?? []).forEach((child, index) => walk(child, `${where}|${index}`));
  }
  walk(schema.items, `${where}[]`);
  (schema.prefixItems ?? []).forEach((child, index) => walk(child, `${where}[${index}]`));
  for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, `${where}.${key}`);
  if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${where}.*`);
  walk(schema.propertyNames, `${where}{key}`);
  return found;
}

let app: FoveaApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await createTestApp();
  const response = await app.http.inject({ method: 'GET', url: '/api/openapi.json' });
  document = response.json<OpenApiDocument>();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('request size bounds', () => {
  it('finds unbounded parts (the walker itself)', () => {
    const schema = z.toJSONSchema(
      z.object({
        free: z.string(),
        named: z.string().max(5),
        list: z.array(z.string().max(3)),
        map: z.record(z.string().max(3), z.number()),
        choice: z.enum(['a', 'b']),
      }),
      { io: 'input' },
    ) as JsonSchema;
    expect(unboundedParts(schema, 'body')).toEqual([
      'body.free: string',
      'body.list: array',
      'body.map: map',
    ]);
  });

  it('has a bound on every string, array and map of every route’s params, query and JSON body', () => {
    const components = document.components?.schemas ?? {};
    const found: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const route = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          const where = `${route} ${parameter.in}:${parameter.name}`;
          found.push(...unboundedParts(parameter.schema, where, components));
        }
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
          found.push(...unboundedParts(content.schema, `${route} body(${type})`, components));
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('lets only the bundle restore take an unparsed, streamed body', () => {
    for (const route of STREAMED_BODIES) {
      const [method = '', path = ''] = route.split(' ');
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(operation?.requestBody, route).toBeUndefined();
    }
  });

  it('bounds the players’ bodies (HereSphere calls and events)', () => {
    for (const [name, schema] of Object.entries({ HeresphereRequestBody, HeresphereEvent })) {
      const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
      expect(unboundedParts(json, name)).toEqual([]);
    }
  });
});
