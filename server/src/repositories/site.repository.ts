import { sql, type Selectable } from 'kysely';
import type { Database, SitesTable } from '../db/schema';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { inNames } from './sql-lists';

/** A site row with the number of scenes it scraped. */
export type SiteRow = Selectable<SitesTable> & { scene_count: number };

/** A site as its definition describes it. */
export interface SiteDefinitionRow {
  id: string;
  name: string;
  studio: string;
  avatar_url: string;
  domain: string;
  definition_id: string;
  master_site_id: string;
  disabled_reason: string;
  is_builtin: number;
}

/** The switches of a site row. */
export type SiteFlagColumn = 'is_enabled' | 'subscribed' | 'limit_scraping' | 'scrape_stash';

/** Repositories bound to one transaction. */
export interface SiteTx {
  sites: SiteRepository;
  counts: CatalogueCountsRepository;
}

const now = () => new Date().toISOString();

/**
 * The `sites` table: rows filled from the scraper definitions, the owner's switches, and the site-wide scene
 * calls (force update, delete scenes). Multi-step changes go through `transaction`.
 */
export class SiteRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: SiteTx) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work({ sites: new SiteRepository(trx), counts: new CatalogueCountsRepository(trx) }));
  }

  /**
   * Inserts the sites not yet stored (disabled) and brings the described columns of the others up to date,
   * leaving their switches, last update and matching parameters alone; has_scraper = 1 for these, 0 for every
   * other site; a site with a disabled reason is switched off. Rows whose values are already right are not written. Answers the ids inserted.
   */
  async syncDefinitions(rows: readonly SiteDefinitionRow[]): Promise<string[]> {
    const existing = new Set((await this.db.selectFrom('sites').select('id').execute()).map((row) => row.id));
    const stamp = now();
    const ids = rows.map((row) => row.id);
    for (const row of rows) {
      await this.db
        .insertInto('sites')
        .values({ ...row, is_enabled: 0, has_scraper: 1, created_at: stamp, updated_at: stamp })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              studio: eb.ref('excluded.studio'),
              avatar_url: eb.ref('excluded.avatar_url'),
              domain: eb.ref('excluded.domain'),
              definition_id: eb.ref('excluded.definition_id'),
              master_site_id: eb.ref('excluded.master_site_id'),
              disabled_reason: eb.ref('excluded.disabled_reason'),
              is_builtin: eb.ref('excluded.is_builtin'),
              has_scraper: 1,
              updated_at: stamp,
            }))
            .where(
              sql<boolean>`sites.name IS NOT excluded.name OR sites.studio IS NOT excluded.studio
                OR sites.avatar_url IS NOT excluded.avatar_url OR sites.domain IS NOT excluded.domain
                OR sites.definition_id IS NOT excluded.definition_id
                OR sites.master_site_id IS NOT excluded.master_site_id
                OR sites.disabled_reason IS NOT excluded.disabled_reason
                OR sites.is_builtin IS NOT excluded.is_builtin OR sites.has_scraper <> 1`,
            ),
        )
        .execute();
    }
    await this.db
      .updateTable('sites')
      .set({ has_scraper: 0, updated_at: stamp })
      .where('has_scraper', '=', 1)
      .where(sql<boolean>`NOT ${inNames('id', ids)}`)
      .execute();
    // A site shipped disabled (gone or broken at the source) is not scraped.
    await this.db
      .updateTable('sites')
      .set({ is_enabled: 0, updated_at: stamp })
      .where('is_enabled', '=', 1)
      .where('disabled_reason', '<>', '')
      .execute();
    return ids.filter((id) => !existing.has(id));
  }

  /** Every site with its scene count, by name ignoring case (then id). */
  list(): Promise<SiteRow[]> {
    return this.db
      .selectFrom('sites')
      .selectAll('sites')
      .select(sql<number>`(SELECT COUNT(*) FROM scenes WHERE scenes.scraper_id = sites.id)`.as('scene_count'))
      .orderBy(sql`name COLLATE NOCASE`)
      .orderBy('id')
      .execute();
  }

  row(id: string): Promise<Selectable<SitesTable> | undefined> {
    return this.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Flips a switch; answers false when there is no such site. */
  async flip(id: string, column: SiteFlagColumn): Promise<boolean> {
    const result = await this.db
      .updateTable('sites')
      .set((eb) => ({ [column]: eb(eb.val(1), '-', eb.ref(column)), updated_at: now() }))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async update(
    id: string,
    values: { limit_scraping?: number; last_update?: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sites')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Copies the site's subscribed flag onto its scenes (`scenes.is_subscribed`). */
  async copySubscribedToScenes(id: string): Promise<void> {
    await sql`UPDATE scenes SET is_subscribed = (SELECT subscribed FROM sites WHERE id = ${id})
      WHERE scraper_id = ${id} AND is_subscribed IS NOT (SELECT subscribed FROM sites WHERE id = ${id})`.execute(
      this.db,
    );
  }

  /** Flags every scene of the site for a re-scrape; answers how many were flagged. */
  async flagScenesForUpdate(id: string): Promise<number> {
    const result = await this.db
      .updateTable('scenes')
      .set({ needs_update: 1 })
      .where('scraper_id', '=', id)
      .where('needs_update', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The actors and tags linked to the site's scenes (their counts move when the scenes go). */
  async linksOfScenes(id: string): Promise<{ actors: number[]; tags: number[] }> {
    const actors = await this.db
      .selectFrom('scene_cast')
      .innerJoin('scenes', 'scenes.id', 'scene_cast.scene_id')
      .select('scene_cast.actor_id as id')
      .distinct()
      .where('scenes.scraper_id', '=', id)
      .execute();
    const tags = await this.db
      .selectFrom('scene_tags')
      .innerJoin('scenes', 'scenes.id', 'scene_tags.scene_id')
      .select('scene_tags.tag_id as id')
      .distinct()
      .where('scenes.scraper_id', '=', id)
      .execute();
    return { actors: actors.map((row) => row.id), tags: tags.map((row) => row.id) };
  }

  /**
   * Deletes the site's scenes: cast, tags, cuepoints and history go with them (cascade), their files become
   * unmatched (files.scene_id is set NULL). Answers how many were deleted.
   */
  async deleteScenes(id: string): Promise<number> {
    const result = await this.db.deleteFrom('scenes').where('scraper_id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
