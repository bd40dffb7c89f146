import type { File, FilePageRequest, FilePageResponse, FilePageScene, Scene } from '@fovea/contract';
import { baseScene, probedVideoFile } from '../../fixtures/contract-fixtures';
import type { MockHandler } from '../../test-utils';

/** A video file row as the server answers it. */
export function fileRow(overrides: Partial<File> = {}): File {
  return probedVideoFile({ filename: 'Some.Studio.Scene.Title.180_sbs.mp4', scene_id: 0, ...overrides });
}

/** A search result scene with the keys the match dialog reads. */
export function sceneResult(overrides: Partial<Scene> = {}): Scene {
  return baseScene({
    id: 1,
    scene_id: 'studio-1',
    title: 'A scene',
    site: 'Studio',
    duration: 30,
    _score: 1,
    ...overrides,
  });
}

/** POST /api/files/page answering the given files, paged as asked, with the `scenes` their page names. */
export function filesPageHandler(
  files: File[],
  calls: FilePageRequest[] = [],
  scenes: FilePageScene[] = [],
): MockHandler {
  return ({ body }) => {
    const request = body as FilePageRequest;
    calls.push(request);
    const page = files.slice(request.offset, request.offset + request.limit);
    const answer: FilePageResponse = {
      files: page,
      total: files.length,
      scenes: scenes.filter((scene) => page.some((file) => file.scene_id === scene.id)),
    };
    return { body: answer };
  };
}
