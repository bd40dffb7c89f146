import type { XbvrRow } from './xbvr-values';

/** A value bound to a `?` placeholder. */
export type XbvrParam = string | number;

/** A read-only connection to XBVR's database, SQLite or MySQL/MariaDB; only SELECTs go through it. */
export interface XbvrConnection {
  readonly dialect: 'sqlite' | 'mysql';
  /** Runs one SELECT with `?` placeholders and returns its rows. */
  select(sql: string, params?: readonly XbvrParam[]): Promise<XbvrRow[]>;
  /** The names of the database's tables. */
  tables(): Promise<ReadonlySet<string>>;
  close(): Promise<void>;
}
