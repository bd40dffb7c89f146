import { JavrScraper, type ScrapeJavrBody } from '@fovea/contract';
import { z } from 'zod';
import { BadRequestError } from '../../../http/http-errors';
import { throwIfAborted } from '../../../jobs/job-definition';
import type { Progress } from '../../../jobs/progress';
import type { OptionsService } from '../../../services/options.service';
import { ScrapeBlockedError } from '../../http/scrape-fetcher';
import type { FetcherFactory, SceneStore, UnmatchedFiles } from '../../run/run-ports';
import { sourceFetcher } from '../source-session';
import type { JavSource } from './jav-source';

/** A DVD id ("VRKM-821") or content id ("vrkm00821"). */
const JAV_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const MAX_IDS = 100;

export const ScrapeJavrPayload = z
  .object({ source: JavrScraper, ids: z.array(z.string().regex(JAV_ID)).min(1).max(MAX_IDS) })
  .strict();
export type ScrapeJavrPayload = z.infer<typeof ScrapeJavrPayload>;

/** The ids of a query "VRKM-821, ipvr-001": trimmed, empty ones dropped, each once (case-insensitively). */
export function javIds(query: string): string[] {
  const ids = new Map<string, string>();
  for (const part of query.split(',')) {
    const id = part.trim();
    if (id !== '' && !ids.has(id.toUpperCase())) ids.set(id.toUpperCase(), id);
  }
  return [...ids.values()];
}

export interface JavImportDeps {
  sources: Readonly<Record<JavrScraper, JavSource>>;
  http: FetcherFactory;
  store: Pick<SceneStore, 'writeBatch'>;
  files: UnmatchedFiles;
  options: Pick<OptionsService, 'get' | 'update'>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * POST /api/task/scrape-javr (scraper-sites §6, xbvr-facts §7.6): JAV scenes by id from the chosen source,
 * stored without a scraper id through the scene writer. The source becomes the default of the Create/Import
 * screen. An id the source does not know, or a page that fails, is logged and the next id is tried; a block
 * (challenge, captcha, repeated 403) ends the import.
 */
export class JavImportService {
  constructor(private readonly deps: JavImportDeps) {}

  /** The job payload for a request (400 for an id that is not one); saves the source as the default. */
  async payload(body: ScrapeJavrBody): Promise<ScrapeJavrPayload> {
    const ids = javIds(body.q);
    const bad = ids.find((id) => !JAV_ID.test(id));
    if (bad !== undefined) throw new BadRequestError(`Not a DVD or content id: "${bad.slice(0, 80)}"`);
    if (ids.length === 0) throw new BadRequestError('Give at least one id');
    if (ids.length > MAX_IDS) throw new BadRequestError(`At most ${MAX_IDS} ids at a time`);
    if (this.deps.options.get().scraper_settings.javr.javrScraper !== body.s) {
      await this.deps.options.update((options) => ({
        ...options,
        scraper_settings: { ...options.scraper_settings, javr: { javrScraper: body.s } },
      }));
    }
    return { source: body.s, ids };
  }

  async run(payload: ScrapeJavrPayload, progress: Progress, signal: AbortSignal): Promise<void> {
    const source = this.deps.sources[payload.source];
    const fetcher = sourceFetcher(this.deps.http, source.id);
    progress.restart(payload.ids.length, `${source.name}: importing ${payload.ids.join(', ')}`);
    const problems: string[] = [];
    let stored = 0;
    for (const id of payload.ids) {
      throwIfAborted(signal);
      try {
        const scene = await source.scene(id, fetcher, signal);
        if (scene === null) {
          problems.push(`${source.name} has no scene ${id}`);
          progress.log(`${source.name} has no scene ${id}`, 'warn');
        } else {
          const outcome = await this.deps.store.writeBatch([scene]);
          stored++;
          const done =
            outcome.created.length > 0 ? 'added' : outcome.updated.length > 0 ? 'updated' : 'unchanged';
          progress.log(`${source.name}: scene ${scene.sceneId} ${done}`);
        }
      } catch (error) {
        throwIfAborted(signal);
        if (error instanceof ScrapeBlockedError) throw error;
        problems.push(`${id}: ${message(error)}`);
        progress.log(`${source.name}: ${id} failed: ${message(error)}`, 'warn');
      }
      progress.advance(1);
    }
    if (stored > 0) await this.deps.files.matchUnmatched();
    if (stored === 0) throw new Error(`${source.name}: nothing imported (${problems.join('; ')})`);
  }
}
