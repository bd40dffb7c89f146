import type { Insertable, Selectable } from 'kysely';
import type { CustomSitesTable, Database } from '../db/schema';

export type CustomSiteRow = Selectable<CustomSitesTable>;
/** What a save writes: every column but the stamps. */
export type CustomSiteValues = Omit<Insertable<CustomSitesTable>, 'created_at' | 'updated_at'> & {
  avatar_url: string;
  master_site_id: string;
};

/** The `custom_sites` table: the aggregator studios the owner added. */
export class CustomSiteRepository {
  constructor(private readonly db: Database) {}

  /** Every custom site, by name ignoring case (then id). */
  list(): Promise<CustomSiteRow[]> {
    return this.db
      .selectFrom('custom_sites')
      .selectAll()
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
  }

  row(id: string): Promise<CustomSiteRow | undefined> {
    return this.db.selectFrom('custom_sites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts the site or replaces its values (keeping created_at), in one statement; answers the row. */
  async save(values: CustomSiteValues): Promise<CustomSiteRow> {
    const stamp = new Date().toISOString();
    return this.db
      .insertInto('custom_sites')
      .values({ ...values, created_at: stamp, updated_at: stamp })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          list: eb.ref('excluded.list'),
          url: eb.ref('excluded.url'),
          name: eb.ref('excluded.name'),
          company: eb.ref('excluded.company'),
          avatar_url: eb.ref('excluded.avatar_url'),
          master_site_id: eb.ref('excluded.master_site_id'),
          updated_at: stamp,
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Answers false when there was no such site. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('custom_sites').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
