import type { FastifyRequest } from 'fastify';
import { API_KEY_HEADER } from '@fovea/contract';
import type { AuthRequest } from './auth.service';

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** The API key of a request: X-Api-Key, or `Authorization: Bearer <key>`. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = first(request.headers[API_KEY_HEADER])?.trim();
  if (header !== undefined && header !== '') return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(first(request.headers.authorization) ?? '');
  return bearer?.[1];
}

/**
 * Whether the browser reached Fovea over https: the connection's own, or a proxy's X-Forwarded-Proto (a false
 * https only makes the cookie Secure, which that client then cannot use over plain http).
 */
function overHttps(request: FastifyRequest): boolean {
  const forwarded = first(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  return request.protocol === 'https' || forwarded === 'https';
}

/** What the login rules read from a request. */
export function authRequest(request: FastifyRequest): AuthRequest {
  return {
    cookie: first(request.headers.cookie),
    apiKey: apiKeyOf(request),
    address: request.ip,
    secure: overHttps(request),
  };
}
