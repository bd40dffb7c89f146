import { DL_STATE_FLAGS, SceneListRequest } from '@fovea/contract';

/**
 * A saved search's stored filters as a scene-list request forced to playable scenes (available and
 * accessible, hidden ones excluded), for the headset players and DLNA; undefined when the filters do not read.
 */
export function playableSceneRequest(
  searchParams: string,
  offset: number,
  limit: number,
): SceneListRequest | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(searchParams);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const parsed = SceneListRequest.safeParse({
    ...stored,
    dlState: 'available',
    ...DL_STATE_FLAGS.available,
    offset,
    limit,
  });
  return parsed.success ? parsed.data : undefined;
}
