/** A row of the XBVR fixture (column → value). */
export type XbvrFixtureRow = Record<string, string | number | null>;

/** Times as GORM writes them into SQLite: nanoseconds, an offset, Go's zero time. */
export const GO_ZERO = '0001-01-01 00:00:00+00:00';
export const T1 = '2023-05-01 10:11:12.123456789+00:00';
export const T2 = '2024-01-10 22:30:00+02:00';
export const T3 = '2024-02-03 08:00:00+00:00';

export const STAMPS = { created_at: T1, updated_at: T1 };
