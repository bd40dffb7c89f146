/*
 * The operations of the app's OpenAPI document (GET /api/openapi.json) in a form tests walk: path and query
 * parameters with their JSON schemas, and the JSON body's schema.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Operation {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form: /api/scene/{id}, /img/{*}. */
  path: string;
  params: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

export function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    current = doc.components?.schemas?.[current.$ref.split('/').pop() ?? ''] ?? {};
  }
  return current;
}

/** The operations of the document, in a stable order (see `rank`). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        ...(body ? { body } : {}),
      });
    }
  }
  return ops.sort((a, b) => rank(a) - rank(b));
}

/**
 * Players first (while their login is off, as on a fresh install, so no call waits for bcrypt), deletions last
 * (so they remove seeded rows late).
 */
function rank(op: Operation): number {
  if (/^\/(heresphere|deovr)(\/|$)/.test(op.path)) return 0;
  return op.method === 'DELETE' ? 2 : 1;
}
