import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { SceneEditJournalRepository } from './scene-edit-journal.repository';
import { SceneStatusRepository } from './scene-status.repository';
import { SceneWriteRepository, type NewCuepoint } from './scene-write.repository';
import { inIds } from './sql-lists';

/** Repositories bound to one transaction of a HereSphere update. */
export interface HeresphereTx {
  scenes: SceneWriteRepository;
  journal: SceneEditJournalRepository;
  counts: CatalogueCountsRepository;
  status: SceneStatusRepository;
  heresphere: HeresphereRepository;
}

export interface GroupRow {
  scene_id: number;
  name: string;
}

export interface ScanRow {
  id: number;
  title: string;
  site: string;
  release_date: string | null;
  added_date: string | null;
  /** Minutes. */
  duration: number;
  star_rating: number;
  favourite: number;
  watchlist: number;
  trailerlist: number;
  is_scripted: number;
  /** JSON array text of names. */
  cast_names: string;
  tag_names: string;
  video_seconds: number | null;
}

export interface HspFileValues {
  volume_id: number;
  path: string;
  filename: string;
  scene_id: number;
  size: number;
  at: string;
}

/** The HereSphere API's own reads and writes: a scene's groups, its cuepoint sets and its HSP file. */
export class HeresphereRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: HeresphereTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        scenes: new SceneWriteRepository(trx),
        journal: new SceneEditJournalRepository(trx),
        counts: new CatalogueCountsRepository(trx),
        status: new SceneStatusRepository(trx),
        heresphere: new HeresphereRepository(trx),
      }),
    );
  }

  async sceneExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('scenes').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** The tag groups holding any tag of the scenes (group names, without the "tag group:" prefix). */
  tagGroups(sceneIds: readonly number[]): Promise<GroupRow[]> {
    return this.db
      .selectFrom('scene_tags')
      .innerJoin('tag_group_tags', 'tag_group_tags.tag_id', 'scene_tags.tag_id')
      .innerJoin('tag_groups', 'tag_groups.id', 'tag_group_tags.tag_group_id')
      .select(['scene_tags.scene_id', 'tag_groups.name'])
      .distinct()
      .where(inIds('scene_tags.scene_id', sceneIds))
      .orderBy('tag_groups.name')
      .execute();
  }

  /** The aka pseudo-actors ("aka:A,B") grouping any cast member of the scenes. */
  akaGroups(sceneIds: readonly number[]): Promise<GroupRow[]> {
    return this.db
      .selectFrom('scene_cast')
      .innerJoin('actor_akas', 'actor_akas.actor_id', 'scene_cast.actor_id')
      .innerJoin('akas', 'akas.id', 'actor_akas.aka_id')
      .innerJoin('actors', 'actors.id', 'akas.aka_actor_id')
      .select(['scene_cast.scene_id', 'actors.name'])
      .distinct()
      .where(inIds('scene_cast.scene_id', sceneIds))
      .orderBy('actors.name')
      .execute();
  }

  /**
   * What /heresphere/scan lists of each scene, in ONE statement whatever the number of ids: the scene's
   * columns, its cast and tag names (JSON arrays, by name) and its longest video in seconds. Unknown ids are
   * absent; the order is not the ids' order.
   */
  scanRows(sceneIds: readonly number[]): Promise<ScanRow[]> {
    return sql<ScanRow>`
      SELECT s.id, s.title, s.site, s.release_date, s.added_date, s.duration, s.star_rating, s.favourite,
        s.watchlist, s.trailerlist, s.is_scripted,
        (SELECT json_group_array(name) FROM (
          SELECT a.name FROM scene_cast c JOIN actors a ON a.id = c.actor_id
          WHERE c.scene_id = s.id ORDER BY a.name)) AS cast_names,
        (SELECT json_group_array(name) FROM (
          SELECT t.name FROM scene_tags st JOIN tags t ON t.id = st.tag_id
          WHERE st.scene_id = s.id ORDER BY t.name)) AS tag_names,
        (SELECT max(f.duration) FROM files f WHERE f.scene_id = s.id AND f.type = 'video') AS video_seconds
      FROM scenes s
      WHERE s.id IN (SELECT value FROM json_each(${JSON.stringify(sceneIds)}))`
      .execute(this.db)
      .then((result) => result.rows);
  }

  /** Deletes the scene's HereSphere cuepoints (track set), and its simple ones too unless `keepSimple`. */
  async deleteCuepoints(sceneId: number, keepSimple: boolean): Promise<void> {
    let query = this.db.deleteFrom('scene_cuepoints').where('scene_id', '=', sceneId);
    if (keepSimple) query = query.where('track', 'is not', null);
    await query.execute();
  }

  async insertCuepoints(sceneId: number, cuepoints: readonly NewCuepoint[]): Promise<void> {
    if (cuepoints.length === 0) return;
    await this.db
      .insertInto('scene_cuepoints')
      .values(cuepoints.map((cuepoint) => ({ ...cuepoint, scene_id: sceneId })))
      .execute();
  }

  /** Records the scene's .hsp file: a new `hsp` row, or the existing row of that path brought up to date. */
  async saveHspFile(values: HspFileValues): Promise<number> {
    const row = await this.db
      .insertInto('files')
      .values({
        volume_id: values.volume_id,
        path: values.path,
        filename: values.filename,
        size: values.size,
        type: 'hsp',
        scene_id: values.scene_id,
        created_time: values.at,
        updated_time: values.at,
      })
      .onConflict((oc) =>
        oc.columns(['volume_id', 'path', 'filename']).doUpdateSet({
          size: values.size,
          type: 'hsp',
          scene_id: values.scene_id,
          updated_time: values.at,
          missing_since: null,
          updated_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
