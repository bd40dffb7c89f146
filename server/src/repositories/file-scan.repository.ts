import { sql } from 'kysely';
import type { Database, FileType } from '../db/schema';
import { SceneStatusRepository } from './scene-status.repository';
import { inIds } from './sql-lists';
import { VolumeRepository } from './volume.repository';

/** What the scanner needs of a file row it already has, read once per volume. */
export interface KnownFileRow {
  id: number;
  path: string;
  filename: string;
  size: number;
  updated_time: string | null;
  scene_id: number | null;
  oshash: string;
  type: FileType;
  video_width: number;
  /** When a rescan first found the file gone and held the row back for the owner to confirm; null = not held. */
  missing_since: string | null;
}

/** The columns a scan writes for a new or changed file (the match, flags and manual choices stay). */
export interface ScanFileValues {
  path: string;
  filename: string;
  type: FileType;
  size: number;
  oshash: string;
  created_time: string | null;
  updated_time: string | null;
  video_width: number;
  video_height: number;
  video_bitrate: number;
  video_avg_frame_rate: string;
  video_avgfps_val: number;
  video_codec_name: string;
  duration: number;
  projection: string;
  stereo_mode: string;
  fov: number;
  has_alpha: number;
}

/** A row as written by an upsert. */
export interface UpsertedFile {
  id: number;
  path: string;
  filename: string;
  type: FileType;
  size: number;
  oshash: string;
  scene_id: number | null;
}

/** Repositories bound to one transaction. */
export interface FileScanTx {
  files: FileScanRepository;
  status: SceneStatusRepository;
  volumes: VolumeRepository;
}

const KNOWN_COLUMNS = [
  'id',
  'path',
  'filename',
  'size',
  'updated_time',
  'scene_id',
  'oshash',
  'type',
  'video_width',
  'missing_since',
] as const;

const sceneIdsOf = (rows: readonly { scene_id: number | null }[]): number[] => [
  ...new Set(rows.flatMap((row) => (row.scene_id === null ? [] : [row.scene_id]))),
];

/** The projection columns a manual choice protects (projection_is_manual = 1). */
const keepWhenManual = <T extends string | number>(
  column: 'projection' | 'stereo_mode' | 'fov' | 'has_alpha',
) =>
  sql<T>`CASE WHEN files.projection_is_manual = 1 THEN files.${sql.raw(column)} ELSE excluded.${sql.raw(column)} END`;

/**
 * SQL of the rescan: the volume's rows read in one statement, batched upserts on (volume_id, path, filename),
 * removals, moves and heatmap flags. An instance bound to a transaction (through `transaction`) must not start
 * another.
 */
export class FileScanRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: FileScanTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        files: new FileScanRepository(trx),
        status: new SceneStatusRepository(trx),
        volumes: new VolumeRepository(trx),
      }),
    );
  }

  /** Every row of the volume, in one statement (it walks the unique (volume_id, path, filename) index). */
  knownFiles(volumeId: number): Promise<KnownFileRow[]> {
    return this.db.selectFrom('files').select(KNOWN_COLUMNS).where('volume_id', '=', volumeId).execute();
  }

  /** The volume's rows held back by a rescan (missing_since set), waiting for the owner's answer. */
  heldFiles(volumeId: number): Promise<KnownFileRow[]> {
    return this.db
      .selectFrom('files')
      .select(KNOWN_COLUMNS)
      .where('volume_id', '=', volumeId)
      .where('missing_since', 'is not', null)
      .execute();
  }

  /**
   * Holds back rows whose file is gone (missing_since = `at`, kept when already set); answers the scenes of the
   * rows newly held, whose status the caller refreshes in the same transaction.
   */
  async hold(volumeId: number, ids: readonly number[], at: string): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('files')
      .set({ missing_since: at, updated_at: new Date().toISOString() })
      .where('volume_id', '=', volumeId)
      .where(inIds('id', ids))
      .where('missing_since', 'is', null)
      .returning('scene_id')
      .execute();
    return sceneIdsOf(rows);
  }

  /** Releases the volume's held rows except `keepHeld`; answers how many, and their scenes. */
  async release(
    volumeId: number,
    keepHeld: readonly number[] = [],
  ): Promise<{ count: number; sceneIds: number[] }> {
    let query = this.db
      .updateTable('files')
      .set({ missing_since: null, updated_at: new Date().toISOString() })
      .where('volume_id', '=', volumeId)
      .where('missing_since', 'is not', null);
    if (keepHeld.length > 0) query = query.where(sql<boolean>`NOT ${inIds('id', keepHeld)}`);
    const rows = await query.returning('scene_id').execute();
    return { count: rows.length, sceneIds: sceneIdsOf(rows) };
  }

  /** Deletes those of `ids` that are still held on the volume; answers the deleted rows' scene ids. */
  async deleteHeld(volumeId: number, ids: readonly number[]): Promise<{ count: number; sceneIds: number[] }> {
    if (ids.length === 0) return { count: 0, sceneIds: [] };
    const rows = await this.db
      .deleteFrom('files')
      .where('volume_id', '=', volumeId)
      .where(inIds('id', ids))
      .where('missing_since', 'is not', null)
      .returning('scene_id')
      .execute();
    return { count: rows.length, sceneIds: sceneIdsOf(rows) };
  }

  async countFiles(volumeId: number): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('volume_id', '=', volumeId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** The scenes that have a file on the volume. */
  async sceneIdsOfVolume(volumeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('scene_id')
      .distinct()
      .where('volume_id', '=', volumeId)
      .where('scene_id', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.scene_id === null ? [] : [row.scene_id]));
  }

  /**
   * Inserts new files and updates changed ones (one multi-row statement; at most a few hundred rows per call).
   * A changed script loses its heatmap (it is drawn again); a manual projection is kept.
   */
  async upsert(volumeId: number, rows: readonly ScanFileValues[]): Promise<UpsertedFile[]> {
    if (rows.length === 0) return [];
    const now = new Date().toISOString();
    return this.db
      .insertInto('files')
      .values(
        rows.map((row) => ({
          ...row,
          volume_id: volumeId,
          scene_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['volume_id', 'path', 'filename']).doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          size: eb.ref('excluded.size'),
          oshash: eb.ref('excluded.oshash'),
          created_time: eb.ref('excluded.created_time'),
          updated_time: eb.ref('excluded.updated_time'),
          video_width: eb.ref('excluded.video_width'),
          video_height: eb.ref('excluded.video_height'),
          video_bitrate: eb.ref('excluded.video_bitrate'),
          video_avg_frame_rate: eb.ref('excluded.video_avg_frame_rate'),
          video_avgfps_val: eb.ref('excluded.video_avgfps_val'),
          video_codec_name: eb.ref('excluded.video_codec_name'),
          duration: eb.ref('excluded.duration'),
          projection: keepWhenManual<string>('projection'),
          stereo_mode: keepWhenManual<string>('stereo_mode'),
          fov: keepWhenManual<number>('fov'),
          has_alpha: keepWhenManual<number>('has_alpha'),
          has_heatmap: 0,
          missing_since: null,
          updated_at: now,
        })),
      )
      .returning(['id', 'path', 'filename', 'type', 'size', 'oshash', 'scene_id'])
      .execute();
  }

  async deleteFiles(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('files').where(inIds('id', ids)).execute();
  }

  /** Matches a file that is still unmatched; false when it was matched meanwhile. */
  async assignScene(fileId: number, sceneId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('files')
      .set({ scene_id: sceneId, updated_at: new Date().toISOString() })
      .where('id', '=', fileId)
      .where('scene_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Appends `filename` to the scene's expected filenames unless it is already there. */
  async addExpectedFilename(sceneId: number, filename: string): Promise<void> {
    const list = sql`CASE WHEN json_valid(filenames_arr) THEN filenames_arr ELSE '[]' END`;
    await this.db
      .updateTable('scenes')
      .set({
        filenames_arr: sql<string>`json_insert(${list}, '$[#]', ${filename})`,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', sceneId)
      .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM json_each(${list}) WHERE value = ${filename})`)
      .execute();
  }

  /** Unmatched files of the given volumes. */
  async unmatchedIds(volumeIds: readonly number[]): Promise<number[]> {
    if (volumeIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where(inIds('volume_id', volumeIds))
      .where('scene_id', 'is', null)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Script files of the given volumes, with whether their heatmap was drawn. */
  heatmapCandidates(
    volumeIds: readonly number[],
  ): Promise<{ id: number; path: string; filename: string; has_heatmap: number }[]> {
    if (volumeIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .select(['id', 'path', 'filename', 'has_heatmap'])
      .where(inIds('volume_id', volumeIds))
      .where('type', '=', 'script')
      .orderBy('id')
      .execute();
  }

  /** Marks heatmaps as drawn (and the players' heatmap cache as due for a refresh). */
  async markHeatmaps(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('files')
      .set({ has_heatmap: 1, refresh_heatmap_cache: 1, updated_at: new Date().toISOString() })
      .where(inIds('id', ids))
      .execute();
  }
}
