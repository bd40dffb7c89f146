import type { AddressInfo, Socket } from 'node:net';
import Database from 'better-sqlite3';
import mysql from 'mysql2';

/*
 * A MySQL server on loopback, spoken to over the real MySQL protocol (mysql2's protocol server), whose tables
 * are an XBVR SQLite fixture: each SELECT the client sends runs on that file and its rows go back typed as
 * MySQL/MariaDB sends XBVR's columns (DATETIME as UTC text, bools as TINYINT, integers as BIGINT, floats as
 * DOUBLE, text as utf8mb4). Every statement is recorded; anything but SELECT / SET / START TRANSACTION / ROLLBACK
 * is refused with MySQL's read-only error.
 */

const T = mysql.Types;
const UTF8MB4 = 45;
const BINARY = 63;
const ER_ACCESS_DENIED = 1045;
const ER_READ_ONLY_TRANSACTION = 1792;
const ER_PARSE_ERROR = 1064;

interface Column {
  name: string;
  columnType: number;
  characterSet: number;
  columnLength: number;
  decimals: number;
}

/** GORM's SQLite time text as MySQL's DATETIME(3) text in UTC ('0001-01-01 00:00:00' for Go's zero time). */
function mysqlDateTime(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const iso = value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`fixture time not readable: ${value}`);
  return date.toISOString().replace('T', ' ').replace('Z', '').replace('.000', '');
}

function columnOf(name: string, declared: string | null, sample: unknown): Column {
  const type = (declared ?? '').toLowerCase();
  const column = (columnType: number, characterSet = BINARY, columnLength = 20, decimals = 0): Column => ({
    name,
    columnType,
    characterSet,
    columnLength,
    decimals,
  });
  if (type.startsWith('datetime')) return column(T.DATETIME, BINARY, 23, 3);
  if (type.startsWith('bool')) return column(T.TINY, BINARY, 1);
  if (type.startsWith('integer') || type.startsWith('bigint')) return column(T.LONGLONG);
  if (type.startsWith('real')) return column(T.DOUBLE, BINARY, 22, 31);
  if (type.startsWith('text')) return column(T.BLOB, UTF8MB4, 65535);
  if (type !== '') return column(T.VAR_STRING, UTF8MB4, 1020);
  if (typeof sample === 'number')
    return Number.isInteger(sample) ? column(T.LONGLONG) : column(T.DOUBLE, BINARY, 22, 31);
  return column(T.VAR_STRING, UTF8MB4, 1020);
}

/** Runs a SELECT on the fixture and types its columns and values as MySQL would send them. */
function runOnSqlite(
  db: Database.Database,
  sql: string,
): { rows: Record<string, unknown>[]; columns: Column[] } {
  const statement = db.prepare(sql);
  const raw = statement.all() as Record<string, unknown>[];
  const columns = statement
    .columns()
    .map((c) => columnOf(c.name, c.type, raw.find((row) => row[c.name] !== null)?.[c.name]));
  const rows = raw.map((row) => {
    const out: Record<string, unknown> = {};
    for (const column of columns) {
      const value = row[column.name];
      out[column.name] = column.columnType === T.DATETIME ? mysqlDateTime(value) : value;
    }
    return out;
  });
  return { rows, columns };
}

export interface FakeMysql {
  port: number;
  /** Every statement received, in order. */
  statements: string[];
  close(): Promise<void>;
}

export async function startFakeMysql(
  sqliteFile: string,
  account: { user: string; database: string },
): Promise<FakeMysql> {
  const db = new Database(sqliteFile, { readonly: true });
  const statements: string[] = [];
  let connections = 0;

  const server = mysql.createServer((conn) => {
    connections += 1;
    conn.serverHandshake({
      protocolVersion: 10,
      serverVersion: '10.11.6-MariaDB',
      connectionId: connections,
      statusFlags: 2,
      characterSet: UTF8MB4,
      capabilityFlags: 0xffffff & ~0x800 & ~0x20,
      authCallback: (
        params: { user: string; database: string },
        done: (error: Error | null, mysqlError?: { message: string; code: number }) => void,
      ) => {
        if (params.user === account.user && params.database === account.database) done(null);
        else done(null, { message: `Access denied for user '${params.user}'`, code: ER_ACCESS_DENIED });
        conn.sequenceId = 0;
      },
    });
    // Each command starts a new packet sequence at 0: after an answer, expect the next command's first packet.
    const answer = (write: () => void) => {
      write();
      conn.sequenceId = 0;
    };
    const refuse = (message: string, code = ER_READ_ONLY_TRANSACTION) =>
      answer(() => conn.writeError({ code, message }));
    (conn as unknown as { stream: Socket }).stream.setNoDelay(true);
    // A client that goes away (or is refused) closes its socket; that is no error of the fake's.
    conn.on('error', () => undefined);
    conn.on('stmt_prepare', (sql: string) => {
      statements.push(sql);
      if (/^SET /i.test(sql)) answer(() => conn.writeOk());
      else refuse('prepared statements are not served here');
    });
    conn.on('query', (sql: string) => {
      statements.push(sql);
      if (/^(START TRANSACTION|ROLLBACK|COMMIT)\b/i.test(sql)) return answer(() => conn.writeOk());
      if (!/^\s*SELECT\b/i.test(sql)) return refuse('Cannot execute statement in a READ ONLY transaction.');
      const sqliteSql = /information_schema\.TABLES/i.test(sql)
        ? "SELECT name FROM sqlite_master WHERE type = 'table'"
        : sql;
      let result: { rows: Record<string, unknown>[]; columns: Column[] };
      try {
        result = runOnSqlite(db, sqliteSql);
      } catch (error) {
        return refuse((error as Error).message, ER_PARSE_ERROR);
      }
      const definitions = result.columns.map((c) => ({
        catalog: 'def',
        schema: account.database,
        table: '',
        orgTable: '',
        orgName: c.name,
        flags: 0,
        ...c,
      }));
      answer(() => conn.writeTextResult(result.rows, definitions));
    });
  });

  // mysql2's Server passes listen()'s arguments to its net.Server (`_server`), which its typings do not show.
  const net = server as unknown as {
    listen(port: number, host: string, ready: () => void): void;
    _server: { address(): AddressInfo };
  };
  await new Promise<void>((resolve) => net.listen(0, '127.0.0.1', resolve));
  const port = net._server.address().port;
  return {
    port,
    statements,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
