import type { Sampled } from './timing';

export interface Row {
  name: string;
  /** `actors`: the Actors screen's list calls (the list budget); `actors-full`: the reference shape, reported. */
  group: 'list' | 'filters' | 'search' | 'scene' | 'actors' | 'actors-full' | 'players' | 'other';
  http: Sampled | null;
  /** Why the call has no timing (e.g. the server answered 404). */
  error?: string;
  /** List calls: every SQL statement the call runs (counts, page ids, the page's scenes), run directly. */
  query?: Sampled;
  /** List calls: the full answer (with the scenes loaded), in process. */
  list?: Sampled;
  /** How many scenes matched (list: results; search: results). */
  results?: number;
}

/** Budgets of design §7 that the benchmark checks (ms, the HTTP/raw-query ratio, and the server's RSS). */
export const TARGETS = {
  listP95: 30,
  filtersP95: 100,
  searchP95: 20,
  playerLibraryP95: 500,
  ratio: 3,
  serverMemoryMb: 300,
};

/**
 * The ratio is rated for calls whose raw SQL takes at least this long (ms). Below it the ratio measures the
 * fixed cost of any HTTP exchange, not the list: a request matching 2 scenes runs 0.1 ms of SQL, and the
 * lightest call of the server (GET /api/options/state) alone takes about 0.6 ms over loopback.
 */
export const RATIO_MIN_SQL_MS = 1;

const ms = (value: number | undefined): string => (value === undefined ? '' : value.toFixed(1));

/** Whether a list call's raw SQL is long enough for the HTTP/SQL ratio to mean something. */
const rated = (row: Row): boolean => row.query === undefined || row.query.p50 >= RATIO_MIN_SQL_MS;

/** HTTP p50 over the raw query's p50: the cost of loading the page's scenes, serialising and the request. */
export const ratioOf = (row: Row): number | undefined =>
  row.http && row.query && row.query.p50 > 0 ? row.http.p50 / row.query.p50 : undefined;

/** The figures as a Markdown table (pasteable into docs/performance.md). */
export function table(rows: Row[]): string {
  const lines = [
    '| call | results | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | list() p50 | HTTP/SQL |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    if (!row.http) {
      lines.push(`| ${row.name} | ${row.error ?? 'no answer'} | | | | | | |`);
      continue;
    }
    const ratio = ratioOf(row);
    lines.push(
      `| ${row.name} | ${row.results ?? ''} | ${ms(row.http.p50)} | ${ms(row.http.p95)} | ${ms(row.query?.p50)} | ` +
        `${ms(row.query?.p95)} | ${ms(row.list?.p50)} | ${ratio === undefined ? '' : `${ratio.toFixed(1)}x`} |`,
    );
  }
  return lines.join('\n');
}

interface Verdict {
  target: string;
  pass: boolean;
  detail: string;
}

function verdict(
  target: string,
  rows: Row[],
  value: (row: Row) => number | undefined,
  limit: number,
): Verdict {
  const measured = rows
    .map((row) => ({ name: row.name, value: value(row) }))
    .filter((entry): entry is { name: string; value: number } => entry.value !== undefined);
  const failing = measured.filter((entry) => entry.value > limit).sort((a, b) => b.value - a.value);
  const missing = rows.length - measured.length;
  const worst = failing
    .slice(0, 5)
    .map((entry) => `${entry.name} ${entry.value.toFixed(1)}`)
    .join(', ');
  const detail =
    `${measured.length - failing.length} of ${measured.length} within` +
    (missing > 0 ? `, ${missing} without an answer` : '') +
    (failing.length > 0 ? `; worst: ${worst}${failing.length > 5 ? ', ...' : ''}` : '');
  return { target, pass: measured.length > 0 && missing === 0 && failing.length === 0, detail };
}

/** PASS/FAIL per budget; the benchmark prints them and never fails the process. */
export function verdicts(rows: Row[]): Verdict[] {
  const of = (group: Row['group']) => rows.filter((row) => row.group === group);
  return [
    verdict(`list p95 < ${TARGETS.listP95} ms`, of('list'), (row) => row.http?.p95, TARGETS.listP95),
    verdict(
      `filters p95 < ${TARGETS.filtersP95} ms`,
      of('filters'),
      (row) => row.http?.p95,
      TARGETS.filtersP95,
    ),
    verdict(`search p95 < ${TARGETS.searchP95} ms`, of('search'), (row) => row.http?.p95, TARGETS.searchP95),
    verdict(
      `actor list p95 < ${TARGETS.listP95} ms (the Actors screen: with_scenes false)`,
      of('actors'),
      (row) => row.http?.p95,
      TARGETS.listP95,
    ),
    verdict(
      `player library p95 < ${TARGETS.playerLibraryP95} ms (DeoVR, HereSphere and the HereSphere scan)`,
      of('players'),
      (row) => row.http?.p95,
      TARGETS.playerLibraryP95,
    ),
    verdict(
      `list HTTP <= ${TARGETS.ratio}x raw SQL (p50; calls with ${RATIO_MIN_SQL_MS} ms of SQL or more, ` +
        `${of('list').filter((row) => !rated(row)).length} below not rated)`,
      of('list').filter(rated),
      ratioOf,
      TARGETS.ratio,
    ),
  ];
}

export function printVerdicts(rows: Row[]): void {
  for (const { target, pass, detail } of verdicts(rows)) {
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${target}: ${detail}`);
  }
}
