import { apiRoutes } from '@fovea/contract';
import type {
  ApiRouteName,
  ApiRoutes,
  ErrorIssue,
  RouteBody,
  RouteResponse,
  RouteSpec,
} from '@fovea/contract';
import type { z } from 'zod';
import { takeEarlyResponse } from './early-responses';
import { notifyUnauthorized } from './unauthorized';

/** Routes whose 401 means wrong credentials in the request, not a lost session. */
const CREDENTIAL_ROUTES: ReadonlySet<ApiRouteName> = new Set<ApiRouteName>([
  'authLogin',
  'authSetCredentials',
  'authDeleteCredentials',
]);

type RouteInput<N extends ApiRouteName, K extends 'params' | 'query'> =
  ApiRoutes[N] extends Record<K, z.ZodType>
    ? z.input<ApiRoutes[N][K]>
    : Record<string, string | number | boolean | undefined>;

export interface ApiCallOptions<N extends ApiRouteName> {
  /** JSON body; sent as application/json. */
  body?: RouteBody<N>;
  /** Values for `{name}` placeholders in the route's path. */
  params?: RouteInput<N, 'params'>;
  /** Query-string values; undefined and null values are left out. */
  query?: RouteInput<N, 'query'>;
  signal?: AbortSignal;
  /** Abort the call after this many milliseconds (no limit by default). */
  timeoutMs?: number;
  /** Let the request outlive the page (a report sent while the page is being left). */
  keepalive?: boolean;
}

/** A non-2xx answer (or a failed connection, status 0), with the server's `{error, message, issues}`. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly error: string;
  readonly issues: ErrorIssue[];
  /** The answer's Retry-After in seconds (429), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    error: string,
    message: string,
    issues: ErrorIssue[] = [],
    retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.error = error;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills `{name}` placeholders of a route path. Throws when a placeholder has no value. */
export function buildPath(template: string, params: unknown): string {
  const values = isRecord(params) ? params : {};
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}

export function buildQuery(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Retry-After in seconds (the delay form; an HTTP date is turned into seconds from now), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds) : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function toRequestError(response: Response, body: unknown): ApiRequestError {
  const { status, statusText } = response;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (isRecord(body) && typeof body.message === 'string') {
    const issues = Array.isArray(body.issues) ? (body.issues as ErrorIssue[]) : [];
    const error = typeof body.error === 'string' ? body.error : statusText;
    return new ApiRequestError(status, error, body.message, issues, retryAfter);
  }
  const text = typeof body === 'string' && body.trim() !== '' ? body.trim() : statusText;
  return new ApiRequestError(status, statusText, text, [], retryAfter);
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function combineSignals(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): AbortSignal | undefined {
  const signals: AbortSignal[] = [];
  if (signal) signals.push(signal);
  if (timeoutMs !== undefined) signals.push(AbortSignal.timeout(timeoutMs));
  if (signals.length === 0) return undefined;
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

/**
 * Calls one route of the contract's route table. JSON in and out; an empty 2xx body gives null; a non-2xx
 * answer throws ApiRequestError. A 401 of a route that needs a session is also reported to onUnauthorized.
 */
export async function apiCall<N extends ApiRouteName>(
  name: N,
  options: ApiCallOptions<N> = {},
): Promise<RouteResponse<N>> {
  const route: RouteSpec = apiRoutes[name];
  const url = buildPath(route.path, options.params) + buildQuery(options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: route.method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  } else if (route.method === 'PUT' || route.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    init.body = '{}';
  }
  const signal = combineSignals(options.signal, options.timeoutMs);
  if (signal) init.signal = signal;
  if (options.keepalive) init.keepalive = true;

  let response: Response;
  try {
    const body = typeof init.body === 'string' ? init.body : undefined;
    response = await (takeEarlyResponse(route.method, url, body) ?? fetch(url, init));
  } catch (cause) {
    if (cause instanceof DOMException && (cause.name === 'AbortError' || cause.name === 'TimeoutError')) {
      throw cause;
    }
    throw new ApiRequestError(0, 'Network Error', cause instanceof Error ? cause.message : String(cause));
  }
  const body = parseBody(await response.text());
  if (response.status === 401 && !CREDENTIAL_ROUTES.has(name)) notifyUnauthorized();
  if (!response.ok) throw toRequestError(response, body);
  return body as RouteResponse<N>;
}
