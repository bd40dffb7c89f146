import type { Database } from '../../src/db/schema';

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

    async scene(values: { scene_id?: string; title?: string; wishlist?: number } = {}): Promise<number> {
      const n = next();
      const row = await db
        .insertInto('scenes')
        .values({
          scene_id: values.scene_id ?? `test-${n}`,
          title: values.title ?? `Scene ${n}`,
          wishlist: values.wishlist ?? 0,
          release_date: '2024-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async file(values: {
      volume_id: number;
      scene_id?: number | null;
      type?: 'video' | 'script' | 'hsp' | 'subtitles';
      size?: number;
      created_time?: string;
      missing_since?: string | null;
    }): Promise<number> {
      const n = next();
      const row = await db
        .insertInto('files')
        .values({
          volume_id: values.volume_id,
          scene_id: values.scene_id ?? null,
          type: values.type ?? 'video',
          path: '/videos',
          filename: `file-${n}.mp4`,
          size: values.size ?? 1000,
          created_time: values.created_time ?? '2024-01-01T00:00:00.000Z',
          missing_since: values.missing_since ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async actor(name: string): Promise<number> {
      const row = await db
        .insertInto('actors')
        .values({ name, is_aka_group: name.startsWith('aka:') ? 1 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async cast(sceneId: number, actorId: number): Promise<void> {
      await db.insertInto('scene_cast').values({ scene_id: sceneId, actor_id: actorId }).execute();
    },

    async cuepoint(sceneId: number, track: number | null = null): Promise<void> {
      await db
        .insertInto('scene_cuepoints')
        .values({ scene_id: sceneId, name: 'standing-blowjob', time_start: 10, track })
        .execute();
    },

    async history(sceneId: number, duration: number): Promise<void> {
      await db
        .insertInto('histories')
        .values({ scene_id: sceneId, time_start: '2024-05-01T10:00:00.000Z', duration })
        .execute();
    },
  };
}
