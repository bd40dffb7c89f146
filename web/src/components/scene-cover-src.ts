import { hasUsableCover, sceneFramePath, type Scene } from '@fovea/contract';
import { proxiedImage } from './proxied-image';

/** What the picture of a scene is chosen from. */
export type SceneCoverSource = Pick<Scene, 'id' | 'cover_url' | 'is_available'>;

/**
 * The one place the web app chooses a scene's picture, best first: its cover through the image proxy at `size`
 * when it has a usable one (not empty, not the custom scenes' placeholder), then a frame of its video made by
 * the server (`/api/dms/frame/{id}`) when it has a video file. An image that fails to load gives way to the
 * next; with none left the caller shows its blank.
 */
export function sceneCoverSources(scene: SceneCoverSource, size: string): string[] {
  return [
    ...(hasUsableCover(scene.cover_url) ? [proxiedImage(scene.cover_url, size)] : []),
    ...(scene.is_available ? [sceneFramePath(scene.id)] : []),
  ];
}

/** The best picture of a scene (see sceneCoverSources), or '' when it has none. */
export const sceneCoverSrc = (scene: SceneCoverSource, size: string): string =>
  sceneCoverSources(scene, size)[0] ?? '';
