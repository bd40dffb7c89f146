import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database, ScenesTable } from '../db/schema';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { SceneEditJournalRepository } from './scene-edit-journal.repository';
import { inIds, inList } from './sql-lists';

export type SceneRowData = Selectable<ScenesTable>;

/** The scene flag columns POST /api/scene/toggle flips. */
export type SceneFlagColumn =
  'watchlist' | 'favourite' | 'is_watched' | 'trailerlist' | 'needs_update' | 'is_hidden' | 'wishlist';

/** A named catalogue entry linked to scenes (an actor or a tag) and whether it is a group pseudo-entry. */
export interface NamedRow {
  id: number;
  name: string;
  is_group: boolean;
}

export interface NewCuepoint {
  track: number | null;
  name: string;
  time_start: number;
  time_end: number | null;
  rating: number;
}

/** Repositories bound to one transaction. */
export interface SceneWriteTx {
  scenes: SceneWriteRepository;
  journal: SceneEditJournalRepository;
  counts: CatalogueCountsRepository;
}

const now = () => new Date().toISOString();

const SEARCH_COLUMNS = 'rowid, title, "cast", site, description, scene_code, filenames';

/**
 * Writes to scenes and the rows that hang off them (cast, tags, cuepoints, the selected script). Multi-step
 * changes go through `transaction`, which hands out repositories bound to one transaction; an instance bound
 * to a transaction must not start another.
 */
export class SceneWriteRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: SceneWriteTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        scenes: new SceneWriteRepository(trx),
        journal: new SceneEditJournalRepository(trx),
        counts: new CatalogueCountsRepository(trx),
      }),
    );
  }

  row(id: number): Promise<SceneRowData | undefined> {
    return this.db.selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  rowBySceneId(sceneId: string): Promise<SceneRowData | undefined> {
    return this.db.selectFrom('scenes').selectAll().where('scene_id', '=', sceneId).executeTakeFirst();
  }

  /** Those of `sceneIds` that some scene already has. */
  async takenSceneIds(sceneIds: readonly string[]): Promise<Set<string>> {
    if (sceneIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('scenes')
      .select('scene_id')
      .where('scene_id', 'in', sceneIds)
      .execute();
    return new Set(rows.map((row) => row.scene_id));
  }

  async insert(values: Insertable<ScenesTable>): Promise<number> {
    const row = await this.db.insertInto('scenes').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes columns of a scene and moves updated_at. */
  async update(id: number, values: Updateable<ScenesTable>): Promise<void> {
    await this.db
      .updateTable('scenes')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /** Flips a flag column; answers the new value. */
  async flipFlag(id: number, column: SceneFlagColumn): Promise<number> {
    const row = await this.db
      .updateTable('scenes')
      .set((eb) => ({ [column]: eb(eb.val(1), '-', eb.ref(column)), updated_at: now() }))
      .where('id', '=', id)
      .returning(column)
      .executeTakeFirstOrThrow();
    return Number(row[column]);
  }

  /** Deletes the scene; cast, tags, cuepoints and history go with it, its files become unmatched. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('scenes').where('id', '=', id).execute();
  }

  // ---- Cast and tags ------------------------------------------------------------------------------------

  castOf(sceneId: number): Promise<NamedRow[]> {
    return this.db
      .selectFrom('scene_cast')
      .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
      .select(['actors.id', 'actors.name', sql<boolean>`actors.is_aka_group = 1`.as('is_group')])
      .where('scene_cast.scene_id', '=', sceneId)
      .execute()
      .then(asNamedRows);
  }

  tagsOf(sceneId: number): Promise<NamedRow[]> {
    return this.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select(['tags.id', 'tags.name', sql<boolean>`tags.is_tag_group = 1`.as('is_group')])
      .where('scene_tags.scene_id', '=', sceneId)
      .execute()
      .then(asNamedRows);
  }

  /**
   * The actors of these names, created when missing; an existing name matches exactly, else ignoring case.
   * One lookup and one insert whatever the number of names (each name list travels as one JSON parameter).
   */
  async actorsNamed(names: readonly string[]): Promise<NamedRow[]> {
    const existing = await this.db
      .selectFrom('actors')
      .select(['id', 'name', sql<boolean>`is_aka_group = 1`.as('is_group')])
      .where(inList('name', names, 'NOCASE'))
      .execute()
      .then(asNamedRows);
    return resolveNames(names, existing, async (missing) => {
      const rows = await sql<{ id: number; name: string }>`INSERT INTO actors (name)
        SELECT j.value FROM json_each(${JSON.stringify(missing)}) j ORDER BY j.key
        RETURNING id, name`.execute(this.db);
      return rows.rows;
    });
  }

  /** The tags of these names, created when missing; an existing name matches exactly, else ignoring case. */
  async tagsNamed(names: readonly string[]): Promise<NamedRow[]> {
    const existing = await this.db
      .selectFrom('tags')
      .select(['id', 'name', sql<boolean>`is_tag_group = 1`.as('is_group')])
      .where(inList('name', names, 'NOCASE'))
      .execute()
      .then(asNamedRows);
    return resolveNames(names, existing, async (missing) => {
      const rows = await sql<{ id: number; name: string }>`INSERT INTO tags (name)
        SELECT j.value FROM json_each(${JSON.stringify(missing)}) j ORDER BY j.key
        RETURNING id, name`.execute(this.db);
      return rows.rows;
    });
  }

  /** Links the actors to the scene (existing links are kept), in one statement. */
  async addCast(sceneId: number, actorIds: readonly number[]): Promise<void> {
    if (actorIds.length === 0) return;
    await sql`INSERT INTO scene_cast (scene_id, actor_id)
      SELECT ${sceneId}, j.value FROM json_each(${JSON.stringify(actorIds)}) j WHERE true
      ON CONFLICT DO NOTHING`.execute(this.db);
  }

  async removeCast(sceneId: number, actorIds: readonly number[]): Promise<void> {
    if (actorIds.length === 0) return;
    await this.db
      .deleteFrom('scene_cast')
      .where('scene_id', '=', sceneId)
      .where(inIds('actor_id', actorIds))
      .execute();
  }

  /**
   * Removes and adds cast links of one scene with the per-row cast triggers held back for it (migration 0010):
   * the scene's search document and cast count are rebuilt once at the end, so the work is linear in the number
   * of links rather than quadratic. Call it inside a transaction.
   */
  async changeCast(sceneId: number, change: { remove: readonly number[]; add: readonly number[] }) {
    if (change.remove.length === 0 && change.add.length === 0) return;
    await sql`INSERT INTO deferred_cast_scenes (scene_id) VALUES (${sceneId})`.execute(this.db);
    await this.removeCast(sceneId, change.remove);
    await this.addCast(sceneId, change.add);
    await sql`DELETE FROM deferred_cast_scenes WHERE scene_id = ${sceneId}`.execute(this.db);
    await sql`UPDATE scenes SET cast_count = (
        SELECT count(*) FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id AND a.is_aka_group = 0
        WHERE sc.scene_id = scenes.id)
      WHERE id = ${sceneId}`.execute(this.db);
    await sql`DELETE FROM scene_search WHERE rowid = ${sceneId}`.execute(this.db);
    await sql`INSERT INTO scene_search (${sql.raw(SEARCH_COLUMNS)})
      SELECT id, title, "cast", site, description, scene_code, filenames FROM scene_search_documents
      WHERE id = ${sceneId}`.execute(this.db);
  }

  /** Links the tags to the scene (existing links are kept), in one statement. */
  async addTags(sceneId: number, tagIds: readonly number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await sql`INSERT INTO scene_tags (scene_id, tag_id)
      SELECT ${sceneId}, j.value FROM json_each(${JSON.stringify(tagIds)}) j WHERE true
      ON CONFLICT DO NOTHING`.execute(this.db);
  }

  async removeTags(sceneId: number, tagIds: readonly number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await this.db
      .deleteFrom('scene_tags')
      .where('scene_id', '=', sceneId)
      .where(inIds('tag_id', tagIds))
      .execute();
  }

  // ---- Cuepoints and files ------------------------------------------------------------------------------

  async insertCuepoint(sceneId: number, cuepoint: NewCuepoint): Promise<number> {
    const row = await this.db
      .insertInto('scene_cuepoints')
      .values({ ...cuepoint, scene_id: sceneId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes a cuepoint of this scene; answers false when the scene has no such cuepoint. */
  async deleteCuepoint(sceneId: number, cuepointId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('scene_cuepoints')
      .where('id', '=', cuepointId)
      .where('scene_id', '=', sceneId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Durations in seconds of the scene's video files. */
  async videoDurations(sceneId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('duration')
      .where('scene_id', '=', sceneId)
      .where('type', '=', 'video')
      .execute();
    return rows.map((row) => row.duration);
  }

  file(fileId: number): Promise<{ id: number; scene_id: number | null; type: string } | undefined> {
    return this.db
      .selectFrom('files')
      .select(['id', 'scene_id', 'type'])
      .where('id', '=', fileId)
      .executeTakeFirst();
  }

  /** Marks one script file of the scene as selected and its other script files as not, in one statement. */
  async selectScript(sceneId: number, fileId: number): Promise<void> {
    const selected = sql<number>`CASE WHEN id = ${fileId} THEN 1 ELSE 0 END`;
    await this.db
      .updateTable('files')
      .set({ is_selected_script: selected, updated_at: now() })
      .where('scene_id', '=', sceneId)
      .where('type', '=', 'script')
      .where('is_selected_script', '<>', selected)
      .execute();
  }
}

function asNamedRows(rows: { id: number; name: string; is_group: boolean | number }[]): NamedRow[] {
  return rows.map((row) => ({ id: row.id, name: row.name, is_group: Boolean(row.is_group) }));
}

/**
 * Picks, per wanted name, the exact match, else a match ignoring case, else a row `create` makes: it gets the
 * names nothing matched, each once, and answers their new rows.
 */
async function resolveNames(
  names: readonly string[],
  existing: readonly NamedRow[],
  create: (missing: string[]) => Promise<{ id: number; name: string }[]>,
): Promise<NamedRow[]> {
  const exact = new Map(existing.map((row) => [row.name, row]));
  const folded = new Map<string, NamedRow>();
  for (const row of existing)
    if (!folded.has(row.name.toLowerCase())) folded.set(row.name.toLowerCase(), row);
  const found = (name: string) => exact.get(name) ?? folded.get(name.toLowerCase());
  const missing = [...new Set(names.filter((name) => found(name) === undefined))];
  const created = new Map<string, NamedRow>();
  if (missing.length > 0) {
    for (const row of await create(missing)) created.set(row.name, { ...row, is_group: false });
  }
  return names.flatMap((name) => {
    const row = found(name) ?? created.get(name);
    return row ? [row] : [];
  });
}
