import type BetterSqlite3 from 'better-sqlite3';
import type { FoveaApp } from '../../src/app';

/** One statement a call ran, with its parameters. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

/**
 * Runs `work` and answers every statement it read rows with on the app's SQLite handle, and those it sent to the
 * read worker, with their parameters.
 * The statement cache is emptied first so every statement passes through `prepare`, where it is watched.
 */
export async function captureStatements(
  app: FoveaApp,
  work: () => Promise<unknown>,
): Promise<CapturedStatement[]> {
  const sqlite = app.database.sqlite;
  const captured: CapturedStatement[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  const watching = (source: string): BetterSqlite3.Statement => {
    const statement = prepare(source);
    const all = statement.all.bind(statement);
    statement.all = ((...args: unknown[]) => {
      captured.push({ sql: source, params: Array.isArray(args[0]) ? (args[0] as unknown[]) : args });
      return all(...(args as []));
    }) as typeof statement.all;
    return statement;
  };
  app.database.statements.clear();
  sqlite.prepare = watching as typeof sqlite.prepare;
  // Sets of scene ids read on the read worker's connection are part of the call's SQL too.
  app.database.readWorker.onStatement = ({ sql, parameters }) =>
    captured.push({ sql, params: [...parameters] });
  try {
    await work();
  } finally {
    Reflect.deleteProperty(sqlite, 'prepare');
    app.database.readWorker.onStatement = null;
    app.database.statements.clear();
  }
  return captured;
}

/**
 * The same SQL run directly: the captured statements prepared once, then executed one after the other on
 * the raw better-sqlite3 handle (no Kysely, no mapping, no HTTP).
 */
export function rawRunner(app: FoveaApp, statements: readonly CapturedStatement[]): () => Promise<void> {
  const prepared = statements.map((s) => ({
    statement: app.database.sqlite.prepare(s.sql),
    params: s.params,
  }));
  return () => {
    for (const { statement, params } of prepared) statement.all(...(params as []));
    return Promise.resolve();
  };
}
