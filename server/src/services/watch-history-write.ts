import type { HistoryRepository } from '../repositories/history.repository';
import type { SceneStatusService } from './scene-status.service';

export interface SessionEnd {
  historyId: number;
  sceneId: number;
  /** ISO time the session ended (so far). */
  endText: string;
  seconds: number;
  /** Whether the session is over: the scene is then marked watched. */
  final: boolean;
}

/**
 * Writes a watch session's end and duration, marks the scene watched when it is over, and refreshes the
 * scene's watch time, in one transaction: shared by the inferred (byte-range) and the reported sessions.
 */
export async function writeSessionEnd(
  history: HistoryRepository,
  sceneStatus: SceneStatusService,
  end: SessionEnd,
): Promise<void> {
  await history.transaction(async (tx) => {
    await tx.history.finish(end.historyId, end.endText, end.seconds);
    if (end.final) await tx.history.markWatched(end.sceneId, end.endText);
    await sceneStatus.refreshScenes([end.sceneId], tx.status);
  });
}
