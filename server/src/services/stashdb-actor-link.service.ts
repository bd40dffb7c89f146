import type { Actor, Options } from '@fovea/contract';
import { BadRequestError, HttpError, NotFoundError } from '../http/http-errors';
import type { StashdbReference } from '../repositories/stashdb-link.repository';
import type { StashdbActorRepository } from '../repositories/stashdb-actor.repository';
import { NO_STASHDB_KEY, stashdbApiKey } from '../stashdb/stashdb-api-key';
import { directPerformerId } from '../stashdb/stashdb-performer-result';
import { stashPerformerUrl } from '../stashdb/stashdb-scene-result';
import { StashdbError, type StashdbClient } from '../stashdb/stashdb.client';
import type { StashPerformerDetails } from '../stashdb/stashdb.schemas';
import type { ActorReader, ActorShape } from './actor-reader.service';
import { FULL_ACTOR, noActor } from './actor-reader.service';
import { journalLocks, planPerformerMerge } from './stashdb-actor-merge';

export interface StashdbActorLinkDeps {
  client: Pick<StashdbClient, 'siteRoot' | 'findPerformer'>;
  repo: StashdbActorRepository;
  reader: Pick<ActorReader, 'reload'>;
  options: { get(): Options };
}

/** The `stashdb performer` reference of a performer as StashDB sent it (its last update as the date). */
export function performerReference(performer: StashPerformerDetails, siteRoot: string): StashdbReference {
  const updated = performer.updated ? new Date(performer.updated) : null;
  return {
    external_id: performer.id,
    external_url: stashPerformerUrl(siteRoot, performer.id),
    external_date: updated && !Number.isNaN(updated.getTime()) ? updated.toISOString() : null,
    external_data: JSON.stringify(performer),
  };
}

/**
 * Links actors to StashDB performers and merges a performer's facts into its actors (xbvr-facts §3.8, §7.8):
 * GET /api/extref/stashdb/link2actor/{id}/{stashId} and GET /api/extref/stashdb/refresh_performer/{id}.
 * StashDB is asked first, so nothing is written when it fails (502) or has no such performer (404); each
 * call's writes share one transaction. The merge skips every column in the owner's edit journal.
 */
export class StashdbActorLinkService {
  constructor(private readonly deps: StashdbActorLinkDeps) {}

  /**
   * Links the actor to the performer by hand (match type 90) and merges the performer into it; answers the
   * actor as GET /api/actor/{id} does. 404 for an unknown actor, 400 without an API key.
   */
  async link(actorId: number, stashIdOrUrl: string, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    const { repo } = this.deps;
    if (!(await repo.actor(actorId))) throw noActor(actorId);
    const key = this.apiKey();
    const performer = await this.fetch(key, directPerformerId(stashIdOrUrl) ?? stashIdOrUrl.trim());
    const reference = performerReference(performer, this.deps.client.siteRoot);
    await repo.transaction(async (tx) => {
      const row = await tx.actor(actorId);
      if (!row) throw noActor(actorId);
      const referenceId = await tx.writeReference(reference);
      await tx.linkActor(referenceId, performer.id, row);
      await tx.updateActor(
        actorId,
        planPerformerMerge(row, performer, journalLocks(await tx.journal(actorId))),
      );
    });
    return this.deps.reader.reload(actorId, shape);
  }

  /**
   * Pulls the performer again, stores it in its reference and merges it into every actor linked to it.
   * 404 when no actor was ever linked to it here or StashDB no longer has it; 400 without an API key.
   */
  async refresh(performerIdOrUrl: string): Promise<void> {
    const { repo } = this.deps;
    const performerId = directPerformerId(performerIdOrUrl) ?? performerIdOrUrl.trim();
    if ((await repo.referenceId(performerId)) === null) {
      throw new NotFoundError(`No actor is linked to StashDB performer ${performerId}`);
    }
    const performer = await this.fetch(this.apiKey(), performerId);
    const reference = performerReference(performer, this.deps.client.siteRoot);
    await repo.transaction(async (tx) => {
      const referenceId = await tx.writeReference({ ...reference, external_id: performerId });
      for (const actorId of await tx.linkedActorIds(referenceId)) {
        const row = await tx.actor(actorId);
        if (!row) continue;
        const locks = journalLocks(await tx.journal(actorId));
        await tx.updateActor(actorId, planPerformerMerge(row, performer, locks));
      }
    });
  }

  private apiKey(): string {
    const key = stashdbApiKey(this.deps.options.get());
    if (key === null) throw new BadRequestError(NO_STASHDB_KEY);
    return key;
  }

  private async fetch(key: string, performerId: string): Promise<StashPerformerDetails> {
    let performer: StashPerformerDetails | null;
    try {
      performer = await this.deps.client.findPerformer(key, performerId);
    } catch (error) {
      if (!(error instanceof StashdbError)) throw error;
      throw new HttpError(502, `StashDB could not be asked for performer ${performerId}: ${error.message}`);
    }
    if (!performer) throw new NotFoundError(`StashDB has no performer ${performerId}`);
    return performer;
  }
}
