import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { BundleSourceError, BundleTooLargeError } from './bundle-source-errors';
import { saveStreamToFile } from './bundle-source-upload';

export interface BundleDownloadOptions {
  maxBytes: number;
  /** The whole download, body included. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

/** Checks a bundle URL: http or https only. */
export function parseBundleUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new BundleSourceError(`the bundle URL is not a valid URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BundleSourceError(
      `the bundle URL must start with http:// or https://, not ${parsed.protocol}//`,
    );
  }
  return parsed;
}

/**
 * Downloads a bundle URL (http/https) to `file` with a size cap and a time limit. Fails with a clear message for
 * an answer other than 2xx (502), a body over maxBytes (413), a network failure (502) or the time limit (504);
 * the partial file is removed. Returns the bytes written.
 */
export async function downloadBundle(
  url: string,
  file: string,
  options: BundleDownloadOptions,
): Promise<number> {
  const target = parseBundleUrl(url);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const fetchImpl = options.fetchImpl ?? fetch;
  const failed = (error: unknown): unknown => {
    if (options.signal?.aborted) return options.signal.reason;
    if (timeout.aborted) {
      return new BundleSourceError(
        `the bundle download from ${target.host} took longer than ${Number((options.timeoutMs / 1000).toFixed(1))} s`,
        504,
      );
    }
    if (error instanceof BundleTooLargeError || error instanceof BundleSourceError) return error;
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return new BundleSourceError(`the bundle URL could not be reached (${target.host}): ${cause}`, 502);
  };
  let response: Response;
  try {
    response = await fetchImpl(target, { signal, headers: { accept: 'application/json, */*' } });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    const status = `${response.status} ${response.statusText}`.trim();
    throw new BundleSourceError(`the bundle URL answered ${status}, not the bundle`, 502);
  }
  const announced = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(announced) && announced > options.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new BundleTooLargeError(options.maxBytes);
  }
  const body = Readable.fromWeb(response.body as NodeWebStream<Uint8Array>);
  try {
    return await saveStreamToFile(body, file, options.maxBytes);
  } catch (error) {
    body.destroy();
    throw failed(error);
  }
}
