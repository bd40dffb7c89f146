import { EXTERNAL_SOURCE_ALTERNATE_PREFIX } from '@fovea/contract';
import { sql, type Insertable } from 'kysely';
import type { Database, ScenesTable } from '../db/schema';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { SceneStatusRepository } from './scene-status.repository';
import { SceneWriteRepository, type SceneRowData } from './scene-write.repository';
import { inIds, inList, inNames } from './sql-lists';
import type {
  SceneJournalEntry,
  SceneLink,
  ActorDetailsRow,
  ActorJournalEntry,
  NamedId,
  NamedActor,
  SceneNeedingUpdate,
  SceneUpdate,
  ActorUpdate,
} from './scraped-scene-write.types';

export type {
  SceneJournalEntry,
  SceneLink,
  ActorDetailsRow,
  ActorJournalEntry,
  NamedId,
  NamedActor,
  SceneNeedingUpdate,
  SceneUpdate,
  ActorUpdate,
} from './scraped-scene-write.types';

/** The script flags a listing shows for a known scene (funscript-only update). */
export interface ScriptFlagUpdate {
  sceneUrl: string;
  aiScript: boolean;
  humanScript: boolean;
}

/** Repositories bound to one transaction. */
export interface ScrapedSceneWriteTx {
  store: ScrapedSceneWriteRepository;
  scenes: SceneWriteRepository;
  counts: CatalogueCountsRepository;
  status: SceneStatusRepository;
}

/** "alternate scene " and the first text after every "alternate scene <site>" (a range on the unique index). */
const ALT_FROM = EXTERNAL_SOURCE_ALTERNATE_PREFIX;
const ALT_TO = EXTERNAL_SOURCE_ALTERNATE_PREFIX.slice(0, -1) + '!';

const now = () => new Date().toISOString();

/** Scene rows per INSERT: about 25 columns each, far under SQLite's 32,766 parameters. */
const SCENES_PER_INSERT = 500;

/** Those of `names` no row has (ignoring case), each once. */
function notIn(names: readonly string[], rows: readonly NamedId[]): string[] {
  const have = new Set(rows.map((row) => row.name.toLowerCase()));
  return names.filter((name) => !have.has(name.toLowerCase()) && have.add(name.toLowerCase()));
}

/** A link: [scene id, actor or tag id]. */
type Link = readonly [number, number];

/** Deletes links of a scene link table in one statement (the scene ids narrow it to their index range). */
async function removeLinks(
  db: Database,
  table: 'scene_cast' | 'scene_tags',
  column: 'actor_id' | 'tag_id',
  links: readonly Link[],
): Promise<void> {
  if (links.length === 0) return;
  const keys = JSON.stringify(links.map(([scene, other]) => `${scene}:${other}`));
  await sql`DELETE FROM ${sql.table(table)} WHERE ${inIds(
    'scene_id',
    links.map(([scene]) => scene),
  )} AND (scene_id || ':' || ${sql.ref(column)}) IN (SELECT value FROM json_each(${keys}))`.execute(db);
}

/**
 * Updates rows by id from one JSON list, one statement per distinct set of columns: each column is set from its
 * key of the row's JSON object (`->>` gives back text, integers, reals and NULL as they went in).
 */
async function updateRows(
  db: Database,
  table: 'scenes' | 'actors',
  rows: readonly { id: number; values: Readonly<Record<string, unknown>> }[],
): Promise<void> {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const columns = Object.keys(row.values)
      .filter((column) => row.values[column] !== undefined)
      .sort();
    if (columns.length === 0) continue;
    const key = columns.join(',');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push({ ...row.values, id: row.id });
    groups.set(key, group);
  }
  for (const { columns, rows: values } of groups.values()) {
    const set = columns.map((column) => sql`${sql.ref(column)} = j.value ->> ${`$.${column}`}`);
    await sql`UPDATE ${sql.table(table)} SET ${sql.join(set)}
      FROM json_each(${JSON.stringify(values)}) AS j
      WHERE ${sql.ref(`${table}.id`)} = j.value ->> '$.id'`.execute(db);
  }
}

/**
 * SQL of storing scraped scenes: the stored rows, journals, cast and tags of a batch read in one statement
 * each, the scene and actor writes, and the known-scene lists a scrape run starts from.
 */
export class ScrapedSceneWriteRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: ScrapedSceneWriteTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        store: new ScrapedSceneWriteRepository(trx),
        scenes: new SceneWriteRepository(trx),
        counts: new CatalogueCountsRepository(trx),
        status: new SceneStatusRepository(trx),
      }),
    );
  }

  scenesBySceneId(sceneIds: readonly string[]): Promise<SceneRowData[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('scenes').selectAll().where(inNames('scene_id', sceneIds)).execute();
  }

  /** The journal rows of these scenes (by string scene_id), oldest first. */
  journal(sceneIds: readonly string[]): Promise<SceneJournalEntry[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_edits')
      .select(['scene_id', 'action_type', 'changed_column', 'new_value'])
      .where(inNames('scene_id', sceneIds))
      .orderBy('id')
      .execute();
  }

  async castOf(ids: readonly number[]): Promise<SceneLink[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('scene_cast')
      .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
      .select(['scene_cast.scene_id', 'actors.id', 'actors.name', 'actors.is_aka_group as is_group'])
      .where(inIds('scene_cast.scene_id', ids))
      .execute();
    return rows.map((row) => ({ ...row, is_group: row.is_group === 1 }));
  }

  async tagsOf(ids: readonly number[]): Promise<SceneLink[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select(['scene_tags.scene_id', 'tags.id', 'tags.name', 'tags.is_tag_group as is_group'])
      .where(inIds('scene_tags.scene_id', ids))
      .execute();
    return rows.map((row) => ({ ...row, is_group: row.is_group === 1 }));
  }

  /** Those of these sites the owner subscribed to. */
  async subscribedSites(siteIds: readonly string[]): Promise<Set<string>> {
    if (siteIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sites')
      .select('id')
      .where(inNames('id', siteIds))
      .where('subscribed', '=', 1)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  actorDetailRows(ids: readonly number[]): Promise<ActorDetailsRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actors')
      .select(['id', 'name', 'image_url', 'image_arr', 'urls'])
      .where(inIds('id', ids))
      .execute();
  }

  /** The owner's journal rows of these actors, oldest first. */
  actorJournal(ids: readonly number[]): Promise<ActorJournalEntry[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actor_edits')
      .select(['actor_id', 'action_type', 'changed_column', 'new_value'])
      .where(inIds('actor_id', ids))
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.flatMap((row) => (row.actor_id === null ? [] : [{ ...row, actor_id: row.actor_id }])),
      );
  }

  /**
   * Checks foreign keys at commit instead of per statement (until the transaction ends), so a new scene's cast
   * and tag links can be written before the scene: the scene's own insert then builds its search document
   * once, cast included, instead of a cast trigger rebuilding it once per link.
   */
  async deferForeignKeys(): Promise<void> {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(this.db);
  }

  /**
   * The id the next new scene takes: past the highest id ever given (AUTOINCREMENT's sqlite_sequence), so
   * scenes inserted with ids counted from here get the very ids SQLite would have given them.
   */
  async nextSceneId(): Promise<number> {
    const row = await sql<{ next: number }>`SELECT max(
        coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'scenes'), 0),
        coalesce((SELECT max(id) FROM scenes), 0)) + 1 AS next`.execute(this.db);
    return Number(row.rows[0]?.next ?? 1);
  }

  /** Inserts scenes, up to 500 per statement (under SQLite's parameter limit); answers their ids by scene_id. */
  async insertScenes(rows: readonly Insertable<ScenesTable>[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let i = 0; i < rows.length; i += SCENES_PER_INSERT) {
      const inserted = await this.db
        .insertInto('scenes')
        .values(rows.slice(i, i + SCENES_PER_INSERT))
        .returning(['id', 'scene_id'])
        .execute();
      for (const row of inserted) ids.set(row.scene_id, row.id);
    }
    return ids;
  }

  /**
   * The actors of these names (compared ignoring case), the missing ones created in one statement, each with
   * the detail columns `detailsOf` gives it.
   */
  async actorsNamed(
    names: readonly string[],
    detailsOf: (name: string) => ActorUpdate['values'] = () => ({}),
  ): Promise<NamedActor[]> {
    if (names.length === 0) return [];
    const existing = await this.db
      .selectFrom('actors')
      .select(['id', 'name', 'is_aka_group'])
      .where(inList('name', names, 'NOCASE'))
      .execute();
    const found = existing.map((row) => ({ ...row, created: false }));
    const missing = notIn(names, existing);
    if (missing.length === 0) return found;
    const created = await this.db
      .insertInto('actors')
      .values(
        missing.map((name) => ({ image_url: '', image_arr: '[]', urls: '[]', ...detailsOf(name), name })),
      )
      .returning(['id', 'name', 'is_aka_group'])
      .execute();
    return [...found, ...created.map((row) => ({ ...row, created: true }))];
  }

  /** The tags of these names (compared ignoring case), the missing ones created in one statement. */
  async tagsNamed(names: readonly string[]): Promise<NamedId[]> {
    if (names.length === 0) return [];
    const existing = await this.db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where(inList('name', names, 'NOCASE'))
      .execute();
    const missing = notIn(names, existing);
    if (missing.length === 0) return existing;
    const created = await this.db
      .insertInto('tags')
      .values(missing.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
    return [...existing, ...created];
  }

  /** Adds cast links ([scene id, actor id]) in one statement. */
  async addCast(links: readonly Link[]): Promise<void> {
    if (links.length === 0) return;
    await this.db
      .insertInto('scene_cast')
      .values(links.map(([scene, actor]) => ({ scene_id: scene, actor_id: actor })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Adds tag links ([scene id, tag id]) in one statement. */
  async addTags(links: readonly Link[]): Promise<void> {
    if (links.length === 0) return;
    await this.db
      .insertInto('scene_tags')
      .values(links.map(([scene, tag]) => ({ scene_id: scene, tag_id: tag })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Removes cast links ([scene id, actor id]) in one statement. */
  removeCast(links: readonly Link[]): Promise<void> {
    return removeLinks(this.db, 'scene_cast', 'actor_id', links);
  }

  /** Removes tag links ([scene id, tag id]) in one statement. */
  removeTags(links: readonly Link[]): Promise<void> {
    return removeLinks(this.db, 'scene_tags', 'tag_id', links);
  }

  /**
   * Writes the changed columns of stored scenes, one statement per set of columns changed (usually one for the
   * whole batch): a statement per scene would make the search index flush its pending entries once per scene.
   */
  async updateScenes(updates: readonly SceneUpdate[]): Promise<void> {
    const stamp = now();
    await updateRows(
      this.db,
      'scenes',
      updates.map((update) => ({
        id: update.id,
        values: update.touch ? { ...update.values, updated_at: stamp } : update.values,
      })),
    );
  }

  /** Writes the changed detail columns of actors (updated_at moves), one statement per set of columns. */
  async updateActors(updates: readonly ActorUpdate[]): Promise<void> {
    const stamp = now();
    await updateRows(
      this.db,
      'actors',
      updates.map((update) => ({ id: update.id, values: { ...update.values, updated_at: stamp } })),
    );
  }

  /**
   * Funscript-only updates (scraper-sites §1.10): the script flags of the scenes at these URLs, nothing else.
   * `script_published` is set the first time (to `stamp`); rows whose flags already agree are not written.
   * Answers the number of scenes changed.
   */
  async setScriptFlags(updates: readonly ScriptFlagUpdate[], stamp: string): Promise<number> {
    if (updates.length === 0) return 0;
    const byUrl = new Map(updates.map((update) => [update.sceneUrl, update]));
    const rows = await this.db
      .selectFrom('scenes')
      .select(['id', 'scene_url', 'ai_script', 'human_script', 'script_published'])
      .where('scene_url', 'in', [...byUrl.keys()])
      .execute();
    let changed = 0;
    for (const row of rows) {
      const update = byUrl.get(row.scene_url);
      if (!update) continue;
      const ai = update.aiScript ? 1 : 0;
      const human = update.humanScript ? 1 : 0;
      if (row.ai_script === ai && row.human_script === human && row.script_published !== null) continue;
      await this.db
        .updateTable('scenes')
        .set({
          ai_script: ai,
          human_script: human,
          script_published: row.script_published ?? stamp,
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
    return changed;
  }

  /** Retitled scenes' scripts are exported again (their exported names follow the title), in one statement. */
  async resetExportedScripts(sceneIds: readonly number[]): Promise<void> {
    if (sceneIds.length === 0) return;
    await this.db
      .updateTable('files')
      .set({ is_exported: 0, updated_at: now() })
      .where('type', '=', 'script')
      .where(inIds('scene_id', sceneIds))
      .where('is_exported', '=', 1)
      .execute();
  }

  /**
   * The scene URLs a scrape skips (scraper-sites §1.4): scene_url of the scenes that do not need an update,
   * and the URL of every alternate-scene reference.
   */
  async knownSceneUrls(): Promise<string[]> {
    const scenes = await this.db
      .selectFrom('scenes')
      .select('scene_url as url')
      .where('needs_update', '=', 0)
      .where('scene_url', '<>', '')
      .execute();
    const references = await this.db
      .selectFrom('external_references')
      .select('external_url as url')
      .where('external_source', '>=', ALT_FROM)
      .where('external_source', '<', ALT_TO)
      .where('external_url', '<>', '')
      .execute();
    return [...scenes, ...references].map((row) => row.url);
  }

  /** Scenes flagged for a re-scrape that have a page to scrape, oldest flag first. */
  scenesNeedingUpdate(): Promise<SceneNeedingUpdate[]> {
    return this.db
      .selectFrom('scenes')
      .select(['scene_id as sceneId', 'scraper_id as scraperId', 'scene_url as sceneUrl'])
      .where('needs_update', '=', 1)
      .where('scraper_id', '<>', '')
      .where('scene_url', '<>', '')
      .where(sql<boolean>`scene_url LIKE 'http%'`)
      .orderBy('id')
      .execute();
  }
}
