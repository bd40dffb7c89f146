import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { inIds } from './sql-lists';

/** The script of a scene that an export takes: the first by is_selected_script desc, created_time desc. */
export interface ExportScript {
  file_id: number;
  scene_db_id: number;
  title: string;
  /** The directory of a local file; for put.io the put.io file id. */
  path: string;
  filename: string;
  volume_type: 'local' | 'putio';
  is_exported: number;
}

/**
 * Every matched scene's first script (xbvr-facts §11.1): one row per scene that has a script file, the
 * script chosen by `is_selected_script DESC, created_time DESC` (then the newest row), scenes in `scene_id`
 * order. Computed in one statement with a window, so counting and exporting read the same choice.
 */
const firstScripts = (db: Database) =>
  db
    .selectFrom('files as f')
    .innerJoin('scenes as s', 's.id', 'f.scene_id')
    .innerJoin('volumes as v', 'v.id', 'f.volume_id')
    .where('f.type', '=', 'script')
    .select([
      'f.id as file_id',
      's.id as scene_db_id',
      's.scene_id as scene_key',
      's.title',
      'f.path',
      'f.filename',
      'v.type as volume_type',
      'f.is_exported',
      sql<number>`ROW_NUMBER() OVER (PARTITION BY f.scene_id
        ORDER BY f.is_selected_script DESC, f.created_time DESC, f.id DESC)`.as('rank'),
    ]);

/** The funscript export: which scripts go into the zip, the counts, and marking what was exported. */
export class FunscriptExportRepository {
  constructor(private readonly db: Database) {}

  /** The first script of every scripted scene, or only those not exported yet, in scene_id order. */
  async scripts(onlyNew: boolean): Promise<ExportScript[]> {
    let query = this.db
      .selectFrom(firstScripts(this.db).as('c'))
      .select([
        'c.file_id',
        'c.scene_db_id',
        'c.title',
        'c.path',
        'c.filename',
        'c.volume_type',
        'c.is_exported',
      ])
      .where('c.rank', '=', 1);
    if (onlyNew) query = query.where('c.is_exported', '=', 0);
    return query.orderBy('c.scene_key').orderBy('c.scene_db_id').execute();
  }

  /** Scripted scenes, and those whose first script is not exported yet. */
  async counts(): Promise<{ total: number; updated: number }> {
    const row = await this.db
      .selectFrom(firstScripts(this.db).as('c'))
      .select([
        sql<number>`COUNT(*)`.as('total'),
        sql<number>`COALESCE(SUM(c.is_exported = 0), 0)`.as('updated'),
      ])
      .where('c.rank', '=', 1)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), updated: Number(row.updated) };
  }

  /**
   * Marks the exported scripts `is_exported` and resets the other scripts of their scenes, in one transaction
   * (the export of a scene is its one chosen script).
   */
  async markExported(fileIds: readonly number[]): Promise<void> {
    if (fileIds.length === 0) return;
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('files')
        .set({ is_exported: 1, updated_at: now })
        .where(inIds('id', fileIds))
        .where('is_exported', '=', 0)
        .execute();
      await trx
        .updateTable('files')
        .set({ is_exported: 0, updated_at: now })
        .where('type', '=', 'script')
        .where('is_exported', '=', 1)
        .where(
          'scene_id',
          'in',
          trx
            .selectFrom('files')
            .select('scene_id')
            .where(inIds('id', fileIds))
            .where('scene_id', 'is not', null),
        )
        .where(sql<boolean>`NOT ${inIds('id', fileIds)}`)
        .execute();
    });
  }
}
