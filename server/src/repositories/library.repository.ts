import type { LibrarySummary } from '@fovea/contract';
import type { Database } from '../db/schema';

/** Counts over the whole library (each an indexed COUNT). */
export class LibraryRepository {
  constructor(private readonly db: Database) {}

  async summary(): Promise<LibrarySummary> {
    const count = (value: unknown) => Number(value ?? 0);
    const [scenes, available, actors, files, unmatched] = await Promise.all([
      this.db
        .selectFrom('scenes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
      this.db
        .selectFrom('scenes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_hidden', '=', 0)
        .where('is_available', '=', 1)
        .where('is_accessible', '=', 1)
        .executeTakeFirst(),
      this.db
        .selectFrom('actors')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_aka_group', '=', 0)
        .executeTakeFirst(),
      this.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
      this.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('scene_id', 'is', null)
        .executeTakeFirst(),
    ]);
    return {
      scenes: count(scenes?.n),
      available_scenes: count(available?.n),
      actors: count(actors?.n),
      files: count(files?.n),
      unmatched_files: count(unmatched?.n),
    };
  }
}
