import { STATUS_CODES } from 'node:http';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from '@fastify/type-provider-zod';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError, ErrorIssue } from '@fovea/contract';
import { BadRequestError, HttpError } from './http-errors';

function reason(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

function send(reply: FastifyReply, status: number, message: string, issues?: ErrorIssue[]): void {
  const body: ApiError = { error: reason(status), message, ...(issues ? { issues } : {}) };
  void reply.status(status).type('application/json').send(body);
}

type ValidationIssue = FastifyError['validation'] extends (infer T)[] | undefined ? T : never;

/** Zod issues as `{path, message, code}`; the path starts with the part of the request (body, querystring...). */
function toIssues(error: FastifyError): ErrorIssue[] {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? []).map((issue: ValidationIssue) => {
    const params = (issue.params ?? {}) as { issue?: { path?: (string | number)[]; code?: string } };
    // The JSON-pointer form carries array indices as text: "tags/0" is index 0 (no request key is all digits).
    const path = params.issue?.path ?? issue.instancePath.split('/').filter(Boolean).map(pointerPart);
    return {
      path: [context, ...path.map((part) => (typeof part === 'number' ? part : String(part)))],
      message: issue.message ?? 'invalid',
      ...(params.issue?.code ? { code: params.issue.code } : {}),
    };
  });
}

const pointerPart = (part: string): string | number => (/^\d+$/.test(part) ? Number(part) : part);

function describe(issues: ErrorIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `Invalid input. ${parts.join('; ')}${more}`;
}

/**
 * The one error handler: invalid input 400 {error, message, issues}, services' HttpErrors with their status,
 * Fastify's own 4xx (bad JSON, too large...) as they are, and everything else 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = toIssues(error);
      send(reply, 400, describe(issues), issues);
      return;
    }
    if (error instanceof HttpError) {
      const issues = error instanceof BadRequestError && error.issues.length > 0 ? error.issues : undefined;
      send(reply, error.statusCode, error.message, issues);
      return;
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      send(reply, 500, 'The server produced an invalid answer; see the server log.');
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      send(reply, status, error.message);
      return;
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
    send(reply, 500, 'Something went wrong on the server; see the server log.');
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    send(reply, 404, `No route ${request.method} ${request.url.split('?')[0] ?? ''}`);
  });
}
