import type { Insertable, Updateable } from 'kysely';
import type { Database, FilesTable, SitesTable, VolumesTable } from '../db/schema';
import { insertRows } from './bundle-restore-rows.repository';
import { inNames } from './sql-lists';

export interface RestoreVolumeRow {
  id: number;
  type: 'local' | 'putio';
  path: string;
}

export interface RestoreFileRow {
  id: number;
  volume_id: number;
  path: string;
  filename: string;
  scene_id: number | null;
}

export interface RestoreSiteRow {
  id: string;
  name: string;
}

const now = () => new Date().toISOString();

/**
 * SQL of a bundle restore's storage: volumes by type and path, files by path and name, and the switches of
 * sites (matched by id or name; a restore never creates a site). Bound to a
 * batch's transaction by BundleRestoreRepository.
 */
export class BundleRestoreStorageRepository {
  constructor(private readonly db: Database) {}

  volumes(): Promise<RestoreVolumeRow[]> {
    return this.db.selectFrom('volumes').select(['id', 'type', 'path']).execute();
  }

  async insertVolume(values: Insertable<VolumesTable>): Promise<void> {
    await this.db.insertInto('volumes').values(values).execute();
  }

  async updateVolume(id: number, values: Updateable<VolumesTable>): Promise<void> {
    await this.db
      .updateTable('volumes')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  /** Files of these names (in any folder: the caller compares the folder). */
  filesNamed(filenames: readonly string[]): Promise<RestoreFileRow[]> {
    if (filenames.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .select(['id', 'volume_id', 'path', 'filename', 'scene_id'])
      .where(inNames('filename', filenames))
      .execute();
  }

  insertFiles(rows: readonly Insertable<FilesTable>[]): Promise<void> {
    return insertRows(this.db, 'files', rows);
  }

  async updateFile(id: number, values: Updateable<FilesTable>): Promise<void> {
    await this.db
      .updateTable('files')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  sites(): Promise<RestoreSiteRow[]> {
    return this.db.selectFrom('sites').select(['id', 'name']).execute();
  }

  async updateSite(id: string, values: Updateable<SitesTable>): Promise<void> {
    await this.db
      .updateTable('sites')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }
}
