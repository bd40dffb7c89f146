import {
  EXTERNAL_SOURCE_STASHDB_PERFORMER,
  EXTERNAL_SOURCE_STASHDB_SCENE,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_STASH_ACTOR_MANUAL,
  MATCH_TYPE_STASH_SCENE_MANUAL,
} from '@fovea/contract';
import type { Database } from '../db/schema';
import { insertStashdbLink, writeStashdbReference } from './stashdb-reference-writes';
import { inIds, inNames } from './sql-lists';

/** The scene fields a StashDB search and link read. */
export interface StashdbSceneRow {
  id: number;
  scene_id: string;
  title: string;
  site: string;
  studio: string;
  release_date: string | null;
  /** Minutes. */
  duration: number;
  scene_url: string;
}

/** A cast actor with the names it goes by (`aliases`: JSON list). */
export interface StashdbCastRow {
  id: number;
  name: string;
  aliases: string;
}

/** The columns of a `stashdb scene` / `stashdb performer` reference. */
export interface StashdbReference {
  external_id: string;
  external_url: string;
  external_date: string | null;
  /** The StashDB JSON. */
  external_data: string;
}

/** A cast actor and the StashDB performer it was recognised as. */
export interface ActorPerformerLink {
  actor: { id: number; name: string };
  performer: StashdbReference;
}

/** An unmatched video file with an OpenSubtitles hash. */
export interface FingerprintCandidate {
  id: number;
  filename: string;
  oshash: string;
}

/** A live link of a `stashdb scene` reference to an existing scene. */
export interface StashSceneLinkHit {
  stash_id: string;
  scene: number;
}

const now = () => new Date().toISOString();

/**
 * SQL of the StashDB links: the scene facts a search ranks against, the manual link of a scene (and its cast)
 * to StashDB in one transaction, and the lookups of the fingerprint matching.
 */
export class StashdbLinkRepository {
  constructor(private readonly db: Database) {}

  async scene(id: number): Promise<StashdbSceneRow | null> {
    const row = await this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'title', 'site', 'studio', 'release_date', 'duration', 'scene_url'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The cast of a scene, by name. */
  cast(sceneId: number): Promise<StashdbCastRow[]> {
    return this.db
      .selectFrom('scene_cast as c')
      .innerJoin('actors as a', 'a.id', 'c.actor_id')
      .select(['a.id', 'a.name', 'a.aliases'])
      .where('c.scene_id', '=', sceneId)
      .orderBy('a.name')
      .execute();
  }

  /**
   * In one transaction: the `stashdb scene` reference written (inserted or refreshed), every link of it to a
   * scene replaced by a manual link (5) to this scene, and each recognised cast actor linked to its
   * `stashdb performer` reference (90). A performer whose link the owner flagged deleted (-1) is left
   * alone; a performer reference that exists keeps its data (it may hold more than a scene lists).
   */
  async linkScene(
    scene: { id: number; scene_id: string },
    reference: StashdbReference,
    actors: readonly ActorPerformerLink[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const tx = new StashdbLinkRepository(trx);
      const sceneRef = await writeStashdbReference(trx, EXTERNAL_SOURCE_STASHDB_SCENE, reference, 'replace');
      await trx
        .deleteFrom('external_reference_links')
        .where('external_reference_id', '=', sceneRef)
        .where('internal_table', '=', 'scenes')
        .execute();
      await insertStashdbLink(trx, sceneRef, EXTERNAL_SOURCE_STASHDB_SCENE, reference.external_id, {
        internal_table: 'scenes',
        internal_db_id: scene.id,
        internal_name_id: scene.scene_id,
        match_type: MATCH_TYPE_STASH_SCENE_MANUAL,
      });
      for (const { actor, performer } of actors) {
        const performerRef = await writeStashdbReference(
          trx,
          EXTERNAL_SOURCE_STASHDB_PERFORMER,
          performer,
          'keep',
        );
        await tx.linkActor(performerRef, performer.external_id, actor);
      }
    });
  }

  /** Unmatched video files among `fileIds` that have an OpenSubtitles hash. */
  fingerprintCandidates(fileIds: readonly number[]): Promise<FingerprintCandidate[]> {
    if (fileIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .select(['id', 'filename', 'oshash'])
      .where(inIds('id', fileIds))
      .where('scene_id', 'is', null)
      .where('type', '=', 'video')
      .where('oshash', '<>', '')
      .orderBy('id')
      .execute();
  }

  /** The scenes linked (not flagged deleted) to the `stashdb scene` references of these StashDB ids. */
  scenesLinkedTo(stashIds: readonly string[]): Promise<StashSceneLinkHit[]> {
    if (stashIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('external_reference_links as l')
      .innerJoin('external_references as r', 'r.id', 'l.external_reference_id')
      .innerJoin('scenes as s', 's.id', 'l.internal_db_id')
      .select(['r.external_id as stash_id', 's.id as scene'])
      .distinct()
      .where('r.external_source', '=', EXTERNAL_SOURCE_STASHDB_SCENE)
      .where(inNames('r.external_id', stashIds))
      .where('l.internal_table', '=', 'scenes')
      .where('l.match_type', '<>', MATCH_TYPE_DELETED)
      .orderBy('s.id')
      .execute();
  }

  /**
   * Links a performer reference to an actor (90), or makes its link to that actor a manual one; nothing when
   * the owner flagged a link of that performer deleted.
   */
  private async linkActor(
    referenceId: number,
    performerId: string,
    actor: { id: number; name: string },
  ): Promise<void> {
    const existing = await this.db
      .selectFrom('external_reference_links')
      .select(['id', 'internal_db_id', 'match_type'])
      .where('external_reference_id', '=', referenceId)
      .where('internal_table', '=', 'actors')
      .execute();
    // A deleted link no longer names its actor (internal_db_id 0): the performer is never linked again.
    if (existing.some((link) => link.match_type === MATCH_TYPE_DELETED)) return;
    const links = existing.filter((link) => link.internal_db_id === actor.id);
    const stamp = now();
    if (links.length > 0) {
      await this.db
        .updateTable('external_reference_links')
        .set({
          internal_name_id: actor.name,
          match_type: MATCH_TYPE_STASH_ACTOR_MANUAL,
          udf_datetime1: stamp,
          updated_at: stamp,
        })
        .where(
          inIds(
            'id',
            links.map((link) => link.id),
          ),
        )
        .execute();
      return;
    }
    await insertStashdbLink(this.db, referenceId, EXTERNAL_SOURCE_STASHDB_PERFORMER, performerId, {
      internal_table: 'actors',
      internal_db_id: actor.id,
      internal_name_id: actor.name,
      match_type: MATCH_TYPE_STASH_ACTOR_MANUAL,
    });
  }
}
