import type { Database } from '../db/schema';
import { SceneStatusRepository } from './scene-status.repository';

/** Repositories bound to one transaction. */
export interface HistoryTx {
  history: HistoryRepository;
  status: SceneStatusRepository;
}

/** Watch sessions (`histories`) and the scene columns they move (`last_opened`, `is_watched`). */
export class HistoryRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with repositories bound to it. */
  transaction<T>(work: (tx: HistoryTx) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) =>
        work({ history: new HistoryRepository(trx), status: new SceneStatusRepository(trx) }),
      );
  }

  /** Starts a session row and sets the scene's `last_opened`; answers the row id. */
  async start(sceneId: number, at: string): Promise<number> {
    const row = await this.db
      .insertInto('histories')
      .values({ scene_id: sceneId, time_start: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('scenes')
      .set({ last_opened: at, updated_at: at })
      .where('id', '=', sceneId)
      .execute();
    return row.id;
  }

  /** Ends a session row: its end time and length in seconds. */
  async finish(historyId: number, end: string, durationSeconds: number): Promise<void> {
    await this.db
      .updateTable('histories')
      .set({ time_end: end, duration: durationSeconds, updated_at: end })
      .where('id', '=', historyId)
      .execute();
  }

  /** The length in seconds of video file `fileId` of scene `sceneId` (0 when not probed); undefined when it is not one. */
  async sceneVideo(sceneId: number, fileId: number): Promise<{ duration: number } | undefined> {
    return this.db
      .selectFrom('files')
      .select('duration')
      .where('id', '=', fileId)
      .where('scene_id', '=', sceneId)
      .where('type', '=', 'video')
      .executeTakeFirst();
  }

  async sceneExists(sceneId: number): Promise<boolean> {
    const row = await this.db.selectFrom('scenes').select('id').where('id', '=', sceneId).executeTakeFirst();
    return row !== undefined;
  }

  async markWatched(sceneId: number, at: string): Promise<void> {
    await this.db
      .updateTable('scenes')
      .set({ is_watched: 1, updated_at: at })
      .where('id', '=', sceneId)
      .where('is_watched', '=', 0)
      .execute();
  }
}
