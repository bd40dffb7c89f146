import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { BM25_WEIGHTS, type ColumnCondition, type SceneFilter } from '../search/fts-match';
import type { SceneHit } from '../search/search-hits';

/** A scene's indexed document plus the scene columns the range fields read. */
export interface IndexedDocument {
  title: string;
  cast: string;
  site: string;
  description: string;
  scene_code: string;
  filenames: string;
  release_date: string | null;
  created_at: string;
  duration: number;
}

const DOCUMENT_COLUMNS = sql.raw('title, "cast", site, description, scene_code, filenames');
const RANK = sql.raw(`bm25(scene_search, ${BM25_WEIGHTS.join(', ')})`);
const FILTER_COLUMNS = {
  duration: 'duration',
  release_date: 'release_date',
  created_at: 'created_at',
} as const;
const OPERATORS = { '>=': '>=', '<=': '<=', '>': '>', '<': '<', '=': '=' } as const;

function condition({ column, operator, value }: ColumnCondition): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`scenes.${FILTER_COLUMNS[column]}`)} ${sql.raw(OPERATORS[operator])} ${value}`;
}

/** The filters as one SQL condition; a negated filter also passes scenes whose column is NULL. */
function filtersSql(filters: readonly SceneFilter[]): RawBuilder<SqlBool> {
  if (filters.length === 0) return sql<SqlBool>`1`;
  const parts = filters.map((filter) => {
    const all = sql<SqlBool>`(${sql.join(filter.conditions.map(condition), sql` AND `)})`;
    return filter.negate ? sql<SqlBool>`NOT coalesce(${all}, 0)` : all;
  });
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** The ranked text search (exported so tests can check its query plan). */
export function textQuery(
  match: string,
  filters: readonly SceneFilter[],
  limit: number,
): RawBuilder<SceneHit> {
  // The narrow index by id (migration 0002) rather than the wide rows, which SQLite may pick by primary key.
  const joinScenes =
    filters.length > 0
      ? sql`JOIN scenes INDEXED BY idx_scenes_search_filters ON scenes.id = scene_search.rowid`
      : sql``;
  return sql<SceneHit>`
    SELECT scene_search.rowid AS id, -${RANK} AS score
    FROM scene_search ${joinScenes}
    WHERE scene_search MATCH ${match} AND ${filtersSql(filters)}
    ORDER BY score DESC, id
    LIMIT ${limit}`;
}

/** The unranked search: ranges and exclusions only (exported so tests can check its query plan). */
export function filterQuery(
  filters: readonly SceneFilter[],
  exclude: string | null,
  limit: number,
): RawBuilder<SceneHit> {
  const excluded =
    exclude === null
      ? sql<SqlBool>`1`
      : sql<SqlBool>`scenes.id NOT IN (SELECT rowid FROM scene_search WHERE scene_search MATCH ${exclude})`;
  return sql<SceneHit>`
    SELECT scenes.id AS id, 1 AS score FROM scenes
    WHERE ${filtersSql(filters)} AND ${excluded}
    ORDER BY scenes.release_date DESC, scenes.id DESC
    LIMIT ${limit}`;
}

/**
 * Scenes whose title is one of `titles`, ignoring case (exported so tests can check its query plan). An OR of
 * equalities would turn SQLite to a scan of every scene; naming both is_hidden values makes the title sort
 * index (is_hidden, title NOCASE, ...) a lookup even before ANALYZE.
 */
export function titleQuery(titles: readonly string[], limit: number): RawBuilder<SceneHit> {
  return sql<SceneHit>`
    SELECT id, 1 AS score FROM scenes INDEXED BY idx_scenes_sort_title
    WHERE is_hidden IN (0, 1) AND title COLLATE NOCASE IN (${sql.join(titles.map((title) => sql`${title}`))})
    ORDER BY id
    LIMIT ${limit}`;
}

/**
 * The full-text scene search table. Triggers (migration 0002) keep it in step with every write to scenes,
 * cast, actors and files; the view `scene_search_documents` builds a scene's document.
 */
export class SearchIndexRepository {
  constructor(private readonly db: Database) {}

  /** Bytes the FTS5 table and its shadow tables take in the database file. */
  async sizeBytes(): Promise<number> {
    const result = await sql<{ bytes: number | null }>`
      SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name = 'scene_search' OR name GLOB 'scene_search_*'
    `.execute(this.db);
    return Number(result.rows[0]?.bytes ?? 0);
  }

  /** Documents in the index. */
  async documentCount(): Promise<number> {
    // One docsize row per document; counting it avoids reading every document (50 ms at 100k).
    const result = await sql<{ n: number }>`SELECT count(*) AS n FROM scene_search_docsize`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * Whether more than `limit` documents match an FTS5 expression. Counting stops at limit + 1, so a broad
   * query (50k matches) costs a tenth of counting them all; no document is read either way.
   */
  async matchesMoreThan(match: string, limit: number): Promise<boolean> {
    const result = await sql<{ n: number }>`
      SELECT count(*) AS n FROM (SELECT 1 FROM scene_search WHERE scene_search MATCH ${match} LIMIT ${limit + 1})`.execute(
      this.db,
    );
    return Number(result.rows[0]?.n ?? 0) > limit;
  }

  /** Scenes matching an FTS5 expression and the filters, best first (`score` = -bm25, higher is better). */
  async matchText(match: string, filters: readonly SceneFilter[], limit: number): Promise<SceneHit[]> {
    return (await textQuery(match, filters, limit).execute(this.db)).rows;
  }

  /**
   * Scenes passing the filters and not matching `exclude` (an FTS5 expression), newest release first,
   * each with score 1 (nothing to rank by).
   */
  async filterScenes(
    filters: readonly SceneFilter[],
    exclude: string | null,
    limit: number,
  ): Promise<SceneHit[]> {
    return (await filterQuery(filters, exclude, limit).execute(this.db)).rows;
  }

  /**
   * Scenes whose title is one of `titles`, ignoring case (the title sort index answers it), lowest id first.
   */
  async scenesByTitle(titles: readonly string[], limit: number): Promise<SceneHit[]> {
    if (titles.length === 0) return [];
    return (await titleQuery(titles, limit).execute(this.db)).rows;
  }

  /**
   * Scenes matching an FTS5 expression, shortest title first (the closest to an exact title), unranked: cheap
   * for the few scenes a title phrase finds.
   */
  async shortestTitles(match: string, limit: number): Promise<SceneHit[]> {
    const result = await sql<SceneHit>`
      SELECT rowid AS id, 1 AS score FROM scene_search
      WHERE scene_search MATCH ${match}
      ORDER BY length(title), rowid
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Scenes whose scene_id is one of `sceneIds` (the unique index answers it). */
  async scenesBySceneId(sceneIds: readonly string[], limit: number): Promise<SceneHit[]> {
    if (sceneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('scenes')
      .select('id')
      .where('scene_id', 'in', [...sceneIds])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, score: 1 }));
  }

  /** Scenes whose scene_url is exactly `url`. */
  async scenesByUrl(url: string, limit: number): Promise<SceneHit[]> {
    const rows = await this.db
      .selectFrom('scenes')
      .select('id')
      .where('scene_url', '=', url)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, score: 1 }));
  }

  /** Scenes linked to an alternate-source or StashDB scene reference with one of these URLs. */
  async scenesByAlternateUrl(urls: readonly string[], limit: number): Promise<SceneHit[]> {
    const rows = await this.db
      .selectFrom('external_references as r')
      .innerJoin('external_reference_links as l', 'l.external_reference_id', 'r.id')
      .innerJoin('scenes', 'scenes.id', 'l.internal_db_id')
      .select('scenes.id')
      .distinct()
      .where('r.external_url', 'in', [...urls])
      .where((eb) =>
        eb.or([
          eb('r.external_source', 'like', 'alternate scene %'),
          eb('r.external_source', '=', 'stashdb scene'),
        ]),
      )
      .where('l.internal_table', '=', 'scenes')
      .orderBy('scenes.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, score: 1 }));
  }

  /** The indexed document of a scene, or undefined when the scene is not in the index. */
  async document(sceneId: number): Promise<IndexedDocument | undefined> {
    const result = await sql<IndexedDocument>`
      SELECT scene_search.title, scene_search."cast" AS "cast", scene_search.site, scene_search.description,
        scene_search.scene_code, scene_search.filenames, scenes.release_date, scenes.created_at, scenes.duration
      FROM scene_search JOIN scenes ON scenes.id = scene_search.rowid
      WHERE scene_search.rowid = ${sceneId}`.execute(this.db);
    return result.rows[0];
  }

  async countScenes(): Promise<number> {
    const row = await this.db
      .selectFrom('scenes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The next `limit` scene ids after `afterId`, ascending (for indexing in batches). */
  async sceneIdsAfter(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('scenes')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Empties the index (Options → Cache reset): the FTS5 table is dropped and made again from its own stored
   * definition, in one transaction. Deleting its rows instead takes seconds at 100k scenes (every document's
   * terms are looked up), all that time holding the one writer. A reindex fills it again.
   */
  async clear(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const definition = await sql<{ sql: string }>`
        SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'scene_search'`.execute(trx);
      const create = definition.rows[0]?.sql;
      if (!create) throw new Error('the search index table is missing');
      await sql`DROP TABLE scene_search`.execute(trx);
      await sql.raw(create).execute(trx);
    });
  }

  /**
   * Rebuilds, in one transaction, the documents of the scenes with afterId < id <= upToId (null: no upper
   * bound), dropping documents in that range whose scene is gone. Rowid ranges keep both steps indexed.
   */
  async reindexRange(afterId: number, upToId: number | null): Promise<void> {
    const upper = upToId ?? Number.MAX_SAFE_INTEGER;
    await this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM scene_search WHERE rowid > ${afterId} AND rowid <= ${upper}`.execute(trx);
      await sql`INSERT INTO scene_search (rowid, ${DOCUMENT_COLUMNS})
        SELECT id, ${DOCUMENT_COLUMNS} FROM scene_search_documents
        WHERE id > ${afterId} AND id <= ${upper}`.execute(trx);
    });
  }
}
