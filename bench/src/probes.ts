import { sql } from 'kysely';
import type { Database } from '../../server/src/db/schema';

/** Values of the seeded library the request mix uses: popular and rare names, ids, a URL, a file name. */
export interface Probes {
  tags: { popular: string; second: string; middle: string; rare: string; group: string | null };
  cast: { popular: string; second: string; middle: string; rare: string; aka: string | null };
  sites: { popular: string; second: string; rare: string };
  releaseMonth: string;
  /** Numeric ids of scenes to GET, spread over the table. */
  sceneIds: number[];
  /** Numeric ids of plain actors to GET, spread over the table. */
  actorIds: number[];
  title: string;
  sceneId: string;
  sceneUrl: string;
  /** Part of a matched file's name. */
  filename: string;
  /** A cast member's name for `cast:`. */
  castName: string;
  /** search_params of the seeded combined saved search (null when the folder has none). */
  savedSearch: string | null;
}

/** The name with about `target` scenes (or the closest), among plain tags or actors. */
async function nameNear(db: Database, table: 'tags' | 'actors', target: number): Promise<string> {
  const groupColumn = table === 'tags' ? 'is_tag_group' : 'is_aka_group';
  const result = await sql<{ name: string }>`
    SELECT name FROM ${sql.table(table)} WHERE ${sql.ref(groupColumn)} = 0 AND count > 0
    ORDER BY abs(count - ${target}), id LIMIT 1`.execute(db);
  return result.rows[0]?.name ?? '';
}

async function ranked(db: Database, table: 'tags' | 'actors'): Promise<string[]> {
  const groupColumn = table === 'tags' ? 'is_tag_group' : 'is_aka_group';
  const result = await sql<{ name: string }>`
    SELECT name FROM ${sql.table(table)} WHERE ${sql.ref(groupColumn)} = 0
    ORDER BY count DESC, id LIMIT 2`.execute(db);
  return result.rows.map((row) => row.name);
}

/** Reads the probe values from a seeded database. */
export async function readProbes(db: Database): Promise<Probes> {
  const [topTags, topCast] = await Promise.all([ranked(db, 'tags'), ranked(db, 'actors')]);
  const group = await db
    .selectFrom('tags')
    .select('name')
    .where('is_tag_group', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  const aka = await db
    .selectFrom('actors')
    .select('name')
    .where('is_aka_group', '=', 1)
    .orderBy('count', 'desc')
    .executeTakeFirst();
  const sites = await db
    .selectFrom('scenes')
    .select(['site', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('site')
    .orderBy('n', 'desc')
    .execute();
  const bounds = await db
    .selectFrom('scenes')
    .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max')])
    .executeTakeFirstOrThrow();
  const low = Number(bounds.min ?? 1);
  const high = Number(bounds.max ?? 1);
  const sceneIds = Array.from(
    { length: 50 },
    (_, i) => low + Math.floor(((high - low) * ((i * 37) % 50)) / 49),
  );
  const actors = await db
    .selectFrom('actors')
    .select('id')
    .where('is_aka_group', '=', 0)
    .orderBy('id')
    .execute();
  const actorIds = Array.from(
    { length: 50 },
    (_, i) => actors[Math.floor(((actors.length - 1) * ((i * 37) % 50)) / 49)]?.id ?? 1,
  );
  const sample = await db
    .selectFrom('scenes')
    .innerJoin('files', 'files.scene_id', 'scenes.id')
    .innerJoin('scene_cast', 'scene_cast.scene_id', 'scenes.id')
    .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
    .select(['scenes.title', 'scenes.scene_id', 'scenes.scene_url', 'files.filename', 'actors.name'])
    .where('files.type', '=', 'video')
    .where('actors.is_aka_group', '=', 0)
    .orderBy('scenes.id')
    .limit(1)
    .offset(Math.floor((high - low) / 20))
    .executeTakeFirst();
  const saved = await db
    .selectFrom('playlists')
    .select('search_params')
    .where('name', '=', 'Bench: combined')
    .executeTakeFirst();
  const month = await db
    .selectFrom('scenes')
    .select(sql<string>`substr(release_date, 1, 7)`.as('month'))
    .where('release_date', 'is not', null)
    .groupBy('month')
    .orderBy('month', 'desc')
    .offset(24)
    .limit(1)
    .executeTakeFirst();

  return {
    tags: {
      popular: topTags[0] ?? '',
      second: topTags[1] ?? '',
      middle: await nameNear(db, 'tags', 500),
      rare: await nameNear(db, 'tags', 3),
      group: group?.name ?? null,
    },
    cast: {
      popular: topCast[0] ?? '',
      second: topCast[1] ?? '',
      middle: await nameNear(db, 'actors', 100),
      rare: await nameNear(db, 'actors', 2),
      aka: aka?.name ?? null,
    },
    sites: {
      popular: sites[0]?.site ?? '',
      second: sites[1]?.site ?? '',
      rare: sites[sites.length - 1]?.site ?? '',
    },
    releaseMonth: month?.month ?? '2024-05',
    sceneIds,
    actorIds,
    title: sample?.title ?? 'Sunset',
    sceneId: sample?.scene_id ?? '',
    sceneUrl: sample?.scene_url ?? 'https://example.com/',
    filename: (sample?.filename ?? 'file').split('_')[0] ?? 'file',
    castName: sample?.name ?? '',
    savedSearch: saved?.search_params ?? null,
  };
}
