import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { CatalogueCountsRepository } from '../../server/src/repositories/catalogue-counts.repository';

/** The seeded performers: fictional names, none used by a spec. */
export const SEED_CAST = [
  'Aria Vale',
  'Bea Lumen',
  'Cora Quill',
  'Dana Frost',
  'Elle Marlow',
  'Fay Orchid',
  'Gia Nightly',
  'Hana Sol',
  'Iris Bloom',
  'Juno Rae',
  'Kira Dune',
  'Lux Amari',
] as const;

/**
 * Performers without scenes, so the actor list has several pages (18 a page) and names under every jump
 * letter, including the grouped Q/R, U/V and W/X/Y/Z.
 */
export const SEED_EXTRA_ACTORS = [
  'Abby Stone',
  'Alma Reyes',
  'Bianca Moor',
  'Brielle Kay',
  'Carmen Vail',
  'Chloe Wren',
  'Daisy Lark',
  'Delia Frost',
  'Eden Blair',
  'Esme Quinn',
  'Fiona Hart',
  'Freya Lane',
  'Gemma Rose',
  'Greta Fox',
  'Hazel Dean',
  'Holly Brooks',
  'Ivy Lowe',
  'Isla Grant',
  'Jade Rivers',
  'Jolene Park',
  'Kelsey Moon',
  'Kendra Ash',
  'Lena Cruz',
  'Luna Price',
  'Maya Bell',
  'Mila Hayes',
  'Nadia Wolf',
  'Nora Ellis',
  'Olive Snow',
  'Opal Reed',
  'Paige Field',
  'Piper Vance',
  'Quinn Adler',
  'Rachel Tate',
  'Rosa Lind',
  'Sadie Shaw',
  'Sienna Cole',
  'Tara Nash',
  'Tessa Voss',
  'Uma Frey',
  'Valerie Stark',
  'Vera Hale',
  'Wendy Pike',
  'Xena Marsh',
  'Yara Bloom',
  'Zoe Carter',
  'Zara Finch',
  'Nina Park',
] as const;

/**
 * Profile of seeded performer i (SEED_CAST index): birth date, height (cm), weight (kg), nationality and
 * measurements vary with i, so the sliders and attribute filters have something to split.
 */
export function seededProfile(i: number): {
  birth_date: string;
  height: number;
  weight: number;
  nationality: string;
  cup_size: string;
  hair_color: string;
} {
  return {
    birth_date: `${1985 + i}-0${1 + (i % 9)}-15`,
    height: 155 + i * 2,
    weight: 48 + i,
    nationality: ['US', 'GB', 'CZ', 'FR'][i % 4] ?? 'US',
    cup_size: ['A', 'B', 'C', 'D'][i % 4] ?? 'B',
    hair_color: ['Blonde', 'Brunette', 'Red'][i % 3] ?? 'Blonde',
  };
}

/** The seeded tags. */
export const SEED_TAGS = [
  'pov',
  'outdoor',
  'dance',
  'romance',
  'comedy',
  'cosplay',
  'massage',
  'yoga',
] as const;

/** Scenes a spec edits itself (scenes-list gives them its own cast and tags): seeded bare. */
const SPEC_OWNED = { from: 1201, to: 1260 };

/** The cast and tags of seeded scene n (by index into SEED_CAST / SEED_TAGS). */
export function seededPeople(n: number): { cast: number[]; tags: number[] } {
  if (n >= SPEC_OWNED.from && n <= SPEC_OWNED.to) return { cast: [], tags: [] };
  const cast = [n % SEED_CAST.length];
  if (n % 3 === 0) cast.push((n * 7 + 1) % SEED_CAST.length);
  const tags = [n % SEED_TAGS.length];
  if (n % 4 === 0) tags.push((n + 3) % SEED_TAGS.length);
  return { cast: [...new Set(cast)], tags: [...new Set(tags)] };
}

/**
 * A library with `scenes` scenes, every other one with a video file, so the scene-status refresh has real
 * work to do (and holds its lock long enough to be seen). Each scene has a cover at `coverBaseUrl` (a local
 * image server), a duration, a synopsis, one or two performers and tags (see seededPeople); scenes e2e-1..3
 * have two gallery images. A scene with a file lists the file's name in its filenames (as a match would).
 */
export async function seedLibrary(dataDir: string, scenes: number, coverBaseUrl: string): Promise<void> {
  const opened = openDatabase(join(dataDir, 'fovea.db'));
  try {
    await migrateToLatest({ opened, backupDir: join(dataDir, 'backups') });
    const { sqlite } = opened;
    // The folder is there (and not empty), so the storage location counts as mounted; its seeded file rows
    // stand for files on disk (no spec rescans this folder: a rescan would remove them).
    mkdirSync(join(dataDir, 'videos'), { recursive: true });
    writeFileSync(join(dataDir, 'videos', 'README.txt'), 'Fovea e2e library\n');
    const volume = sqlite
      .prepare("INSERT INTO volumes (type, path, is_available) VALUES ('local', ?, 1)")
      .run(join(dataDir, 'videos')).lastInsertRowid;
    const addScene = sqlite.prepare(
      `INSERT INTO scenes (scene_id, title, site, release_date, cover_url, duration, synopsis, images, filenames_arr)
       VALUES (?, ?, 'E2E Studio', '2024-01-01', ?, ?, ?, ?, ?)`,
    );
    const addFile = sqlite.prepare(
      "INSERT INTO files (volume_id, scene_id, path, filename, type, size) VALUES (?, ?, '/videos', ?, 'video', 1000)",
    );
    const addActor = sqlite.prepare('INSERT INTO actors (name) VALUES (?)');
    const addProfile = sqlite.prepare(
      `INSERT INTO actors (name, image_url, birth_date, height, weight, nationality, cup_size, hair_color)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const addTag = sqlite.prepare('INSERT INTO tags (name, clean) VALUES (?, ?)');
    const addCast = sqlite.prepare('INSERT INTO scene_cast (scene_id, actor_id) VALUES (?, ?)');
    const addSceneTag = sqlite.prepare('INSERT INTO scene_tags (scene_id, tag_id) VALUES (?, ?)');
    sqlite.transaction(() => {
      const actorIds = SEED_CAST.map((name, i) => {
        const p = seededProfile(i);
        const image = `${coverBaseUrl}/cover/${9000 + i}.svg`;
        return Number(
          addProfile.run(
            name,
            image,
            p.birth_date,
            p.height,
            p.weight,
            p.nationality,
            p.cup_size,
            p.hair_color,
          ).lastInsertRowid,
        );
      });
      for (const name of SEED_EXTRA_ACTORS) addActor.run(name);
      const tagIds = SEED_TAGS.map((name) => Number(addTag.run(name, name).lastInsertRowid));
      for (let n = 1; n <= scenes; n++) {
        const cover = `${coverBaseUrl}/cover/${n}.svg`;
        const gallery =
          n <= 3
            ? [cover, `${coverBaseUrl}/cover/${n + 5000}.svg`, `${coverBaseUrl}/cover/${n + 6000}.svg`]
            : [cover];
        const images = gallery.map((url, i) => ({
          url,
          type: i === 0 ? 'cover' : 'gallery',
          orientation: '',
        }));
        const id = Number(
          addScene.run(
            `e2e-${n}`,
            `E2E scene ${n}`,
            cover,
            20 + ((n * 7) % 50),
            `Synopsis of E2E scene ${n}: a seeded scene for the end-to-end tests.`,
            JSON.stringify(images),
            n % 2 === 0 ? JSON.stringify([`e2e-${n}.mp4`]) : '[]',
          ).lastInsertRowid,
        );
        if (n % 2 === 0) addFile.run(volume, id, `e2e-${n}.mp4`);
        const people = seededPeople(n);
        for (const index of people.cast) addCast.run(id, actorIds[index]);
        for (const index of people.tags) addSceneTag.run(id, tagIds[index]);
      }
    })();
    const counts = new CatalogueCountsRepository(opened.db);
    await counts.refreshTagCounts('all');
    await counts.refreshActorCounts('all');
  } finally {
    await opened.close();
  }
}
