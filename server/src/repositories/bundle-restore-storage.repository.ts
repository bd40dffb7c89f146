import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database, FilesTable, SitesTable, VolumesTable } from '../db/schema';
import { insertRows } from './bundle-restore-rows.repository';
import { inNames } from './sql-lists';

export interface RestoreVolumeRow {
  id: number;
  type: 'local' | 'putio';
  path: string;
}

/** A stored volume with the columns a restore compares. */
export type RestoreStoredVolume = Selectable<VolumesTable>;

/** A stored file with the columns a restore compares. */
export type RestoreFileRow = Selectable<FilesTable>;

/** A stored site with the columns a restore compares. */
export type RestoreSiteRow = Selectable<SitesTable>;

const now = () => new Date().toISOString();

/**
 * SQL of a bundle restore's storage: volumes by type and path, files by path and name, and sites (matched by
 * id or name; a site the bundle names by an id no site has is created without a definition). Bound to a
 * batch's transaction by BundleRestoreRepository.
 */
export class BundleRestoreStorageRepository {
  constructor(private readonly db: Database) {}

  volumes(): Promise<RestoreVolumeRow[]> {
    return this.db.selectFrom('volumes').select(['id', 'type', 'path']).execute();
  }

  /** Every volume with all its columns (a restore compares them with the bundle's). */
  storedVolumes(): Promise<RestoreStoredVolume[]> {
    return this.db.selectFrom('volumes').selectAll().execute();
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
    return this.db.selectFrom('files').selectAll().where(inNames('filename', filenames)).execute();
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
    return this.db.selectFrom('sites').selectAll().execute();
  }

  /** A site without a scraper definition (has_scraper 0): a definition with its id takes the row over later. */
  insertSite(values: Insertable<SitesTable>): Promise<RestoreSiteRow> {
    return this.db.insertInto('sites').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updateSite(id: string, values: Updateable<SitesTable>): Promise<void> {
    await this.db
      .updateTable('sites')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }
}
