import type { File, FilePageRequest, FilePageResponse, Scene } from '@fovea/contract';
import type { MockHandler } from '../../test-utils';

const NO_TIME = '0001-01-01T00:00:00Z';

/** A video file row as the server answers it. */
export function fileRow(overrides: Partial<File> = {}): File {
  return {
    id: 1,
    created_at: '2025-03-01T10:00:00Z',
    updated_at: '2025-03-01T10:00:00Z',
    volume_id: 1,
    path: '/library/videos',
    filename: 'Some.Studio.Scene.Title.180_sbs.mp4',
    size: 1_234_567_890,
    oshash: '',
    created_time: '2025-03-01T10:00:00Z',
    updated_time: '2025-03-01T10:00:00Z',
    type: 'video',
    scene_id: 0,
    video_width: 5760,
    video_height: 2880,
    video_bitrate: 28_000_000,
    video_avgfps_val: 60,
    video_codec_name: 'hevc',
    duration: 1830,
    projection: '180_sbs',
    has_alpha: false,
    has_heatmap: false,
    is_selected_script: false,
    is_exported: false,
    refresh_heatmap_cache: false,
    ...overrides,
  };
}

/** A search result scene with the keys the match dialog reads. */
export function sceneResult(overrides: Partial<Scene> = {}): Scene {
  const scene: Partial<Scene> = {
    id: 1,
    scene_id: 'studio-1',
    title: 'A scene',
    site: 'Studio',
    cover_url: '',
    release_date: '2024-05-06T00:00:00Z',
    release_date_text: '2024-05-06',
    duration: 30,
    is_hidden: false,
    is_scripted: false,
    cast: [],
    file: [],
    tags: [],
    cuepoints: [],
    history: [],
    last_opened: NO_TIME,
    _score: 1,
    ...overrides,
  };
  return scene as Scene;
}

/** POST /api/files/page answering the given files, paged as asked. */
export function filesPageHandler(files: File[], calls: FilePageRequest[] = []): MockHandler {
  return ({ body }) => {
    const request = body as FilePageRequest;
    calls.push(request);
    const answer: FilePageResponse = {
      files: files.slice(request.offset, request.offset + request.limit),
      total: files.length,
    };
    return { body: answer };
  };
}
