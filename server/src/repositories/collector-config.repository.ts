import type { Database } from '../db/schema';

/** Collector configs live in the kv table under `collector:<domain_key>`, apart from every other row. */
export const COLLECTOR_KEY_PREFIX = 'collector:';
/** The character after ':' bounds the prefix range, so the key index serves the listing. */
const PREFIX_END = 'collector;';

export interface CollectorConfigRow {
  domainKey: string;
  /** The stored JSON text. */
  value: string;
}

/** SQL of the collector configs: kv rows whose key is `collector:` + the domain key. */
export class CollectorConfigRepository {
  constructor(private readonly db: Database) {}

  async list(): Promise<CollectorConfigRow[]> {
    const rows = await this.db
      .selectFrom('kv')
      .select(['key', 'value'])
      .where('key', '>=', COLLECTOR_KEY_PREFIX)
      .where('key', '<', PREFIX_END)
      .orderBy('key')
      .execute();
    return rows.map((row) => ({ domainKey: row.key.slice(COLLECTOR_KEY_PREFIX.length), value: row.value }));
  }

  async get(domainKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('kv')
      .select('value')
      .where('key', '=', COLLECTOR_KEY_PREFIX + domainKey)
      .executeTakeFirst();
    return row?.value;
  }

  async set(domainKey: string, value: string): Promise<void> {
    const key = COLLECTOR_KEY_PREFIX + domainKey;
    const now = new Date().toISOString();
    await this.db
      .insertInto('kv')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  /** True when a row was deleted. */
  async delete(domainKey: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('kv')
      .where('key', '=', COLLECTOR_KEY_PREFIX + domainKey)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
