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

/**
 * Starts a call now (GET without a body, or a JSON body), to be taken by the app's identical call. With `after`,
 * the call waits for it: true sends it; false (no session yet) sends nothing unless the app has already taken
 * the call, which then goes out as the app's own.
 */
export function startEarlyRequest(
  method: 'GET' | 'POST',
  url: string,
  body?: string,
  after?: Promise<boolean>,
): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const send = () => fetch(url, { method, headers, body });
  const key = keyOf(method, url, body);
  const response: Promise<Response> =
    after === undefined
      ? send()
      : after
          .catch(() => false)
          .then((go) => {
            if (go || started.get(key)?.response !== response) return send();
            started.delete(key);
            return Promise.reject(new Error('Not sent: no session'));
          });
  // Nobody may take it: a failure must not be reported as unhandled.
  response.catch(() => undefined);
  started.set(key, { response, startedAt: Date.now() });
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
