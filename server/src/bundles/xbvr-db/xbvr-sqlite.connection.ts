import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { XbvrConnection, XbvrParam } from './xbvr-connection';
import { XbvrSourceError } from './xbvr-source-error';
import type { XbvrRow } from './xbvr-values';

/** XBVR's database file in its data folder (xbvr-facts §1.5). */
export const XBVR_SQLITE_FILE_NAME = 'main.db';

/**
 * The file to open: the path itself, or XBVR's main.db when the path is XBVR's data folder (e.g.
 * ~/.config/xbvr). A missing path or a folder without main.db is a clear error.
 */
export function resolveXbvrSqlitePath(sourcePath: string): string {
  const stat = fs.statSync(sourcePath, { throwIfNoEntry: false });
  if (stat === undefined) throw new XbvrSourceError(`no file at ${sourcePath}`);
  if (!stat.isDirectory()) return sourcePath;
  const inside = path.join(sourcePath, XBVR_SQLITE_FILE_NAME);
  if (fs.statSync(inside, { throwIfNoEntry: false })?.isFile()) return inside;
  throw new XbvrSourceError(`${sourcePath} is a folder without XBVR's ${XBVR_SQLITE_FILE_NAME}`);
}

/** Opens XBVR's SQLite file read-only: the file is never written (no journal, no WAL checkpoint). */
export function openXbvrSqlite(sourcePath: string): XbvrConnection {
  const file = resolveXbvrSqlitePath(sourcePath);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new XbvrSourceError(`cannot open ${file}: ${(error as Error).message}`);
  }
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      if (!statement.reader) throw new XbvrSourceError('only reading statements run against XBVR’s database');
      statements.set(sql, statement);
    }
    return statement;
  };
  const all = (sql: string, params: readonly XbvrParam[]): XbvrRow[] =>
    prepare(sql).all(...params) as XbvrRow[];
  return {
    dialect: 'sqlite',
    select: (sql, params = []) => Promise.resolve().then(() => all(sql, params)),
    tables: async () => {
      try {
        const rows = all(`SELECT name FROM sqlite_master WHERE type = 'table'`, []);
        return new Set(rows.map((row) => String(row.name)));
      } catch (error) {
        throw new XbvrSourceError(`${file} is not an SQLite database: ${(error as Error).message}`);
      }
    },
    close: async () => {
      statements.clear();
      if (db.open) db.close();
    },
  };
}
