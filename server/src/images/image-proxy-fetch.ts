import { fetch, type Dispatcher, type Response } from 'undici';
import { ForbiddenAddressError, type OutgoingAddressGuard } from '../http/outgoing-address';

/**
 * Fetching a remote image for the image proxy: http(s) only, to addresses the guard allows, bounded in time,
 * size and redirects.
 */

export interface FetchLimits {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 15_000,
  maxBytes: 25 * 1024 * 1024,
  maxRedirects: 5,
  // Like XBVR's imageproxy, a browser's User-Agent: some image CDNs refuse anything else.
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

export type FetchFailureKind =
  | 'not-found'
  | 'upstream-status'
  | 'unreachable'
  | 'timeout'
  | 'too-big'
  | 'redirects'
  | 'not-image'
  | 'forbidden-address';

export class ImageFetchError extends Error {
  constructor(
    readonly kind: FetchFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

export interface FetchedBody {
  bytes: Buffer;
  contentType: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** Where fetches go: the address guard and the Agent pinned to its checks (see pinnedAgent). */
export interface FetchTransport {
  guard: OutgoingAddressGuard;
  dispatcher: Dispatcher;
}

/**
 * GETs `url`, following at most `maxRedirects` redirects to http(s) URLs, and reads at most `maxBytes`. Every
 * URL, redirect targets included, is checked against the address policy before it is requested.
 */
export async function fetchRemoteImage(
  url: URL,
  limits: FetchLimits,
  transport: FetchTransport,
): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const refusal = transport.guard.literalRefusal(current.hostname);
    if (refusal) throw new ImageFetchError('forbidden-address', `refused: ${refusal}`);
    let response: Response;
    try {
      response = await fetch(current, {
        redirect: 'manual',
        signal,
        dispatcher: transport.dispatcher,
        headers: { 'user-agent': limits.userAgent, accept: ACCEPT },
      });
    } catch (error) {
      throw networkFailure(error, signal);
    }
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      current = nextLocation(current, response.headers.get('location'), redirects, limits.maxRedirects);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const notFound = response.status === 404 || response.status === 410;
      throw new ImageFetchError(
        notFound ? 'not-found' : 'upstream-status',
        `upstream answered ${response.status}`,
      );
    }
    return {
      bytes: await readBounded(response, limits.maxBytes, signal),
      contentType: contentType(response),
    };
  }
}

function nextLocation(from: URL, location: string | null, redirects: number, maxRedirects: number): URL {
  if (redirects >= maxRedirects)
    throw new ImageFetchError('redirects', `more than ${maxRedirects} redirects`);
  if (!location) throw new ImageFetchError('upstream-status', 'a redirect without a Location');
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new ImageFetchError('upstream-status', 'a redirect to an invalid URL');
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new ImageFetchError('redirects', `a redirect to a ${next.protocol} URL`);
  }
  return next;
}

function contentType(response: Response): string | null {
  return response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || null;
}

function networkFailure(error: unknown, signal: AbortSignal): ImageFetchError {
  if (signal.aborted) return new ImageFetchError('timeout', 'the remote host took too long');
  const forbidden = error instanceof Error ? forbiddenCause(error) : null;
  if (forbidden) return new ImageFetchError('forbidden-address', `refused: ${forbidden.message}`);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new ImageFetchError('unreachable', `the remote host could not be reached (${cause})`);
}

/** The address refusal somewhere in an error's causes (undici wraps the connect error). */
function forbiddenCause(error: Error): ForbiddenAddressError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof ForbiddenAddressError) return current;
    current = current.cause;
  }
  return null;
}

/** The body, refusing (and cancelling the download) once it grows past `maxBytes`. */
async function readBounded(response: Response, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooBig = () => new ImageFetchError('too-big', `the image is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooBig();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    throw networkFailure(error, signal);
  }
  return Buffer.concat(chunks);
}
