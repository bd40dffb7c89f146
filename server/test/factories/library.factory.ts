import type { Insertable } from 'kysely';
import type {
  Database,
  FilesTable,
  ScenesTable,
  SceneCuepointsTable,
  ActorsTable,
} from '../../src/db/schema';

let counter = 0;
const next = () => ++counter;

/** Rows for tests, with sensible defaults; every helper returns the new row's id. */
export function libraryFactory(db: Database) {
  return {
    async volume(values: { path?: string; is_available?: number } = {}): Promise<number> {
      const row = await db
        .insertInto('volumes')
        .values({
          type: 'local',
          path: values.path ?? `/videos/${next()}`,
          is_available: values.is_available ?? 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A scene; any column may be given (flags as 0/1). */
    async scene(values: Partial<Insertable<ScenesTable>> = {}): Promise<number> {
      const n = next();
      const row = await db
        .insertInto('scenes')
        .values({
          release_date: '2024-01-01',
          ...values,
          scene_id: values.scene_id ?? `test-${n}`,
          title: values.title ?? `Scene ${n}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async file(
      values: Partial<Insertable<FilesTable>> & { volume_id: number; scene_id?: number | null },
    ): Promise<number> {
      const n = next();
      const row = await db
        .insertInto('files')
        .values({
          path: '/videos',
          filename: `file-${n}.mp4`,
          size: 1000,
          created_time: '2024-01-01T00:00:00.000Z',
          ...values,
          type: values.type ?? 'video',
          scene_id: values.scene_id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async actor(name: string, values: Partial<Insertable<ActorsTable>> = {}): Promise<number> {
      const row = await db
        .insertInto('actors')
        .values({ is_aka_group: name.startsWith('aka:') ? 1 : 0, ...values, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async cast(sceneId: number, actorId: number): Promise<void> {
      await db.insertInto('scene_cast').values({ scene_id: sceneId, actor_id: actorId }).execute();
    },

    /** A tag by name (created once; later calls return the same id). */
    async tag(name: string): Promise<number> {
      const existing = await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
      if (existing) return existing.id;
      const row = await db
        .insertInto('tags')
        .values({ name, is_tag_group: name.startsWith('tag group:') ? 1 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Tags a scene (creating the tags as needed). */
    async tagScene(sceneId: number, ...names: string[]): Promise<void> {
      for (const name of names) {
        const tagId = await this.tag(name);
        await db.insertInto('scene_tags').values({ scene_id: sceneId, tag_id: tagId }).execute();
      }
    },

    async cuepoint(
      sceneId: number,
      track: number | null = null,
      values: Partial<Insertable<SceneCuepointsTable>> = {},
    ): Promise<number> {
      const row = await db
        .insertInto('scene_cuepoints')
        .values({ name: 'standing-blowjob', time_start: 10, ...values, scene_id: sceneId, track })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async history(sceneId: number, duration: number): Promise<void> {
      await db
        .insertInto('histories')
        .values({ scene_id: sceneId, time_start: '2024-05-01T10:00:00.000Z', duration })
        .execute();
    },
  };
}
