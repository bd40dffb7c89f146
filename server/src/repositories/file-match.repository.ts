import { sql, type RawBuilder } from 'kysely';
import { EXTERNAL_SOURCE_ALTERNATE_PREFIX } from '@fovea/contract';
import type { Database, FileType } from '../db/schema';
import type { FileRow } from '../mappers/scene-parts.mapper';
import { SceneEditJournalRepository } from './scene-edit-journal.repository';
import { SceneStatusRepository } from './scene-status.repository';
import { SceneWriteRepository } from './scene-write.repository';
import { inIds } from './sql-lists';

/** An unmatched file as the matcher needs it. */
export interface UnmatchedFile {
  id: number;
  filename: string;
}

/** A file of a video's folder whose name starts like the video's (a companion when not a video). */
export interface FolderNeighbour {
  id: number;
  filename: string;
  type: FileType;
  scene_id: number | null;
}

/** A scene whose filenames_arr lists `name`. */
export interface SceneNameHit {
  name: string;
  scene: number;
}

/**
 * An alternate-scene reference whose scraped scene lists `name` among its file names, with its number of
 * links and the scene its link names (null when no link names an existing scene).
 */
export interface AltSourceHit {
  name: string;
  reference: number;
  links: number;
  scene: number | null;
}

/** The scene fields matching reads and writes. */
export interface MatchSceneRow {
  id: number;
  scene_id: string;
  filenames_arr: string;
}

/** Repositories bound to one transaction. */
export interface FileMatchTx {
  files: FileMatchRepository;
  scenes: SceneWriteRepository;
  journal: SceneEditJournalRepository;
  status: SceneStatusRepository;
}

/** A JSON column as a JSON array text: '[]' when it is not valid JSON or not an array. */
const jsonArray = (column: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`CASE WHEN json_valid(${column}) THEN
    CASE json_type(${column}) WHEN 'array' THEN ${column} ELSE '[]' END ELSE '[]' END`;

/** "alternate scene " and the first text after every "alternate scene <site>" (a range on the unique index). */
const ALT_FROM = EXTERNAL_SOURCE_ALTERNATE_PREFIX;
const ALT_TO = EXTERNAL_SOURCE_ALTERNATE_PREFIX.slice(0, -1) + '!';

const now = () => new Date().toISOString();

/**
 * SQL of file matching: unmatched files, the scenes and alternate-scene references that list a file name
 * (compared exactly, through json_each, so no character of a name is special), and the file and scene rows a
 * match or unmatch writes.
 */
export class FileMatchRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: FileMatchTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        files: new FileMatchRepository(trx),
        scenes: new SceneWriteRepository(trx),
        journal: new SceneEditJournalRepository(trx),
        status: new SceneStatusRepository(trx),
      }),
    );
  }

  /** Up to `limit` unmatched files with an id above `afterId`, by id (the partial index of unmatched files). */
  unmatchedAfter(afterId: number, limit: number): Promise<UnmatchedFile[]> {
    return this.db
      .selectFrom('files')
      .select(['id', 'filename'])
      .where('scene_id', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Those of the files that are unmatched. */
  unmatchedAmong(fileIds: readonly number[]): Promise<UnmatchedFile[]> {
    if (fileIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .select(['id', 'filename'])
      .where(inIds('id', fileIds))
      .where('scene_id', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** The unmatched files named exactly `filename`. */
  unmatchedNamed(filename: string): Promise<FileRow[]> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('scene_id', 'is', null)
      .where('filename', '=', filename)
      .orderBy('id')
      .execute();
  }

  /**
   * The files in a folder (volume and path) whose name starts with `stem` and a dot, ignoring ASCII case: a
   * range on the filename index ("." is followed by "/"). The caller applies the exact name rule.
   */
  namedLike(volumeId: number, path: string, stem: string): Promise<FolderNeighbour[]> {
    const name = sql<string>`filename COLLATE NOCASE`;
    return this.db
      .selectFrom('files')
      .select(['id', 'filename', 'type', 'scene_id'])
      .where(name, '>=', `${stem}.`)
      .where(name, '<', `${stem}/`)
      .where('volume_id', '=', volumeId)
      .where('path', '=', path)
      .orderBy('id')
      .execute();
  }

  /**
   * Every (name, scene) pair where the scene's filenames_arr lists one of `names` exactly: one pass over the
   * scenes that list any file name, each list read with json_each.
   */
  async scenesListing(names: readonly string[]): Promise<SceneNameHit[]> {
    if (names.length === 0) return [];
    const result = await sql<SceneNameHit>`
      SELECT DISTINCT j.value AS name, s.id AS scene
      FROM scenes s, json_each(${jsonArray(sql.ref('s.filenames_arr'))}) j
      WHERE s.filenames_arr <> '[]' AND j.type = 'text'
        AND j.value IN (SELECT value FROM json_each(${JSON.stringify(names)}))`.execute(this.db);
    return result.rows;
  }

  /**
   * Alternate-scene references ("alternate scene <site>") whose scraped scene lists one of `names` exactly
   * in `scene.filenames_arr` (a JSON array or the JSON text of one, as in a scene) or `scene.filename`.
   */
  async alternateScenesListing(names: readonly string[]): Promise<AltSourceHit[]> {
    if (names.length === 0) return [];
    const data = sql.ref('r.data');
    const listed = (path: string) => sql`json_extract(${data}, ${path})`;
    const result = await sql<AltSourceHit>`
      WITH alt AS (
        SELECT id, CASE WHEN json_valid(external_data) THEN external_data ELSE '{}' END AS data
        FROM external_references
        WHERE external_source >= ${ALT_FROM} AND external_source < ${ALT_TO}
      ),
      listed(reference, name, type) AS (
        SELECT r.id, n.value, n.type FROM alt r, json_each(${jsonArray(listed('$.scene.filename'))}) n
        UNION ALL
        SELECT r.id, n.value, n.type FROM alt r, json_each(CASE json_type(${data}, '$.scene.filenames_arr')
          WHEN 'array' THEN ${listed('$.scene.filenames_arr')}
          WHEN 'text' THEN ${jsonArray(listed('$.scene.filenames_arr'))} ELSE '[]' END) n
      ),
      hits AS (
        SELECT DISTINCT name, reference FROM listed
        WHERE type = 'text' AND name IN (SELECT value FROM json_each(${JSON.stringify(names)}))
      )
      SELECT h.name, h.reference,
        (SELECT COUNT(*) FROM external_reference_links l WHERE l.external_reference_id = h.reference) AS links,
        (SELECT MIN(s.id) FROM external_reference_links l JOIN scenes s ON s.id = l.internal_db_id
          WHERE l.external_reference_id = h.reference AND l.internal_table = 'scenes') AS scene
      FROM hits h`.execute(this.db);
    return result.rows;
  }

  file(fileId: number): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  }

  sceneBySceneId(sceneId: string): Promise<MatchSceneRow | undefined> {
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'filenames_arr'])
      .where('scene_id', '=', sceneId)
      .executeTakeFirst();
  }

  scenes(ids: readonly number[]): Promise<MatchSceneRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'filenames_arr'])
      .where(inIds('id', ids))
      .execute();
  }

  /** Matches the files to a scene (or unmatches them with null). */
  async setScene(fileIds: readonly number[], sceneId: number | null): Promise<void> {
    if (fileIds.length === 0) return;
    await this.db
      .updateTable('files')
      .set({ scene_id: sceneId, updated_at: now() })
      .where(inIds('id', fileIds))
      .execute();
  }

  /** Matches each file to its own scene, one statement per scene. */
  async setScenes(matches: ReadonlyMap<number, number>): Promise<void> {
    const byScene = new Map<number, number[]>();
    for (const [fileId, sceneId] of matches) {
      const files = byScene.get(sceneId) ?? [];
      files.push(fileId);
      byScene.set(sceneId, files);
    }
    for (const [sceneId, fileIds] of byScene) await this.setScene(fileIds, sceneId);
  }

  async setFilenames(sceneId: number, filenamesArr: string): Promise<void> {
    await this.db
      .updateTable('scenes')
      .set({ filenames_arr: filenamesArr, updated_at: now() })
      .where('id', '=', sceneId)
      .execute();
  }

  /** Deletes a file row. */
  async deleteFile(fileId: number): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', fileId).execute();
  }
}
