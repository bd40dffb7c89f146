import { sql, type Selectable } from 'kysely';
import {
  DELETED_LINK_NAME,
  EXTERNAL_SOURCE_ALTERNATE_PREFIX,
  EXTERNAL_SOURCE_STASHDB_SCENE,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_MANUAL,
} from '@fovea/contract';
import type { Database, ExternalReferenceLinksTable, ExternalReferencesTable } from '../db/schema';

export type ExternalReferenceRow = Selectable<ExternalReferencesTable>;
export type ExternalReferenceLinkRow = Selectable<ExternalReferenceLinksTable>;

/** A live alternate-source link of a scene with its reference and, for alternate sites, the site's avatar. */
export interface AlternateSourceRow {
  external_source: string;
  external_id: string;
  external_url: string;
  external_data: string;
  site_avatar_url: string | null;
}

/** The scene fields a link names. */
export interface LinkedScene {
  id: number;
  scene_id: string;
}

const ALTERNATE_PREFIX_LENGTH = EXTERNAL_SOURCE_ALTERNATE_PREFIX.length;

/** External references and their links to scenes (`external_references`, `external_reference_links`). */
export class ExtrefRepository {
  constructor(private readonly db: Database) {}

  /**
   * The alternate sources of a scene: its links to "alternate scene <siteId>" and "stashdb scene" references
   * that are not flagged deleted, oldest link first (index internal_table, internal_db_id).
   */
  alternateSources(sceneId: number): Promise<AlternateSourceRow[]> {
    return this.db
      .selectFrom('external_reference_links as l')
      .innerJoin('external_references as r', 'r.id', 'l.external_reference_id')
      .leftJoin('sites as s', (join) =>
        join.on('s.id', '=', sql<string>`substr(r.external_source, ${ALTERNATE_PREFIX_LENGTH + 1})`),
      )
      .select(['r.external_source', 'r.external_id', 'r.external_url', 'r.external_data'])
      .select('s.avatar_url as site_avatar_url')
      .where('l.internal_table', '=', 'scenes')
      .where('l.internal_db_id', '=', sceneId)
      .where('l.match_type', '<>', MATCH_TYPE_DELETED)
      .where((eb) =>
        eb.or([
          eb(
            sql<string>`substr(r.external_source, 1, ${ALTERNATE_PREFIX_LENGTH})`,
            '=',
            EXTERNAL_SOURCE_ALTERNATE_PREFIX,
          ),
          eb('r.external_source', '=', EXTERNAL_SOURCE_STASHDB_SCENE),
        ]),
      )
      .orderBy('l.id')
      .execute();
  }

  /**
   * The scene link of a reference by source and id (the given link id when there is one, else the oldest
   * link), or null.
   */
  async sceneLink(
    externalSource: string,
    externalId: string,
    linkId?: number,
  ): Promise<ExternalReferenceLinkRow | null> {
    let query = this.db
      .selectFrom('external_reference_links')
      .selectAll()
      .where('external_source', '=', externalSource)
      .where('external_id', '=', externalId)
      .where('internal_table', '=', 'scenes');
    if (linkId !== undefined) query = query.where('id', '=', linkId);
    const row = await query.orderBy('id').limit(1).executeTakeFirst();
    return row ?? null;
  }

  async link(id: number): Promise<ExternalReferenceLinkRow | null> {
    const row = await this.db
      .selectFrom('external_reference_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async reference(id: number): Promise<ExternalReferenceRow | null> {
    const row = await this.db
      .selectFrom('external_references')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async referenceBySource(externalSource: string, externalId: string): Promise<ExternalReferenceRow | null> {
    const row = await this.db
      .selectFrom('external_references')
      .selectAll()
      .where('external_source', '=', externalSource)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row ?? null;
  }

  async scene(id: number): Promise<LinkedScene | null> {
    const row = await this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Links to a scene as a manual match (99999), stamping the link time (udf_datetime1) and updated_at. A link
   * flagged deleted is left alone: false then.
   */
  async relink(linkId: number, scene: LinkedScene): Promise<boolean> {
    const now = new Date().toISOString();
    const result = await this.db
      .updateTable('external_reference_links')
      .set({
        internal_db_id: scene.id,
        internal_name_id: scene.scene_id,
        match_type: MATCH_TYPE_MANUAL,
        udf_datetime1: now,
        updated_at: now,
      })
      .where('id', '=', linkId)
      .where('match_type', '<>', MATCH_TYPE_DELETED)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Flags a link deleted for good (match type -1, no scene); a link already flagged keeps its link time. */
  async flagDeleted(linkId: number): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('external_reference_links')
      .set({
        internal_db_id: 0,
        internal_name_id: DELETED_LINK_NAME,
        match_type: MATCH_TYPE_DELETED,
        udf_datetime1: now,
        updated_at: now,
      })
      .where('id', '=', linkId)
      .where('match_type', '<>', MATCH_TYPE_DELETED)
      .execute();
  }

  /** Deletes a reference and all its links, in one transaction. */
  async deleteReference(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('external_reference_links').where('external_reference_id', '=', id).execute();
      await trx.deleteFrom('external_references').where('id', '=', id).execute();
    });
  }
}
