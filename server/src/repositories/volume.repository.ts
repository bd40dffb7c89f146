import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { SceneStatusRepository } from './scene-status.repository';

/** A stored storage location (flags as 0/1, last_scan NULL = never). */
export interface VolumeRow {
  id: number;
  type: 'local' | 'putio';
  path: string;
  metadata: string;
  is_enabled: number;
  is_available: number;
  last_scan: string | null;
}

/** A volume with the counts of its files, for GET /api/options/storage. */
export interface VolumeSummaryRow extends VolumeRow {
  file_count: number;
  unmatched_count: number;
  total_size: number;
  /** Rows a rescan held back as gone (missing_since set), waiting for the owner to confirm or keep them. */
  held_count: number;
}

export interface NewVolume {
  type: 'local' | 'putio';
  path: string;
  metadata: string;
  is_available: boolean;
}

/** Repositories bound to one transaction. */
export interface VolumeTx {
  volumes: VolumeRepository;
  status: SceneStatusRepository;
}

const COLUMNS = ['id', 'type', 'path', 'metadata', 'is_enabled', 'is_available', 'last_scan'] as const;

const now = () => new Date().toISOString();

/** SQL of the volumes table (storage locations) and of the file rows that belong to one. */
export class VolumeRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with repositories bound to it. */
  transaction<T>(work: (tx: VolumeTx) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work({ volumes: new VolumeRepository(trx), status: new SceneStatusRepository(trx) }));
  }

  /** Every volume, oldest first. */
  async list(): Promise<VolumeRow[]> {
    return this.db.selectFrom('volumes').select(COLUMNS).orderBy('id').execute();
  }

  async get(id: number): Promise<VolumeRow | undefined> {
    return this.db.selectFrom('volumes').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async setAvailable(id: number, available: boolean): Promise<void> {
    await this.db
      .updateTable('volumes')
      .set({ is_available: available ? 1 : 0, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  async markScanned(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('volumes')
      .set({ last_scan: at, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Every volume with its file count, unmatched count, total size and held-back rows (one grouped pass over
   * files), the most
   * recently scanned first and never-scanned ones last.
   */
  async listWithCounts(): Promise<VolumeSummaryRow[]> {
    const result = await sql<VolumeSummaryRow>`
      SELECT v.id, v.type, v.path, v.metadata, v.is_enabled, v.is_available, v.last_scan,
        COALESCE(c.file_count, 0) AS file_count,
        COALESCE(c.unmatched_count, 0) AS unmatched_count,
        COALESCE(c.total_size, 0) AS total_size,
        COALESCE(c.held_count, 0) AS held_count
      FROM volumes v
      LEFT JOIN (
        SELECT volume_id, COUNT(*) AS file_count,
          SUM(CASE WHEN scene_id IS NULL THEN 1 ELSE 0 END) AS unmatched_count,
          SUM(size) AS total_size,
          SUM(CASE WHEN missing_since IS NOT NULL THEN 1 ELSE 0 END) AS held_count
        FROM files GROUP BY volume_id
      ) c ON c.volume_id = v.id
      ORDER BY v.last_scan IS NULL, v.last_scan DESC, v.id`.execute(this.db);
    return result.rows;
  }

  /** The volume of this type whose path is exactly `path`. */
  async findByPath(type: VolumeRow['type'], path: string): Promise<VolumeRow | undefined> {
    return this.db
      .selectFrom('volumes')
      .select(COLUMNS)
      .where('type', '=', type)
      .where('path', '=', path)
      .executeTakeFirst();
  }

  async insert(volume: NewVolume): Promise<number> {
    const row = await this.db
      .insertInto('volumes')
      .values({
        type: volume.type,
        path: volume.path,
        metadata: volume.metadata,
        is_available: volume.is_available ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Token of a put.io volume that is already stored (re-adding the same account updates it). */
  async setMetadata(id: number, metadata: string): Promise<void> {
    await this.db.updateTable('volumes').set({ metadata, updated_at: now() }).where('id', '=', id).execute();
  }

  /** Distinct ids of the scenes that files of this volume are matched to. */
  async matchedSceneIds(volumeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('scene_id')
      .distinct()
      .where('volume_id', '=', volumeId)
      .where('scene_id', 'is not', null)
      .execute();
    return rows.map((row) => row.scene_id).filter((id): id is number => id !== null);
  }

  /** Ids of the volume's files that have a rendered heatmap. */
  async heatmapFileIds(volumeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where('volume_id', '=', volumeId)
      .where('has_heatmap', '=', 1)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes the volume's files, then the volume. Use inside `transaction` with the status refresh. */
  async deleteWithFiles(volumeId: number): Promise<void> {
    await this.db.deleteFrom('files').where('volume_id', '=', volumeId).execute();
    await this.db.deleteFrom('volumes').where('id', '=', volumeId).execute();
  }
}
