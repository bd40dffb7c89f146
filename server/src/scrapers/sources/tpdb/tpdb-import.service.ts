import { randomUUID } from 'node:crypto';
import { SECRET_SET, type ScrapeTpdbBody } from '@fovea/contract';
import { z } from 'zod';
import { BadRequestError } from '../../../http/http-errors';
import type { Progress } from '../../../jobs/progress';
import type { OptionsService } from '../../../services/options.service';
import type { SceneStore, UnmatchedFiles } from '../../run/run-ports';
import type { TpdbSource } from './tpdb.source';
import { parseTpdbUrl } from './tpdb-url';

/**
 * The job payload of a TPDB import. The token itself is not in it (job rows are stored): a typed token waits
 * in memory under `ticket`; an empty ticket means the token stored in the options.
 */
export const ScrapeTpdbPayload = z
  .object({ sceneUrl: z.string().min(1).max(4_096), ticket: z.string().max(64) })
  .strict();
export type ScrapeTpdbPayload = z.infer<typeof ScrapeTpdbPayload>;

export interface TpdbImportDeps {
  source: Pick<TpdbSource, 'scene'>;
  store: Pick<SceneStore, 'writeBatch'>;
  files: UnmatchedFiles;
  options: Pick<OptionsService, 'get' | 'update'>;
}

export const NO_STORED_TPDB_TOKEN = 'No TPDB API token is stored; type the token';

/**
 * POST /api/task/scrape-tpdb (scraper-sites §4, xbvr-facts §7.7): one ThePornDB scene imported as a scene of
 * its own (`tpdb-<site>-<id>`) through the scene writer. A typed token is saved to vendor.tpdb.apiToken once
 * an import with it has worked.
 */
export class TpdbImportService {
  private readonly tickets = new Map<string, string>();

  constructor(private readonly deps: TpdbImportDeps) {}

  /** The job payload for a request; "set" as the token means the stored one, which must exist. */
  payload(body: ScrapeTpdbBody): ScrapeTpdbPayload {
    if (parseTpdbUrl(body.sceneUrl) === null) throw new BadRequestError('Not a theporndb.net scene URL');
    if (body.apiToken === SECRET_SET) {
      if (this.deps.options.get().vendor.tpdb.apiToken === '')
        throw new BadRequestError(NO_STORED_TPDB_TOKEN);
      return { sceneUrl: body.sceneUrl, ticket: '' };
    }
    const ticket = randomUUID();
    this.tickets.set(ticket, body.apiToken);
    return { sceneUrl: body.sceneUrl, ticket };
  }

  async run(payload: ScrapeTpdbPayload, progress: Progress, signal: AbortSignal): Promise<void> {
    const typed = payload.ticket === '' ? undefined : this.tickets.get(payload.ticket);
    this.tickets.delete(payload.ticket);
    const token = payload.ticket === '' ? this.deps.options.get().vendor.tpdb.apiToken : typed;
    if (token === undefined || token === '') {
      throw new Error('The TPDB token of this import was not kept over a restart; start the import again');
    }
    const target = parseTpdbUrl(payload.sceneUrl);
    if (target === null) throw new Error(`Not a theporndb.net scene URL: ${payload.sceneUrl}`);
    progress.restart(1, `TPDB: importing ${target.kind}/${target.slug}`);
    const scene = await this.deps.source.scene(target, token, signal);
    const outcome = await this.deps.store.writeBatch([scene]);
    if (typed !== undefined && this.deps.options.get().vendor.tpdb.apiToken !== typed) {
      await this.deps.options.update((options) => ({
        ...options,
        vendor: { ...options.vendor, tpdb: { ...options.vendor.tpdb, apiToken: typed } },
      }));
    }
    await this.deps.files.matchUnmatched();
    const done = outcome.created.length > 0 ? 'added' : outcome.updated.length > 0 ? 'updated' : 'unchanged';
    progress.advance(1);
    progress.log(`TPDB: scene ${scene.sceneId} ${done}`);
  }
}
