import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';

type Row = Record<string, unknown>;

/**
 * Which tables the app's connection wrote to since the last look. Temporary triggers (AFTER INSERT, UPDATE,
 * DELETE on every table, visible to this connection only) count the rows each statement touches, so a check
 * costs one small query however large the library grows; hashing every table after each request would not.
 * Virtual (full-text) tables take no triggers and are compared by content, as are the tables given in
 * `normalise`, whose rows hold bookkeeping any request may update: only a change of what is left counts.
 */
export class TableChanges {
  private readonly contentHashes = new Map<string, string>();
  private readonly hashed = new Set<string>();

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly normalise: Record<string, (row: Row) => Row> = {},
  ) {
    const tables = sqlite
      .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string; sql: string }[];
    const virtual = tables.filter(({ sql }) => /^CREATE VIRTUAL TABLE/i.test(sql)).map(({ name }) => name);
    sqlite.exec(
      'CREATE TEMP TABLE IF NOT EXISTS test_table_changes (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)',
    );
    for (const { name: table } of tables) {
      if (virtual.includes(table)) {
        this.hashed.add(table);
        continue;
      }
      // A virtual table's shadow tables ("<name>_data", "_idx", …) change only with it.
      if (virtual.some((name) => table.startsWith(`${name}_`))) continue;
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        const trigger = `test_changes_${table}_${event}`.replace(/\W/g, '_');
        sqlite.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS "${trigger}" AFTER ${event} ON main."${table}" BEGIN ` +
            `INSERT INTO test_table_changes (tbl, n) VALUES ('${table}', 1) ` +
            'ON CONFLICT (tbl) DO UPDATE SET n = n + 1; END',
        );
      }
    }
    for (const table of Object.keys(normalise)) this.hashed.add(table);
    for (const table of this.hashed) this.contentHashes.set(table, this.contentHash(table));
    this.take();
  }

  /** The tables changed since the last call. */
  take(): string[] {
    const written = this.sqlite
      .prepare('SELECT tbl FROM test_table_changes ORDER BY tbl')
      .pluck()
      .all() as string[];
    this.sqlite.exec('DELETE FROM test_table_changes');
    const changed = written.filter((table) => !this.hashed.has(table));
    for (const table of this.hashed) {
      const hash = this.contentHash(table);
      if (hash !== this.contentHashes.get(table)) changed.push(table);
      this.contentHashes.set(table, hash);
    }
    return changed;
  }

  /** Removes the triggers and their table (before the app closes its database). */
  dispose(): void {
    const triggers = this.sqlite
      .prepare("SELECT name FROM sqlite_temp_schema WHERE type = 'trigger' AND name LIKE 'test_changes_%'")
      .pluck()
      .all() as string[];
    for (const trigger of triggers) this.sqlite.exec(`DROP TRIGGER temp."${trigger}"`);
    this.sqlite.exec('DROP TABLE IF EXISTS temp.test_table_changes');
  }

  private contentHash(table: string): string {
    const normalise = this.normalise[table] ?? ((row: Row) => row);
    const rows = (this.sqlite.prepare(`SELECT * FROM "${table}"`).all() as Row[]).map(normalise);
    return createHash('sha1').update(JSON.stringify(rows)).digest('hex');
  }
}
