import { sql } from 'kysely';
import { EXTERNAL_SOURCE_ALTERNATE_PREFIX, MATCH_TYPES_KEPT } from '@fovea/contract';
import type { Database } from '../db/schema';
import type { AlternateRecord } from './alternate-scene-record';
import type { CandidateFacts } from './match-score';

/** Sources from "alternate scene " up to (not including) "alternate scene!": every alternate source. */
const ALT_FROM = EXTERNAL_SOURCE_ALTERNATE_PREFIX;
const ALT_TO = EXTERNAL_SOURCE_ALTERNATE_PREFIX.slice(0, -1) + '!';
const KEPT = [...MATCH_TYPES_KEPT];

/** An alternate reference the linker works on, with the scenes it is linked to now. */
export interface AlternateReference {
  id: number;
  external_source: string;
  external_id: string;
  external_date: string | null;
  external_data: string;
  linked: number[];
}

export interface AlternateSiteRow {
  id: string;
  name: string;
  master_site_id: string;
  matching_params: string;
}

export interface MasterTitle {
  id: number;
  scene_id: string;
  title: string;
}

/** The SQL of alternate sites: their references and links, their match parameters, master-site candidates. */
export class AlternateSourceRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: AlternateSourceRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AlternateSourceRepository(trx)));
  }

  /** The stored external_data of references of one source, by external_id. */
  async storedData(source: string, externalIds: readonly string[]): Promise<Map<string, string>> {
    if (externalIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('external_references')
      .select(['external_id', 'external_data'])
      .where('external_source', '=', source)
      .where('external_id', 'in', sql<string>`(SELECT value FROM json_each(${JSON.stringify(externalIds)}))`)
      .execute();
    return new Map(rows.map((row) => [row.external_id, row.external_data]));
  }

  /** Inserts the records, or refreshes those already stored (their links stay). */
  async upsert(records: readonly AlternateRecord[], now: string): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insertInto('external_references')
      .values(records.map((record) => ({ ...record, created_at: now, updated_at: now })))
      .onConflict((conflict) =>
        conflict.columns(['external_source', 'external_id']).doUpdateSet((eb) => ({
          external_url: eb.ref('excluded.external_url'),
          external_date: eb.ref('excluded.external_date'),
          external_data: eb.ref('excluded.external_data'),
          udf_bool1: eb.ref('excluded.udf_bool1'),
          udf_bool2: eb.ref('excluded.udf_bool2'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /** Sites with a master site. */
  alternateSites(): Promise<AlternateSiteRow[]> {
    return this.db
      .selectFrom('sites')
      .select(['id', 'name', 'master_site_id', 'matching_params'])
      .where('master_site_id', '<>', '')
      .execute();
  }

  async site(id: string): Promise<AlternateSiteRow | null> {
    const row = await this.db
      .selectFrom('sites')
      .select(['id', 'name', 'master_site_id', 'matching_params'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async saveMatchParams(siteId: string, json: string): Promise<void> {
    await this.db.updateTable('sites').set({ matching_params: json }).where('id', '=', siteId).execute();
  }

  private references() {
    return this.db
      .selectFrom('external_references as r')
      .select(['r.id', 'r.external_source', 'r.external_id', 'r.external_date', 'r.external_data'])
      .select(
        sql<string>`(SELECT json_group_array(l.internal_db_id) FROM external_reference_links l
          WHERE l.external_reference_id = r.id AND l.internal_table = 'scenes')`.as('linked_json'),
      );
  }

  private static toReference(row: {
    id: number;
    external_source: string;
    external_id: string;
    external_date: string | null;
    external_data: string;
    linked_json: string;
  }): AlternateReference {
    const { linked_json: linked, ...rest } = row;
    return { ...rest, linked: JSON.parse(linked) as number[] };
  }

  /** Alternate references without any link (a link flagged deleted counts as one). */
  async unlinked(): Promise<AlternateReference[]> {
    const rows = await this.references()
      .where('r.external_source', '>=', ALT_FROM)
      .where('r.external_source', '<', ALT_TO)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('external_reference_links as l')
              .select('l.id')
              .whereRef('l.external_reference_id', '=', 'r.id'),
          ),
        ),
      )
      .orderBy('r.id')
      .execute();
    return rows.map((row) => AlternateSourceRepository.toReference(row));
  }

  /**
   * References of one source released after the day `since` (yyyy-mm-dd) whose links were made automatically (none manual or
   * flagged deleted): the site's reprocess_links window.
   */
  async reprocessable(source: string, since: string): Promise<AlternateReference[]> {
    const rows = await this.references()
      .where('r.external_source', '=', source)
      .where(sql<string>`substr(r.external_date, 1, 10)`, '>', since)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('external_reference_links as l')
            .select('l.id')
            .whereRef('l.external_reference_id', '=', 'r.id'),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('external_reference_links as l')
              .select('l.id')
              .whereRef('l.external_reference_id', '=', 'r.id')
              .where('l.match_type', 'in', KEPT),
          ),
        ),
      )
      .orderBy('r.id')
      .execute();
    return rows.map((row) => AlternateSourceRepository.toReference(row));
  }

  /** Every scene of the master site with its title (for the exact-title step). */
  masterTitles(masterSiteId: string): Promise<MasterTitle[]> {
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'title'])
      .where('scraper_id', '=', masterSiteId)
      .orderBy('id')
      .execute();
  }

  /**
   * The master site's scenes whose search document matches `match` (an FTS5 expression), best bm25 first,
   * with the facts the score reads.
   */
  async candidates(masterSiteId: string, match: string, limit: number): Promise<CandidateFacts[]> {
    const result = await sql<{
      id: number;
      scene_id: string;
      title: string;
      release_date: string | null;
      duration: number;
      synopsis: string;
      cast_json: string;
    }>`
      WITH hits AS (
        SELECT s.id FROM scene_search JOIN scenes s ON s.id = scene_search.rowid
        WHERE scene_search MATCH ${match} AND s.scraper_id = ${masterSiteId}
        ORDER BY bm25(scene_search) LIMIT ${limit}
      )
      SELECT s.id, s.scene_id, s.title, s.release_date, s.duration, s.synopsis,
        (SELECT json_group_array(a.name) FROM scene_cast c JOIN actors a ON a.id = c.actor_id
          WHERE c.scene_id = s.id AND a.is_aka_group = 0) AS cast_json
      FROM hits JOIN scenes s ON s.id = hits.id`.execute(this.db);
    return result.rows.map((row) => ({
      id: row.id,
      sceneId: row.scene_id,
      title: row.title,
      cast: JSON.parse(row.cast_json) as string[],
      released: (row.release_date ?? '').slice(0, 10),
      duration: row.duration,
      synopsis: row.synopsis,
    }));
  }

  async setData(referenceId: number, externalData: string, now: string): Promise<void> {
    await this.db
      .updateTable('external_references')
      .set({ external_data: externalData, updated_at: now })
      .where('id', '=', referenceId)
      .execute();
  }

  /**
   * Links a reference to one scene: its other automatic links go, a link to that scene already there is kept
   * as it is (its link time orders "linked to alternate sites"). Manual and deleted links are never touched:
   * a reference with one is left alone (false).
   */
  async link(
    reference: Pick<AlternateReference, 'id' | 'external_source' | 'external_id'>,
    scene: { id: number; scene_id: string },
    matchType: number,
    now: string,
  ): Promise<boolean> {
    const links = await this.db
      .selectFrom('external_reference_links')
      .select(['id', 'internal_db_id', 'match_type'])
      .where('external_reference_id', '=', reference.id)
      .execute();
    if (links.some((link) => (KEPT as number[]).includes(link.match_type))) return false;
    const stale = links.filter((link) => link.internal_db_id !== scene.id).map((link) => link.id);
    if (stale.length > 0)
      await this.db.deleteFrom('external_reference_links').where('id', 'in', stale).execute();
    if (links.some((link) => link.internal_db_id === scene.id)) return true;
    await this.db
      .insertInto('external_reference_links')
      .values({
        internal_table: 'scenes',
        internal_db_id: scene.id,
        internal_name_id: scene.scene_id,
        external_reference_id: reference.id,
        external_source: reference.external_source,
        external_id: reference.external_id,
        match_type: matchType,
        udf_datetime1: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return true;
  }

  /** Deletes every reference of a source and its links; the number of references deleted. */
  async deleteSource(source: string): Promise<number> {
    await this.db
      .deleteFrom('external_reference_links')
      .where('external_reference_id', 'in', (eb) =>
        eb.selectFrom('external_references').select('id').where('external_source', '=', source),
      )
      .execute();
    const result = await this.db
      .deleteFrom('external_references')
      .where('external_source', '=', source)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the references of a page URL among the alternate sources (a real scene took it over). */
  async deleteByUrl(url: string): Promise<void> {
    const ids = this.db
      .selectFrom('external_references')
      .select('id')
      .where('external_source', '>=', ALT_FROM)
      .where('external_source', '<', ALT_TO)
      .where('external_url', '=', url);
    await this.db.deleteFrom('external_reference_links').where('external_reference_id', 'in', ids).execute();
    await this.db
      .deleteFrom('external_references')
      .where('external_source', '>=', ALT_FROM)
      .where('external_source', '<', ALT_TO)
      .where('external_url', '=', url)
      .execute();
  }

  /**
   * Deletes the links whose source matches `pattern` (SQL LIKE); `keepManual` keeps manual (99999) and
   * deleted (-1) links; `releasedBefore` (yyyy-mm-dd) limits it to references released before that day. The number deleted.
   */
  async deleteLinks(
    pattern: string,
    options: { keepManual: boolean; releasedBefore: string | null },
  ): Promise<number> {
    let query = this.db
      .deleteFrom('external_reference_links')
      .where(sql<boolean>`external_source LIKE ${pattern}`);
    if (options.keepManual) query = query.where('match_type', 'not in', KEPT);
    const before = options.releasedBefore;
    if (before !== null) {
      query = query.where('external_reference_id', 'in', (eb) =>
        eb
          .selectFrom('external_references')
          .select('id')
          .where(sql<string>`substr(external_date, 1, 10)`, '<', before),
      );
    }
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async reference(source: string, externalId: string) {
    const row = await this.db
      .selectFrom('external_references')
      .select(['id', 'external_source', 'external_id', 'external_url'])
      .where('external_source', '=', source)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row ?? null;
  }
}
