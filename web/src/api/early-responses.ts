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

/** A call the page's inline script (web/index.html) started; `response` is undefined when it held it back. */
export interface PageEarlyRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  startedAt: number;
  response: Promise<Response | undefined>;
}

declare global {
  interface Window {
    foveaEarlyRequests?: PageEarlyRequest[];
  }
}

function send(method: string, url: string, body: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url, { method, headers, body });
}

/**
 * Keeps a started call to be taken. A call held back (no session yet: `sent` gives undefined) is sent only if
 * the app has already taken it, as the app's own; otherwise it is forgotten.
 */
function keep(
  method: string,
  url: string,
  body: string | undefined,
  sent: Promise<Response | undefined>,
  startedAt: number,
): void {
  const key = keyOf(method, url, body);
  const response: Promise<Response> = sent.then((answer) => {
    if (answer !== undefined) return answer;
    if (started.get(key)?.response !== response) return send(method, url, body);
    started.delete(key);
    return Promise.reject(new Error('Not sent: no session'));
  });
  // Nobody may take it: a failure must not be reported as unhandled.
  response.catch(() => undefined);
  started.set(key, { response, startedAt });
}

/** Whether a call with this method, URL and body is started and not taken yet. */
export function isEarlyRequestStarted(method: string, url: string, body?: string): boolean {
  return started.has(keyOf(method, url, body));
}

/**
 * Starts a call now (GET without a body, or a JSON body), to be taken by the app's identical call, unless the
 * same call is started already. With `after`, the call waits for it: true sends it; false (no session yet)
 * sends nothing unless the app has already taken the call, which then goes out as the app's own.
 */
export function startEarlyRequest(
  method: 'GET' | 'POST',
  url: string,
  body?: string,
  after?: Promise<boolean>,
): void {
  if (isEarlyRequestStarted(method, url, body)) return;
  const sent =
    after === undefined
      ? send(method, url, body)
      : after.catch(() => false).then((go) => (go ? send(method, url, body) : undefined));
  keep(method, url, body, sent, Date.now());
}

/** Takes over the calls the page's inline script started, once (main.tsx, before anything asks). */
export function adoptPageEarlyRequests(
  requests: PageEarlyRequest[] | undefined = window.foveaEarlyRequests,
): void {
  for (const request of requests ?? []) {
    keep(request.method, request.url, request.body, request.response, request.startedAt);
  }
  window.foveaEarlyRequests = undefined;
}

/**
 * A copy of a started call's answer, leaving the original to be taken. Call it right after startEarlyRequest,
 * before anything can read the original's body.
 */
export function peekEarlyResponse(method: string, url: string, body?: string): Promise<Response> | undefined {
  return started.get(keyOf(method, url, body))?.response.then((response) => response.clone());
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
