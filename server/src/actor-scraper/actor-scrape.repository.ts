import type { Updateable } from 'kysely';
import type { ActorsTable, Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import type { ActorJournalRow } from '../repositories/stashdb-actor.repository';

/** An actor with profile URLs. */
export interface ActorUrlsRow {
  id: number;
  name: string;
  urls: string;
}

/** A profile page an actor is already linked to (external_source, external_id = the URL). */
export interface ScrapedLinkRow {
  actor_id: number;
  external_source: string;
  external_id: string;
}

const now = () => new Date().toISOString();

/** SQL of the generic actor scraper: actors and their profile URLs, the journal, the scrape references. */
export class ActorScrapeRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: ActorScrapeRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ActorScrapeRepository(trx)));
  }

  actor(id: number): Promise<ActorRow | undefined> {
    return this.db.selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The actor's edit journal, oldest first. */
  journal(actorId: number): Promise<ActorJournalRow[]> {
    return this.db
      .selectFrom('actor_edits')
      .select(['action_type', 'changed_column', 'new_value'])
      .where('actor_id', '=', actorId)
      .orderBy('id')
      .execute();
  }

  /** Actors whose URL list may hold an actor-scraper URL (a "… scrape" type). */
  actorsWithScrapeUrls(): Promise<ActorUrlsRow[]> {
    return this.db
      .selectFrom('actors')
      .select(['id', 'name', 'urls'])
      .where('urls', 'like', '% scrape"%')
      .orderBy('id')
      .execute();
  }

  /** Every actor link to a "… scrape" reference. */
  scrapeLinks(): Promise<ScrapedLinkRow[]> {
    return this.db
      .selectFrom('external_reference_links')
      .select(['internal_db_id as actor_id', 'external_source', 'external_id'])
      .where('internal_table', '=', 'actors')
      .where('external_source', 'like', '% scrape')
      .execute();
  }

  /** The display name of a site, or null when there is no such site. */
  async siteName(siteId: string): Promise<string | null> {
    const row = await this.db.selectFrom('sites').select('name').where('id', '=', siteId).executeTakeFirst();
    return row?.name ?? null;
  }

  async updateActor(id: number, values: Updateable<ActorsTable>): Promise<void> {
    await this.db
      .updateTable('actors')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Records a scrape as the reference does: the reference of this source with the URL as id (created or
   * updated with the date and the scraped data), linked to the actor once.
   */
  async recordScrape(
    actor: { id: number; name: string },
    scrape: { source: string; url: string; data: string },
    matchType: number,
  ): Promise<void> {
    const stamp = now();
    const existing = await this.db
      .selectFrom('external_references')
      .select('id')
      .where('external_source', '=', scrape.source)
      .where('external_id', '=', scrape.url)
      .executeTakeFirst();
    let referenceId: number;
    if (existing) {
      referenceId = existing.id;
      await this.db
        .updateTable('external_references')
        .set({
          external_url: scrape.url,
          external_date: stamp,
          external_data: scrape.data,
          updated_at: stamp,
        })
        .where('id', '=', referenceId)
        .execute();
    } else {
      const row = await this.db
        .insertInto('external_references')
        .values({
          external_source: scrape.source,
          external_id: scrape.url,
          external_url: scrape.url,
          external_date: stamp,
          external_data: scrape.data,
          udf_bool1: 0,
          udf_bool2: 0,
          udf_datetime1: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      referenceId = row.id;
    }
    const linked = await this.db
      .selectFrom('external_reference_links')
      .select('id')
      .where('internal_table', '=', 'actors')
      .where('internal_db_id', '=', actor.id)
      .where('external_reference_id', '=', referenceId)
      .executeTakeFirst();
    if (linked) return;
    await this.db
      .insertInto('external_reference_links')
      .values({
        internal_table: 'actors',
        internal_db_id: actor.id,
        internal_name_id: actor.name,
        external_reference_id: referenceId,
        external_source: scrape.source,
        external_id: scrape.url,
        match_type: matchType,
        udf_datetime1: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
}
