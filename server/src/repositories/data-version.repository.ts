import type { Database, DataVersionsTable } from '../db/schema';

export type DataKind = DataVersionsTable['name'];

/** The version numbers triggers move when a kind of data changes (migration 0004). */
export class DataVersionRepository {
  constructor(private readonly db: Database) {}

  async version(kind: DataKind): Promise<number> {
    const row = await this.db
      .selectFrom('data_versions')
      .select('version')
      .where('name', '=', kind)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }
}
