import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCachingDatabase } from '../../src/db/statement-cache';

describe('StatementCachingDatabase', () => {
  it('reuses the prepared statement of a SQL text and keeps only the most recently used ones', () => {
    const sqlite = new BetterSqlite3(':memory:');
    const cache = new StatementCachingDatabase(sqlite, 2);
    const one = cache.prepare('SELECT 1 AS n');
    expect(cache.prepare('SELECT 1 AS n')).toBe(one);
    const two = cache.prepare('SELECT 2 AS n');
    expect(cache.prepare('SELECT 1 AS n')).toBe(one); // now the most recent
    cache.prepare('SELECT 3 AS n'); // drops "SELECT 2", the least recently used
    expect(cache.size).toBe(2);
    expect(cache.prepare('SELECT 1 AS n')).toBe(one);
    expect(cache.prepare('SELECT 2 AS n')).not.toBe(two);
    expect(one.all([])).toEqual([{ n: 1 }]);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.prepare('SELECT 1 AS n')).not.toBe(one);
    cache.close();
    expect(sqlite.open).toBe(false);
  });

  it('sees schema changes made after a statement was kept', () => {
    const sqlite = new BetterSqlite3(':memory:');
    const cache = new StatementCachingDatabase(sqlite);
    sqlite.exec('CREATE TABLE t (a INTEGER)');
    sqlite.exec('INSERT INTO t VALUES (1)');
    expect(cache.prepare('SELECT * FROM t').all([])).toEqual([{ a: 1 }]);
    sqlite.exec('ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2');
    expect(cache.prepare('SELECT * FROM t').all([])).toEqual([{ a: 1, b: 2 }]);
    cache.close();
  });
});
