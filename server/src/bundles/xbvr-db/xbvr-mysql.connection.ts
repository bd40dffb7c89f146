import mysql from 'mysql2';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { XbvrConnection } from './xbvr-connection';
import { XbvrSourceError } from './xbvr-source-error';
import type { XbvrRow } from './xbvr-values';

/** Where a mysql:// URL points; the password is kept apart so no message ever shows it. */
export interface XbvrMysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** Reads XBVR's DATABASE_URL form, mysql://user:password@host:3306/xbvr (query options are ignored). */
export function parseXbvrMysqlUrl(url: string): XbvrMysqlTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new XbvrSourceError('not a MySQL URL; expected mysql://user:password@host:3306/xbvr');
  }
  if (parsed.protocol !== 'mysql:' || parsed.hostname === '') {
    throw new XbvrSourceError('not a MySQL URL; expected mysql://user:password@host:3306/xbvr');
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/')) {
    throw new XbvrSourceError(
      'the MySQL URL names no database; expected mysql://user:password@host:3306/xbvr',
    );
  }
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? 3306 : Number(parsed.port),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

/**
 * Connects to XBVR's MySQL/MariaDB database in a read-only session and one read-only transaction, so every page
 * comes from the same snapshot and no statement can write. Times come back as text (read as UTC), DECIMALs as
 * numbers.
 */
export async function openXbvrMysql(
  url: string,
  options: { connectTimeoutMs?: number } = {},
): Promise<XbvrConnection> {
  const target = parseXbvrMysqlUrl(url);
  const where = `${target.host}:${target.port}`;
  const core = mysql.createConnection({
    ...target,
    dateStrings: true,
    decimalNumbers: true,
    supportBigNumbers: true,
    charset: 'utf8mb4',
    connectTimeout: options.connectTimeoutMs ?? 10_000,
  });
  // A dropped connection is reported by the next query; without a listener, mysql2's 'error' event would be
  // thrown at the top level (it can come twice when a connection is refused).
  let lost: Error | null = null;
  core.on('error', (error: Error) => {
    lost ??= error;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      core.once('connect', () => resolve());
      core.once('error', reject);
    });
  } catch (error) {
    core.destroy();
    throw new XbvrSourceError(`cannot connect to MySQL at ${where}: ${(error as Error).message}`);
  }
  const connection: Connection = core.promise();
  try {
    await connection.query('SET SESSION TRANSACTION READ ONLY');
    await connection.query('START TRANSACTION READ ONLY');
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw new XbvrSourceError(
      `cannot start a read-only session on MySQL at ${where}: ${(error as Error).message}`,
    );
  }
  return {
    dialect: 'mysql',
    select: async (sql, params = []) => {
      if (lost !== null)
        throw new XbvrSourceError(`lost the connection to MySQL at ${where}: ${lost.message}`);
      const [rows] = await connection.query<RowDataPacket[]>(sql, [...params]);
      return rows as XbvrRow[];
    },
    tables: async () => {
      const [rows] = await connection.query<RowDataPacket[]>(
        'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
      );
      return new Set(rows.map((row) => String(row.name)));
    },
    close: async () => {
      await connection.query('ROLLBACK').catch(() => undefined);
      await connection.end().catch(() => undefined);
    },
  };
}
