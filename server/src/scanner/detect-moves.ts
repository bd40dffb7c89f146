/** A removed row or a new file, as move detection sees it. */
export interface MoveCandidate {
  id: number;
  filename: string;
  size: number;
  oshash: string;
  scene_id: number | null;
}

export interface DetectedMove {
  /** The row of the file that is gone. */
  fromId: number;
  /** The new file that takes its match. */
  fileId: number;
  sceneId: number;
  filename: string;
}

const contentKey = (file: MoveCandidate) => `${file.size}:${file.oshash}`;

/**
 * Pairs matched files that are gone with new unmatched files of the same content (same size and same
 * non-empty OpenSubtitles hash): a moved or renamed file keeps its scene. Only a certain answer counts:
 * when the gone files of one content were matched to different scenes, none of the new copies is matched.
 * Every new copy of a content gets the scene (a file copied to two places belongs to the same scene).
 */
export function detectMoves(gone: readonly MoveCandidate[], added: readonly MoveCandidate[]): DetectedMove[] {
  const scenesByContent = new Map<string, { sceneIds: Set<number>; fromId: number }>();
  for (const file of gone) {
    if (file.scene_id === null || file.oshash === '') continue;
    const key = contentKey(file);
    const entry = scenesByContent.get(key) ?? { sceneIds: new Set<number>(), fromId: file.id };
    entry.sceneIds.add(file.scene_id);
    scenesByContent.set(key, entry);
  }
  const moves: DetectedMove[] = [];
  for (const file of added) {
    if (file.scene_id !== null || file.oshash === '') continue;
    const entry = scenesByContent.get(contentKey(file));
    if (entry === undefined || entry.sceneIds.size !== 1) continue;
    const [sceneId] = entry.sceneIds;
    if (sceneId !== undefined)
      moves.push({ fromId: entry.fromId, fileId: file.id, sceneId, filename: file.filename });
  }
  return moves;
}
