import type { Kysely, Selectable } from 'kysely';
import type {
  ActorsTable,
  DB,
  FilesTable,
  HistoriesTable,
  SceneCuepointsTable,
  SceneEditsTable,
  ScenesTable,
} from '../db/schema';
import { inIds, inNames } from './sql-lists';

/** A file with the path of its storage location. */
export type BundleFileRow = Selectable<FilesTable> & { volume_path: string };
export type BundleActorRow = Selectable<ActorsTable>;
export type BundleCuepointRow = Selectable<SceneCuepointsTable>;
export type BundleHistoryRow = Selectable<HistoriesTable>;
export type BundleSceneEditRow = Selectable<SceneEditsTable>;

/** The scene columns a bundle carries (not the derived status, counts or generated columns). */
const SCENE_COLUMNS = [
  'id',
  'scene_id',
  'title',
  'scene_type',
  'scraper_id',
  'studio',
  'site',
  'scene_url',
  'members_url',
  'synopsis',
  'cover_url',
  'release_date',
  'duration',
  'images',
  'filenames_arr',
  'is_multipart',
  'star_rating',
  'favourite',
  'watchlist',
  'wishlist',
  'trailerlist',
  'is_watched',
  'is_hidden',
  'needs_update',
  'edits_applied',
  'is_subscribed',
  'trailer_type',
  'trailer_source',
  'chroma_key',
  'legacy_scene_id',
  'script_published',
  'ai_script',
  'human_script',
  'last_opened',
  'added_date',
  'total_watch_time',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ScenesTable)[];

export type BundleSceneRow = Pick<Selectable<ScenesTable>, (typeof SCENE_COLUMNS)[number]>;

/** A scene's internal id and its public scene_id. */
export interface SceneKey {
  id: number;
  scene_id: string;
}

/**
 * Which sites' scenes a backup takes (the reference's rule): with `enabledSitesOnly` only scenes of enabled
 * sites, with `officialSitesOnly` none of a site named "(Custom …)". A scene whose scraper_id names no site is
 * left out by either. Both false: every scene.
 */
export interface SiteScope {
  enabledSitesOnly: boolean;
  officialSitesOnly: boolean;
}

/** The tables of a scene's parts that travel in sections of their own. */
export type ScenePartTable = 'files' | 'scene_cuepoints' | 'histories';

/** The name pattern of a custom (owner-made) site, e.g. "My Studio (Custom SLR)". */
export const CUSTOM_SITE_PATTERN = '%(Custom %)';

/**
 * Reads of a backup, scene side: the selected scenes in pages (keyset on id) and the related rows of one page
 * in one batched query each. Bound to the export's own read-only connection, inside its read transaction.
 */
export class BundleExportSceneRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scopedSites(scope: SiteScope) {
    let sites = this.db.selectFrom('sites').select('sites.id');
    if (scope.enabledSitesOnly) sites = sites.where('sites.is_enabled', '=', 1);
    if (scope.officialSitesOnly) sites = sites.where('sites.name', 'not like', CUSTOM_SITE_PATTERN);
    return sites;
  }

  private scenesIn(scope: SiteScope) {
    const query = this.db.selectFrom('scenes');
    if (!scope.enabledSitesOnly && !scope.officialSitesOnly) return query;
    return query.where('scenes.scraper_id', 'in', this.scopedSites(scope));
  }

  async countScenes(scope: SiteScope): Promise<number> {
    const row = await this.scenesIn(scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The next page of selected scenes after `afterId`, by id. */
  sceneKeysAfter(scope: SiteScope, afterId: number, limit: number): Promise<SceneKey[]> {
    return this.scenesIn(scope)
      .select(['scenes.id', 'scenes.scene_id'])
      .where('scenes.id', '>', afterId)
      .orderBy('scenes.id')
      .limit(limit)
      .execute();
  }

  /** Those of `ids` that are in the scope, by id. */
  sceneKeysIn(scope: SiteScope, ids: readonly number[]): Promise<SceneKey[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.scenesIn(scope)
      .select(['scenes.id', 'scenes.scene_id'])
      .where(inIds('scenes.id', ids))
      .orderBy('scenes.id')
      .execute();
  }

  scenes(ids: readonly number[]): Promise<BundleSceneRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('scenes').select(SCENE_COLUMNS).where(inIds('id', ids)).orderBy('id').execute();
  }

  /** The scenes' real tags (tag-group pseudo-tags left out), by name. */
  tags(sceneIds: readonly number[]): Promise<{ scene_id: number; name: string }[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select(['scene_tags.scene_id', 'tags.name'])
      .where(inIds('scene_tags.scene_id', sceneIds))
      .where('tags.is_tag_group', '=', 0)
      .orderBy('scene_tags.scene_id')
      .orderBy('tags.name')
      .execute();
  }

  /** The scenes' cast (aka pseudo-actors left out) as actor ids, by name. */
  cast(sceneIds: readonly number[]): Promise<{ scene_id: number; actor_id: number }[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_cast')
      .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
      .select(['scene_cast.scene_id', 'scene_cast.actor_id'])
      .where(inIds('scene_cast.scene_id', sceneIds))
      .where('actors.is_aka_group', '=', 0)
      .orderBy('scene_cast.scene_id')
      .orderBy('actors.name')
      .execute();
  }

  files(sceneIds: readonly number[]): Promise<BundleFileRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .innerJoin('volumes', 'volumes.id', 'files.volume_id')
      .selectAll('files')
      .select('volumes.path as volume_path')
      .where(inIds('files.scene_id', sceneIds))
      .orderBy('files.scene_id')
      .orderBy('files.id')
      .execute();
  }

  /** Files no scene claims, the next page after `afterId`. */
  unmatchedFilesAfter(afterId: number, limit: number): Promise<BundleFileRow[]> {
    return this.db
      .selectFrom('files')
      .innerJoin('volumes', 'volumes.id', 'files.volume_id')
      .selectAll('files')
      .select('volumes.path as volume_path')
      .where('files.scene_id', 'is', null)
      .where('files.id', '>', afterId)
      .orderBy('files.id')
      .limit(limit)
      .execute();
  }

  async countUnmatchedFiles(): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scene_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  cuepoints(sceneIds: readonly number[]): Promise<BundleCuepointRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_cuepoints')
      .selectAll()
      .where(inIds('scene_id', sceneIds))
      .orderBy('scene_id')
      .orderBy('time_start')
      .orderBy('id')
      .execute();
  }

  history(sceneIds: readonly number[]): Promise<BundleHistoryRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('histories')
      .selectAll()
      .where(inIds('scene_id', sceneIds))
      .orderBy('scene_id')
      .orderBy('time_start')
      .orderBy('id')
      .execute();
  }

  /** The edit journal of the given scene_id strings, grouped by scene_id and in the order it was written. */
  editsOf(sceneIds: readonly string[]): Promise<BundleSceneEditRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_edits')
      .selectAll()
      .where(inNames('scene_id', sceneIds))
      .orderBy('scene_id')
      .orderBy('id')
      .execute();
  }

  /**
   * The whole edit journal in pages, keyset on (scene_id, id): also the entries of scenes deleted since, which
   * the journal keeps so the edits come back if the scene is scraped again.
   */
  editsAfter(after: { sceneId: string; id: number } | null, limit: number): Promise<BundleSceneEditRow[]> {
    let query = this.db.selectFrom('scene_edits').selectAll();
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('scene_id', '>', after.sceneId),
          eb.and([eb('scene_id', '=', after.sceneId), eb('id', '>', after.id)]),
        ]),
      );
    }
    return query.orderBy('scene_id').orderBy('id').limit(limit).execute();
  }

  /** How many scenes have rows in the table. */
  async countScenesWith(table: ScenePartTable): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.count<number>('scene_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countEditedScenes(): Promise<number> {
    const row = await this.db
      .selectFrom('scene_edits')
      .select((eb) => eb.fn.count<number>('scene_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
