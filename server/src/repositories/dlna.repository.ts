import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/** A scene container other than a saved search (those go through the scene list). */
export type DlnaSqlScope =
  | { kind: 'all' }
  | { kind: 'actor'; actorId: number }
  | { kind: 'tag'; tagId: number }
  | { kind: 'site'; site: string }
  | { kind: 'month'; month: string };

export interface DlnaFolderRow {
  /** Actor or tag id; the site name or YYYY-MM for sites and months. */
  key: string;
  title: string;
  count: number;
}

/**
 * The DLNA tree's reads: folders of actors, tags, sites and release months over the playable scenes
 * (available, accessible and not hidden), and the scene ids of one folder, newest release first.
 */
export class DlnaRepository {
  constructor(private readonly db: Database) {}

  private playable() {
    return this.db
      .selectFrom('scenes as s')
      .where('s.is_available', '=', 1)
      .where('s.is_accessible', '=', 1)
      .where('s.is_hidden', '=', 0);
  }

  private scoped(scope: DlnaSqlScope) {
    const base = this.playable();
    switch (scope.kind) {
      case 'all':
        return base;
      case 'actor':
        return base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('scene_cast as c')
              .select('c.actor_id')
              .whereRef('c.scene_id', '=', 's.id')
              .where('c.actor_id', '=', scope.actorId),
          ),
        );
      case 'tag':
        return base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('scene_tags as t')
              .select('t.tag_id')
              .whereRef('t.scene_id', '=', 's.id')
              .where('t.tag_id', '=', scope.tagId),
          ),
        );
      case 'site':
        return base.where('s.site', '=', scope.site);
      case 'month':
        return base.where(sql<SqlBool>`substr(s.release_date, 1, 7) = ${scope.month}` as Expression<SqlBool>);
    }
  }

  async countScenes(scope: DlnaSqlScope): Promise<number> {
    const row = await this.scoped(scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async sceneIds(scope: DlnaSqlScope, offset: number, limit: number): Promise<number[]> {
    const rows = await this.scoped(scope)
      .select('s.id')
      .orderBy(sql`s.release_date IS NULL`)
      .orderBy('s.release_date', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Whether the scene is playable and in the folder (BrowseMetadata of a scene item). */
  async inScope(scope: DlnaSqlScope, sceneId: number): Promise<boolean> {
    const row = await this.scoped(scope).select('s.id').where('s.id', '=', sceneId).executeTakeFirst();
    return row !== undefined;
  }

  async actorFolders(): Promise<DlnaFolderRow[]> {
    const rows = await this.playable()
      .innerJoin('scene_cast as c', 'c.scene_id', 's.id')
      .innerJoin('actors as a', 'a.id', 'c.actor_id')
      .where('a.is_aka_group', '=', 0)
      .select(['a.id', 'a.name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('a.id')
      .orderBy(sql`a.name COLLATE NOCASE`)
      .orderBy('a.id')
      .execute();
    return rows.map((row) => ({ key: String(row.id), title: row.name, count: Number(row.n) }));
  }

  async tagFolders(): Promise<DlnaFolderRow[]> {
    const rows = await this.playable()
      .innerJoin('scene_tags as st', 'st.scene_id', 's.id')
      .innerJoin('tags as t', 't.id', 'st.tag_id')
      .select(['t.id', 't.name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('t.id')
      .orderBy(sql`t.name COLLATE NOCASE`)
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({ key: String(row.id), title: row.name, count: Number(row.n) }));
  }

  async siteFolders(): Promise<DlnaFolderRow[]> {
    const rows = await this.playable()
      .where('s.site', '!=', '')
      .select(['s.site', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('s.site')
      .orderBy(sql`s.site COLLATE NOCASE`)
      .execute();
    return rows.map((row) => ({ key: row.site, title: row.site, count: Number(row.n) }));
  }

  async monthFolders(): Promise<DlnaFolderRow[]> {
    const month = sql<string>`substr(s.release_date, 1, 7)`;
    const rows = await this.playable()
      .where('s.release_date', 'is not', null)
      .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(month)
      .orderBy(month, 'desc')
      .execute();
    return rows.map((row) => ({ key: row.month, title: row.month, count: Number(row.n) }));
  }
}
