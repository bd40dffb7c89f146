import type { Database } from '../db/schema';

/** Key-value rows: options, presets and other small JSON documents. */
export class KvRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('kv').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('kv')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
