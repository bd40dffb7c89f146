import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { inIds } from './sql-lists';

/** The denormalised status columns of a scene, as stored or as recomputed from its rows. */
export interface SceneStatus {
  is_available: number;
  is_accessible: number;
  is_scripted: number;
  total_file_size: number;
  video_file_count: number;
  script_file_count: number;
  hsp_file_count: number;
  subtitles_file_count: number;
  added_date: string | null;
  total_watch_time: number;
  cast_count: number;
  cuepoint_count: number;
  hsp_cuepoint_count: number;
}

export const SCENE_STATUS_COLUMNS = [
  'is_available',
  'is_accessible',
  'is_scripted',
  'total_file_size',
  'video_file_count',
  'script_file_count',
  'hsp_file_count',
  'subtitles_file_count',
  'added_date',
  'total_watch_time',
  'cast_count',
  'cuepoint_count',
  'hsp_cuepoint_count',
] as const satisfies readonly (keyof SceneStatus)[];

export interface SceneStatusRow {
  id: number;
  scene_id: string;
  wishlist: number;
  has_preview: number;
  stored: SceneStatus;
  computed: SceneStatus;
}

/** Status columns whose change moves an actor's scene facts (refreshActorCounts). */
const ACTOR_FACT_COLUMNS = [
  'is_available',
  'added_date',
  'video_file_count',
  'script_file_count',
  'hsp_file_count',
  'subtitles_file_count',
  'total_file_size',
] as const satisfies readonly (keyof SceneStatus)[];

export interface SceneStatusUpdate {
  id: number;
  values: Partial<SceneStatus> & { has_preview?: number; wishlist?: number };
}

interface RawRow extends SceneStatus {
  id: number;
  scene_id: string;
  wishlist: number;
  has_preview: number;
  c_video: number;
  c_script: number;
  c_hsp: number;
  c_subtitles: number;
  c_size: number;
  c_added: string | null;
  c_accessible: number;
  c_watch: number;
  c_cast: number;
  c_cuepoints: number;
  c_hsp_cuepoints: number;
}

/** `UPDATE scenes SET "a" = ?, …, updated_at = ? WHERE id = ?` for these status columns (names from the type). */
function statusUpdateSql(columns: readonly string[]): string {
  const sets = columns.map((column) => `"${column}" = ?`).join(', ');
  return `UPDATE scenes SET ${sets}, updated_at = ? WHERE id = ?`;
}

/** SQL of the scene status refresh: files, watch history, cast and cuepoints aggregated per scene. */
export class SceneStatusRepository {
  constructor(private readonly db: Database) {}

  async idBounds(): Promise<{ min: number; max: number; count: number }> {
    const row = await this.db
      .selectFrom('scenes')
      .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max'), eb.fn.countAll().as('count')])
      .executeTakeFirst();
    return { min: Number(row?.min ?? 0), max: Number(row?.max ?? 0), count: Number(row?.count ?? 0) };
  }

  /** Stored and recomputed status of the scenes whose id is in [fromId, toId], or of the given ids. */
  async load(range: { fromId: number; toId: number } | { ids: number[] }): Promise<SceneStatusRow[]> {
    // A range reads each relation by its scene_id index between the bounds; a list of ids (often scattered
    // over the library) reads only those scenes' rows.
    const within = (column: string) =>
      'ids' in range
        ? inIds(column, range.ids)
        : sql`${sql.ref(column)} BETWEEN ${range.fromId} AND ${range.toId}`;
    const result = await sql<RawRow>`
      SELECT s.id, s.scene_id, s.wishlist, s.has_preview,
        s.is_available, s.is_accessible, s.is_scripted, s.total_file_size, s.video_file_count,
        s.script_file_count, s.hsp_file_count, s.subtitles_file_count, s.added_date, s.total_watch_time,
        s.cast_count, s.cuepoint_count, s.hsp_cuepoint_count,
        COALESCE(f.video, 0) AS c_video, COALESCE(f.script, 0) AS c_script, COALESCE(f.hsp, 0) AS c_hsp,
        COALESCE(f.subtitles, 0) AS c_subtitles, COALESCE(f.size, 0) AS c_size, f.added AS c_added,
        COALESCE(f.accessible, 0) AS c_accessible, COALESCE(h.watch, 0) AS c_watch,
        COALESCE(c.members, 0) AS c_cast, COALESCE(q.total, 0) AS c_cuepoints, COALESCE(q.hsp, 0) AS c_hsp_cuepoints
      FROM scenes s
      LEFT JOIN (
        SELECT f.scene_id,
          SUM(CASE WHEN f.type = 'video' THEN 1 ELSE 0 END) AS video,
          SUM(CASE WHEN f.type = 'script' THEN 1 ELSE 0 END) AS script,
          SUM(CASE WHEN f.type = 'hsp' THEN 1 ELSE 0 END) AS hsp,
          SUM(CASE WHEN f.type = 'subtitles' THEN 1 ELSE 0 END) AS subtitles,
          SUM(f.size) AS size,
          MAX(f.created_time) AS added,
          MAX(CASE WHEN f.type = 'video' AND v.is_available = 1 AND f.missing_since IS NULL THEN 1 ELSE 0 END)
            AS accessible
        FROM files f JOIN volumes v ON v.id = f.volume_id
        WHERE ${within('f.scene_id')}
        GROUP BY f.scene_id
      ) f ON f.scene_id = s.id
      LEFT JOIN (
        SELECT scene_id, SUM(duration) AS watch FROM histories
        WHERE ${within('scene_id')} GROUP BY scene_id
      ) h ON h.scene_id = s.id
      LEFT JOIN (
        SELECT sc.scene_id, COUNT(*) AS members FROM scene_cast sc
        JOIN actors a ON a.id = sc.actor_id AND a.is_aka_group = 0
        WHERE ${within('sc.scene_id')} GROUP BY sc.scene_id
      ) c ON c.scene_id = s.id
      LEFT JOIN (
        SELECT scene_id, COUNT(*) AS total, SUM(CASE WHEN track IS NULL THEN 0 ELSE 1 END) AS hsp
        FROM scene_cuepoints WHERE ${within('scene_id')} GROUP BY scene_id
      ) q ON q.scene_id = s.id
      WHERE ${within('s.id')}
      ORDER BY s.id`.execute(this.db);
    return result.rows.map((row) => ({
      id: row.id,
      scene_id: row.scene_id,
      wishlist: row.wishlist,
      has_preview: row.has_preview,
      stored: {
        is_available: row.is_available,
        is_accessible: row.is_accessible,
        is_scripted: row.is_scripted,
        total_file_size: row.total_file_size,
        video_file_count: row.video_file_count,
        script_file_count: row.script_file_count,
        hsp_file_count: row.hsp_file_count,
        subtitles_file_count: row.subtitles_file_count,
        added_date: row.added_date,
        total_watch_time: row.total_watch_time,
        cast_count: row.cast_count,
        cuepoint_count: row.cuepoint_count,
        hsp_cuepoint_count: row.hsp_cuepoint_count,
      },
      computed: {
        is_available: row.c_video > 0 ? 1 : 0,
        is_accessible: row.c_accessible > 0 ? 1 : 0,
        is_scripted: row.c_script > 0 ? 1 : 0,
        total_file_size: row.c_size,
        video_file_count: row.c_video,
        script_file_count: row.c_script,
        hsp_file_count: row.c_hsp,
        subtitles_file_count: row.c_subtitles,
        added_date: row.c_added,
        total_watch_time: Math.round(row.c_watch),
        cast_count: row.c_cast,
        cuepoint_count: row.c_cuepoints,
        hsp_cuepoint_count: row.c_hsp_cuepoints,
      },
    }));
  }

  /**
   * Writes the changed columns, all in one transaction (the caller's, when this repository is bound to one);
   * updated_at moves only for scenes that changed.
   */
  async apply(updates: SceneStatusUpdate[], options: { actorFacts?: boolean } = {}): Promise<void> {
    if (updates.length === 0) return;
    const now = new Date().toISOString();
    const write = async (db: Database) => {
      // One prepared statement per set of changed columns (a few per refresh), its values bound: thousands of
      // scenes change at once after a scan or a restore, and building each UPDATE anew cost more than running it.
      for (const update of updates) {
        const columns = Object.keys(update.values) as (keyof SceneStatusUpdate['values'])[];
        const values = columns.map((column) => update.values[column] ?? null);
        await db.executeQuery(CompiledQuery.raw(statusUpdateSql(columns), [...values, now, update.id]));
      }
      // An actor's available-scene count, latest scene added and latest file added follow its scenes'
      // availability, added dates and files, in the same transaction.
      const factsMoved =
        options.actorFacts === false
          ? []
          : updates.filter((update) => ACTOR_FACT_COLUMNS.some((key) => update.values[key] !== undefined));
      if (factsMoved.length > 0) {
        const cast = await db
          .selectFrom('scene_cast')
          .select('actor_id')
          .distinct()
          .where(
            inIds(
              'scene_id',
              factsMoved.map((update) => update.id),
            ),
          )
          .execute();
        // Files and availability never move the sites an actor has scenes on.
        await new CatalogueCountsRepository(db).refreshActorCounts(
          cast.map((row) => row.actor_id),
          { sites: false },
        );
      }
    };
    if (this.db.isTransaction) await write(this.db);
    else await this.db.transaction().execute(write);
  }
}
