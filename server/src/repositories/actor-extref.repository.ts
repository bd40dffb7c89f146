import type { Insertable } from 'kysely';
import type { Database, ExternalReferencesTable } from '../db/schema';
import type { ExternalReferenceLinkRow, ExternalReferenceRow } from './extref.repository';
import { inIds } from './sql-lists';

/** A link of an actor with its reference. */
export interface ActorLinkRow {
  link: ExternalReferenceLinkRow;
  reference: ExternalReferenceRow;
}

/** The external references linked to actors (profile pages, StashDB performers). */
export class ActorExtrefRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: ActorExtrefRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ActorExtrefRepository(trx)));
  }

  /** The actor's name, or null when there is no such actor. */
  async actorName(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('actors').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name ?? null;
  }

  /** The actor's links with their references, oldest link first (two queries). */
  async links(actorId: number): Promise<ActorLinkRow[]> {
    const links = await this.db
      .selectFrom('external_reference_links')
      .selectAll()
      .where('internal_table', '=', 'actors')
      .where('internal_db_id', '=', actorId)
      .orderBy('id')
      .execute();
    if (links.length === 0) return [];
    const references = await this.db
      .selectFrom('external_references')
      .selectAll()
      .where(inIds('id', [...new Set(links.map((link) => link.external_reference_id))]))
      .execute();
    const byId = new Map(references.map((reference) => [reference.id, reference]));
    return links.flatMap((link) => {
      const reference = byId.get(link.external_reference_id);
      return reference ? [{ link, reference }] : [];
    });
  }

  /** The reference of this source and id, created when missing (with `values`); answers its id. */
  async ensureReference(values: Insertable<ExternalReferencesTable>): Promise<number> {
    const existing = await this.db
      .selectFrom('external_references')
      .select('id')
      .where('external_source', '=', values.external_source)
      .where('external_id', '=', values.external_id)
      .executeTakeFirst();
    if (existing) return existing.id;
    const row = await this.db
      .insertInto('external_references')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertLink(
    actor: { id: number; name: string },
    reference: { id: number; external_source: string; external_id: string },
    matchType: number,
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('external_reference_links')
      .values({
        internal_table: 'actors',
        internal_db_id: actor.id,
        internal_name_id: actor.name,
        external_reference_id: reference.id,
        external_source: reference.external_source,
        external_id: reference.external_id,
        match_type: matchType,
        udf_datetime1: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async deleteLinks(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('external_reference_links').where(inIds('id', ids)).execute();
  }
}
