/*
 * Calls the first screen needs, started before the app has loaded and rendered, so the server answers while
 * the browser is still busy with the JavaScript. The first apiCall that asks for exactly the same request
 * takes the answer, once; an answer nobody takes within EARLY_RESPONSE_TTL_MS is dropped.
 */

/** How long a started call waits to be taken. */
export const EARLY_RESPONSE_TTL_MS = 10_000;

interface EarlyResponse {
  response: Promise<Response>;
  startedAt: number;
}

const started = new Map<string, EarlyResponse>();

const keyOf = (method: string, url: string, body: string | undefined) => `${method} ${url} ${body ?? ''}`;

/** Starts a call now (GET without a body, or a JSON body), to be taken by the app's identical call. */
export function startEarlyRequest(method: 'GET' | 'POST', url: string, body?: string): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = fetch(url, { method, headers, body });
  // Nobody may take it: a failure must not be reported as unhandled.
  response.catch(() => undefined);
  started.set(keyOf(method, url, body), { response, startedAt: Date.now() });
}

/** The answer of a call started early with the same method, URL and body, once; undefined otherwise. */
export function takeEarlyResponse(
  method: string,
  url: string,
  body: string | undefined,
  now: number = Date.now(),
): Promise<Response> | undefined {
  const key = keyOf(method, url, body);
  const early = started.get(key);
  if (early === undefined) return undefined;
  started.delete(key);
  return now - early.startedAt <= EARLY_RESPONSE_TTL_MS ? early.response : undefined;
}

/** Forgets every started call (tests). */
export function clearEarlyResponses(): void {
  started.clear();
}
