import type { Scene, SceneListResponse } from '@fovea/contract';

/** The scenes of every loaded page in order, each once (a scene that moved between pages is not doubled). */
export function loadedScenes(pages: readonly SceneListResponse[] | undefined): Scene[] {
  if (pages === undefined) return [];
  const seen = new Set<number>();
  const out: Scene[] = [];
  for (const page of pages) {
    for (const scene of page.scenes) {
      if (seen.has(scene.id)) continue;
      seen.add(scene.id);
      out.push(scene);
    }
  }
  return out;
}

/** Load more is offered while fewer scenes are shown than the list holds. */
export const hasMoreScenes = (shown: number, total: number): boolean => shown < total;
