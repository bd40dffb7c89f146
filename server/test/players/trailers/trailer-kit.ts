import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { TrailerResolver } from '../../../src/players/trailers/trailer-resolver';
import { startTrailerSite, type TrailerSiteServer } from '../../helpers/trailer-site-server';

/**
 * Shared set-up of the TrailerResolver tests: a local studio site (reset before each test), an in-memory KV
 * store for the per-site headers and cookies, and a logger whose lines the tests read.
 */
export interface TrailerKit {
  site: TrailerSiteServer;
  kv: Map<string, string>;
  resolver(options?: { timeoutMs?: number; fetchTimeoutMs?: number; maxBytes?: number }): TrailerResolver;
  /** The messages logged at warn level since the test started. */
  warnings(): string[];
}

export function useTrailerKit(): TrailerKit {
  const kv = new Map<string, string>();
  const logLines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  const store = { get: (key: string) => Promise.resolve(kv.get(key)) };
  const kit: TrailerKit = {
    site: undefined as unknown as TrailerSiteServer,
    kv,
    resolver: (options = {}) =>
      new TrailerResolver({
        store,
        logger,
        timeoutMs: options.timeoutMs,
        http: { timeoutMs: options.fetchTimeoutMs ?? 2000, maxBytes: options.maxBytes ?? 1024 * 1024 },
      }),
    warnings: () =>
      logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40)
        .map((entry) => entry.msg),
  };
  beforeAll(async () => {
    kit.site = await startTrailerSite();
  });
  afterAll(() => kit.site.close());
  beforeEach(() => {
    kit.site.routes.clear();
    kit.site.requests.length = 0;
    kv.clear();
    logLines.length = 0;
  });
  return kit;
}

/** A trailer scrape JSON (trailer_source). */
export const scrape = (fields: Record<string, string>): string => JSON.stringify(fields);
