import type { BundleEntry } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openXbvrDatabase } from '../../../src/bundles/xbvr-db/xbvr-database';
import { parseXbvrMysqlUrl } from '../../../src/bundles/xbvr-db/xbvr-mysql.connection';
import { XbvrSourceError } from '../../../src/bundles/xbvr-db/xbvr-source-error';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { type FakeMysql, startFakeMysql } from './fake-mysql-server';
import { DOCKER_MAPPING, EXPECTED_ENTRIES } from './xbvr-expected-entries';
import { buildXbvrSqlite } from './xbvr-sqlite-builder';

let dir = '';
let server: FakeMysql;

beforeAll(async () => {
  dir = makeTempDir('fovea-xbvr-mysql-');
  server = await startFakeMysql(buildXbvrSqlite(dir), { user: 'xbvr', database: 'xbvr' });
});
afterAll(async () => {
  await server.close();
  removeTempDir(dir);
});

const url = (user = 'xbvr') => `mysql://${user}:s%40cret@127.0.0.1:${server.port}/xbvr?parseTime=true`;

describe('reading an XBVR MySQL/MariaDB database over the MySQL protocol', () => {
  it('yields the same entries as the SQLite file, from DATETIME, TINYINT, BIGINT and DOUBLE columns', async () => {
    const db = await openXbvrDatabase({ kind: 'mysql', url: url() }, { pageSize: 2 });
    const entries: BundleEntry[] = [];
    try {
      for await (const entry of db.entries(DOCKER_MAPPING)) entries.push(entry);
    } finally {
      await db.close();
    }
    expect(entries).toEqual(EXPECTED_ENTRIES);
  });

  it('reads in a read-only session and transaction, and sends nothing but reads', () => {
    expect(server.statements.slice(0, 2)).toEqual([
      'SET SESSION TRANSACTION READ ONLY',
      'START TRANSACTION READ ONLY',
    ]);
    const others = server.statements.filter((sql) => !/^\s*SELECT\b/i.test(sql));
    expect(others).toEqual(['SET SESSION TRANSACTION READ ONLY', 'START TRANSACTION READ ONLY', 'ROLLBACK']);
    expect(server.statements.filter((sql) => /^\s*SELECT\b/i.test(sql)).length).toBeGreaterThan(20);
  });

  it('says why it cannot connect, naming host and port but never the password', async () => {
    const refused = await openXbvrDatabase({ kind: 'mysql', url: url('intruder') }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(XbvrSourceError);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^cannot connect to MySQL at 127\\.0\\.0\\.1:${server.port}: Access denied for user 'intruder'`,
      ),
    );
    expect((refused as Error).message).not.toContain('s@cret');

    const closed = await startFakeMysql(`${dir}/main.db`, { user: 'xbvr', database: 'xbvr' });
    const closedPort = closed.port;
    await closed.close();
    const nothing = await openXbvrDatabase({
      kind: 'mysql',
      url: `mysql://xbvr:pw@127.0.0.1:${closedPort}/xbvr`,
    }).catch((e: unknown) => e);
    expect(nothing).toBeInstanceOf(XbvrSourceError);
    expect((nothing as Error).message).toMatch(
      new RegExp(`^cannot connect to MySQL at 127\\.0\\.0\\.1:${closedPort}: .*ECONNREFUSED`),
    );
  });

  it("reads XBVR's DATABASE_URL form", () => {
    expect(parseXbvrMysqlUrl('mysql://u%3Aser:p%40ss@db.lan/xbvr?charset=utf8mb4&parseTime=True')).toEqual({
      host: 'db.lan',
      port: 3306,
      user: 'u:ser',
      password: 'p@ss',
      database: 'xbvr',
    });
    expect(() => parseXbvrMysqlUrl('mysql://u:p@db.lan:3307/')).toThrow(XbvrSourceError);
    expect(() => parseXbvrMysqlUrl('postgres://u:p@db.lan/xbvr')).toThrow(/not a MySQL URL/);
  });
});
