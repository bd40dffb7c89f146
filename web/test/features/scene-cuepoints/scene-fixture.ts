import type { Cuepoint, Scene } from '@fovea/contract';
import { baseCuepoint, baseScene, castActor, tag } from '../../fixtures/contract-fixtures';

export { castActor, tag } from '../../fixtures/contract-fixtures';

export function cuepoint(overrides: Partial<Cuepoint> & Pick<Cuepoint, 'id'>): Cuepoint {
  return baseCuepoint({ name: 'standing-blowjob', ...overrides });
}

/** A whole scene as GET /api/scene/{id} answers it. */
export function fullScene(overrides: Partial<Scene> = {}): Scene {
  return baseScene({
    id: 42,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    scene_id: 'studio-42',
    title: 'Sunny day',
    filenames_arr: '["Studio.Sunny.Day.8K.mp4"]',
    images: JSON.stringify([
      { url: 'https://cdn.example/cover-a.jpg', type: 'cover', orientation: 'landscape' },
      { url: 'https://cdn.example/gallery-1.jpg', type: 'gallery', orientation: '' },
    ]),
    synopsis: 'A sunny day.',
    cover_url: 'https://cdn.example/cover-a.jpg',
    scene_url: 'https://studio.example/scene/42',
    members_url: 'https://members.studio.example/42',
    tags: [tag(1, 'outdoor')],
    cast: [castActor(7, 'Alice Example')],
    ...overrides,
  });
}
