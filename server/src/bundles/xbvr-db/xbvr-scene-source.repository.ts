import type { XbvrConnection, XbvrParam } from './xbvr-connection';
import type { XbvrRow } from './xbvr-values';

/** Rows a page asks for at most (XBVR's tables are read in keyset pages, never whole). */
export const XBVR_PAGE_SIZE = 1000;

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/** A scene that is not soft-deleted (XBVR keeps deleted scenes with deleted_at set). */
const LIVE_SCENE = 'deleted_at IS NULL';

/**
 * The SQL that reads XBVR's scenes and what hangs off them: scenes (live ones only), their tags and cast,
 * files, cuepoints, watch history and the scene edit journal. Read-only; each call is one page or one batch.
 * Scene-keyed lookups take XBVR's numeric scene ids of one page.
 */
export class XbvrSceneSourceRepository {
  constructor(
    private readonly db: XbvrConnection,
    private readonly pageSize = XBVR_PAGE_SIZE,
  ) {}

  /** Live scenes after `afterId`, in id order. */
  scenes(afterId: number): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT * FROM scenes WHERE ${LIVE_SCENE} AND id > ? ORDER BY id LIMIT ${this.pageSize}`,
      [afterId],
    );
  }

  /** Only the ids and scene_ids of live scenes after `afterId`. */
  sceneKeys(afterId: number): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT id, scene_id FROM scenes WHERE ${LIVE_SCENE} AND id > ? ORDER BY id LIMIT ${this.pageSize}`,
      [afterId],
    );
  }

  /** Tag names of the scenes (`xbvr_scene` = scene id), without tag-group pseudo-tags. */
  tagsOf(sceneIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT st.scene_id AS xbvr_scene, t.name AS name FROM scene_tags st JOIN tags t ON t.id = st.tag_id
       WHERE st.scene_id IN (${placeholders(sceneIds.length)}) AND t.name NOT LIKE 'tag group:%'
       ORDER BY st.scene_id, t.name`,
      sceneIds,
    );
  }

  /** The scenes' cast as (`xbvr_scene`, `xbvr_actor`) id pairs in name order, without aka pseudo-actors. */
  castOf(sceneIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT sc.scene_id AS xbvr_scene, a.id AS xbvr_actor FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id
       WHERE sc.scene_id IN (${placeholders(sceneIds.length)}) AND a.name NOT LIKE 'aka:%'
       ORDER BY sc.scene_id, a.name`,
      sceneIds,
    );
  }

  /** Full actor rows by id. */
  actorsById(ids: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(`SELECT * FROM actors WHERE id IN (${placeholders(ids.length)})`, ids);
  }

  /** Files matched to the scenes, with their volume's type and path (`xbvr_volume_type`, `xbvr_volume_path`). */
  filesOf(sceneIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT f.*, v.type AS xbvr_volume_type, v.path AS xbvr_volume_path FROM files f LEFT JOIN volumes v ON v.id = f.volume_id
       WHERE f.scene_id IN (${placeholders(sceneIds.length)}) ORDER BY f.scene_id, f.id`,
      sceneIds,
    );
  }

  /** Files no live scene claims (scene_id 0, or a deleted or missing scene), after `afterId`. */
  unmatchedFiles(afterId: number): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT f.*, v.type AS xbvr_volume_type, v.path AS xbvr_volume_path FROM files f LEFT JOIN volumes v ON v.id = f.volume_id
       WHERE f.id > ? AND NOT EXISTS (SELECT 1 FROM scenes s WHERE s.id = f.scene_id AND s.${LIVE_SCENE})
       ORDER BY f.id LIMIT ${this.pageSize}`,
      [afterId],
    );
  }

  cuepointsOf(sceneIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT * FROM scene_cuepoints WHERE scene_id IN (${placeholders(sceneIds.length)})
       ORDER BY scene_id, time_start, id`,
      sceneIds,
    );
  }

  historyOf(sceneIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT * FROM histories WHERE scene_id IN (${placeholders(sceneIds.length)}) ORDER BY scene_id, id`,
      sceneIds,
    );
  }

  /**
   * The scene edit journal of live scenes, ordered by scene_id string then id, after the key `after` (null: from
   * the start). A scene's entries are consecutive, so they group as they stream.
   */
  actions(after: { sceneId: string; id: number } | null): Promise<XbvrRow[]> {
    const live = `EXISTS (SELECT 1 FROM scenes s WHERE s.scene_id = a.scene_id AND s.${LIVE_SCENE})`;
    const params: XbvrParam[] = after === null ? [] : [after.sceneId, after.sceneId, after.id];
    const keyset = after === null ? '' : 'AND (a.scene_id > ? OR (a.scene_id = ? AND a.id > ?))';
    return this.db.select(
      `SELECT a.* FROM actions a WHERE ${live} ${keyset} ORDER BY a.scene_id, a.id LIMIT ${this.pageSize}`,
      params,
    );
  }
}
