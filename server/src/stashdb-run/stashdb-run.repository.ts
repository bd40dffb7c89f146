import {
  EXTERNAL_SOURCE_STASHDB_PERFORMER,
  EXTERNAL_SOURCE_STASHDB_SCENE,
  EXTERNAL_SOURCE_STASHDB_STUDIO,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_STASH_RULE,
  MATCH_TYPE_STASH_SCENE_MANUAL,
  MATCH_TYPE_STASH_URL,
} from '@fovea/contract';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { insertStashdbLink, writeStashdbReference } from '../repositories/stashdb-reference-writes';
import type { StashdbReference } from '../repositories/stashdb-link.repository';
import { inIds, inNames } from '../repositories/sql-lists';

/** A site whose scenes are linked to StashDB. */
export interface StashSiteRow {
  id: string;
  name: string;
}

/** A scene a StashDB scene may be: the fields the URL match and the rules read. */
export interface LinkableSceneRow {
  id: number;
  scene_id: string;
  scene_url: string;
}

/** A `stashdb scene` reference with the scene it is to be linked to (10: same page, 20: by rule), if any. */
export interface StashScenePageEntry {
  reference: StashdbReference;
  link: { scene: LinkableSceneRow; matchType: number } | null;
  /** The linked scene's cast actors recognised among the StashDB scene's performers. */
  cast: CastPerformerLink[];
}

/** A cast actor of a scene with the names it goes by (`aliases`: JSON list). */
export interface CastActorRow {
  scene_id: number;
  id: number;
  name: string;
  aliases: string;
}

/** A cast actor recognised as a performer of the linked StashDB scene. */
export interface CastPerformerLink {
  actor: { id: number; name: string };
  performer: StashdbReference;
}

/** What a page of scenes changed. */
export interface ScenePageOutcome {
  sceneLinks: number;
  actorLinks: number;
}

const now = () => new Date().toISOString();
/** Links the run never replaces: the owner's manual link (5) and the owner's "never link" (-1). */
const OWNER_SCENE_LINKS = [MATCH_TYPE_STASH_SCENE_MANUAL, MATCH_TYPE_DELETED];

/**
 * SQL of the StashDB linking run (GET /api/extref/stashdb/run_all): the sites with scrape_stash on, their
 * `stashdb studio` references, the studios' performers and scenes as references, and the links of those
 * scenes (and their cast) to the library.
 */
export class StashdbRunRepository {
  constructor(private readonly db: Database) {}

  /** Sites with scrape_stash on, by name. */
  stashSites(): Promise<StashSiteRow[]> {
    return this.db
      .selectFrom('sites')
      .select(['id', 'name'])
      .where('scrape_stash', '=', 1)
      .orderBy(sql`name COLLATE NOCASE`)
      .orderBy('id')
      .execute();
  }

  /** The StashDB studio id a site was linked to by an earlier run, or null. */
  async linkedStudioId(siteId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('external_reference_links')
      .select('external_id')
      .where('external_source', '=', EXTERNAL_SOURCE_STASHDB_STUDIO)
      .where('internal_table', '=', 'sites')
      .where('internal_name_id', '=', siteId)
      .where('match_type', '<>', MATCH_TYPE_DELETED)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.external_id ?? null;
  }

  /** Stores the studio's reference and makes it the site's only StashDB studio link, in one transaction. */
  async linkSiteStudio(siteId: string, studio: StashdbReference): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const referenceId = await writeStashdbReference(trx, EXTERNAL_SOURCE_STASHDB_STUDIO, studio, 'replace');
      await trx
        .deleteFrom('external_reference_links')
        .where('external_source', '=', EXTERNAL_SOURCE_STASHDB_STUDIO)
        .where('internal_table', '=', 'sites')
        .where('internal_name_id', '=', siteId)
        .where('external_reference_id', '<>', referenceId)
        .execute();
      const existing = await trx
        .selectFrom('external_reference_links')
        .select('id')
        .where('external_reference_id', '=', referenceId)
        .where('internal_table', '=', 'sites')
        .where('internal_name_id', '=', siteId)
        .executeTakeFirst();
      if (!existing) {
        await insertStashdbLink(trx, referenceId, EXTERNAL_SOURCE_STASHDB_STUDIO, studio.external_id, {
          internal_table: 'sites',
          internal_db_id: 0,
          internal_name_id: siteId,
          match_type: MATCH_TYPE_STASH_URL,
        });
      }
    });
  }

  /** The stored date (StashDB's last update) of each known performer among `ids`. */
  async performerDates(ids: readonly string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('external_references')
      .select(['external_id', 'external_date'])
      .where('external_source', '=', EXTERNAL_SOURCE_STASHDB_PERFORMER)
      .where(inNames('external_id', ids))
      .execute();
    return new Map(rows.map((row) => [row.external_id, row.external_date]));
  }

  /** Stores performers not known yet (a known one keeps what it holds); answers how many were added. */
  async addPerformers(performers: readonly StashdbReference[]): Promise<number> {
    if (performers.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      let added = 0;
      for (const performer of performers) {
        const stamp = now();
        const result = await trx
          .insertInto('external_references')
          .values({
            external_source: EXTERNAL_SOURCE_STASHDB_PERFORMER,
            ...performer,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((oc) => oc.columns(['external_source', 'external_id']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return added;
    });
  }

  /** The latest StashDB update among the stored scenes of a studio ('' when none is stored). */
  async newestSceneUpdate(studioId: string): Promise<string> {
    const row = await this.db
      .selectFrom('external_references')
      .select(sql<string | null>`MAX(json_extract(external_data, '$.updated'))`.as('newest'))
      .where('external_source', '=', EXTERNAL_SOURCE_STASHDB_SCENE)
      .where(sql<boolean>`json_valid(external_data)`)
      .where(sql<boolean>`json_extract(external_data, '$.studio.id') = ${studioId}`)
      .executeTakeFirst();
    return row?.newest ?? '';
  }

  /** Scenes whose page is one of these URLs (each given with and without its trailing slash). */
  scenesByUrl(urls: readonly string[]): Promise<LinkableSceneRow[]> {
    if (urls.length === 0) return Promise.resolve([]);
    const variants = [...new Set(urls.flatMap((url) => [url, `${url}/`]))];
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'scene_url'])
      .where(inNames('scene_url', variants))
      .orderBy('id')
      .execute();
  }

  /** The scenes a site scraped. */
  siteScenes(siteId: string): Promise<LinkableSceneRow[]> {
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'scene_url'])
      .where('scraper_id', '=', siteId)
      .orderBy('id')
      .execute();
  }

  /** The cast of these scenes with their names. */
  cast(sceneIds: readonly number[]): Promise<CastActorRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_cast as c')
      .innerJoin('actors as a', 'a.id', 'c.actor_id')
      .select(['c.scene_id', 'a.id', 'a.name', 'a.aliases'])
      .where(inIds('c.scene_id', sceneIds))
      .orderBy('a.name')
      .execute();
  }

  /**
   * One page of a studio's scenes in one transaction: each `stashdb scene` reference written (inserted, or its
   * URL, date and data replaced); a reference to be linked is linked to its scene unless the owner linked it
   * by hand or said never (5, -1), its other automatic links giving way; the linked scene's recognised cast
   * linked to their `stashdb performer` references (20) unless the owner flagged that performer's link deleted.
   */
  async saveScenePage(entries: readonly StashScenePageEntry[]): Promise<ScenePageOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const tx = new StashdbRunRepository(trx);
      const outcome: ScenePageOutcome = { sceneLinks: 0, actorLinks: 0 };
      for (const entry of entries) {
        const referenceId = await writeStashdbReference(
          trx,
          EXTERNAL_SOURCE_STASHDB_SCENE,
          entry.reference,
          'replace',
        );
        if (!entry.link || !(await tx.linkScene(referenceId, entry.reference.external_id, entry.link)))
          continue;
        outcome.sceneLinks += 1;
        for (const { actor, performer } of entry.cast) {
          const performerRef = await writeStashdbReference(
            trx,
            EXTERNAL_SOURCE_STASHDB_PERFORMER,
            performer,
            'keep',
          );
          if (await tx.linkActor(performerRef, performer.external_id, actor)) outcome.actorLinks += 1;
        }
      }
      return outcome;
    });
  }

  /**
   * Links a scene reference to a scene; false when the owner decided the reference's links or the scene's
   * StashDB scene, or when it is linked already.
   */
  private async linkScene(
    referenceId: number,
    stashId: string,
    link: NonNullable<StashScenePageEntry['link']>,
  ): Promise<boolean> {
    const existing = await this.db
      .selectFrom('external_reference_links')
      .select(['id', 'internal_db_id', 'match_type'])
      .where('external_reference_id', '=', referenceId)
      .where('internal_table', '=', 'scenes')
      .execute();
    if (existing.some((row) => OWNER_SCENE_LINKS.includes(row.match_type))) return false;
    if (existing.some((row) => row.internal_db_id === link.scene.id)) return false;
    // A scene the owner linked to another StashDB scene by hand keeps that one alone.
    const manual = await this.db
      .selectFrom('external_reference_links')
      .select('id')
      .where('external_source', '=', EXTERNAL_SOURCE_STASHDB_SCENE)
      .where('internal_table', '=', 'scenes')
      .where('internal_db_id', '=', link.scene.id)
      .where('match_type', '=', MATCH_TYPE_STASH_SCENE_MANUAL)
      .executeTakeFirst();
    if (manual) return false;
    if (existing.length > 0) {
      await this.db
        .deleteFrom('external_reference_links')
        .where(
          inIds(
            'id',
            existing.map((row) => row.id),
          ),
        )
        .execute();
    }
    await insertStashdbLink(this.db, referenceId, EXTERNAL_SOURCE_STASHDB_SCENE, stashId, {
      internal_table: 'scenes',
      internal_db_id: link.scene.id,
      internal_name_id: link.scene.scene_id,
      match_type: link.matchType,
    });
    return true;
  }

  /** Links a performer reference to an actor (20); false when linked already or flagged deleted. */
  private async linkActor(
    referenceId: number,
    performerId: string,
    actor: { id: number; name: string },
  ): Promise<boolean> {
    const existing = await this.db
      .selectFrom('external_reference_links')
      .select(['internal_db_id', 'match_type'])
      .where('external_reference_id', '=', referenceId)
      .where('internal_table', '=', 'actors')
      .execute();
    if (existing.some((row) => row.match_type === MATCH_TYPE_DELETED || row.internal_db_id === actor.id)) {
      return false;
    }
    await insertStashdbLink(this.db, referenceId, EXTERNAL_SOURCE_STASHDB_PERFORMER, performerId, {
      internal_table: 'actors',
      internal_db_id: actor.id,
      internal_name_id: actor.name,
      match_type: MATCH_TYPE_STASH_RULE,
    });
    return true;
  }
}
