import type { CastActor, Cuepoint, Scene, Tag } from '@fovea/contract';

const NO_TIME = '0001-01-01T00:00:00Z';

export function castActor(id: number, name: string): CastActor {
  return {
    id,
    created_at: NO_TIME,
    updated_at: NO_TIME,
    name,
    count: 1,
    avail_count: 1,
    image_url: '',
    image_arr: '[]',
    star_rating: 0,
    favourite: false,
    watchlist: false,
    needs_update: false,
    birth_date: NO_TIME,
    nationality: '',
    ethnicity: '',
    eye_color: '',
    hair_color: '',
    height: 0,
    weight: 0,
    cup_size: '',
    band_size: 0,
    waist_size: 0,
    hip_size: 0,
    breast_type: '',
    start_year: 0,
    end_year: 0,
    tattoos: '[]',
    piercings: '[]',
    biography: '',
    aliases: '[]',
    gender: '',
    urls: '[]',
    scene_rating_average: '',
    scenes: null,
    aka_groups: null,
  };
}

export function tag(id: number, name: string): Tag {
  return { id, scenes: null, name, clean: name, count: 1 };
}

export function cuepoint(overrides: Partial<Cuepoint> & Pick<Cuepoint, 'id'>): Cuepoint {
  return { track: null, name: 'standing-blowjob', time_start: 0, rating: 0, ...overrides };
}

/** A whole scene as GET /api/scene/{id} answers it. */
export function fullScene(overrides: Partial<Scene> = {}): Scene {
  return {
    id: 42,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    scene_id: 'studio-42',
    title: 'Sunny day',
    scene_type: 'VR',
    scraper_id: 'studio',
    studio: 'Studio',
    site: 'Studio VR',
    filenames_arr: '["Studio.Sunny.Day.8K.mp4"]',
    images: JSON.stringify([
      { url: 'https://cdn.example/cover-a.jpg', type: 'cover', orientation: 'landscape' },
      { url: 'https://cdn.example/gallery-1.jpg', type: 'gallery', orientation: '' },
    ]),
    duration: 42,
    synopsis: 'A sunny day.',
    release_date: '2024-05-06T00:00:00Z',
    release_date_text: '2024-05-06',
    cover_url: 'https://cdn.example/cover-a.jpg',
    scene_url: 'https://studio.example/scene/42',
    members_url: 'https://members.studio.example/42',
    is_multipart: false,
    star_rating: 0,
    favourite: false,
    watchlist: false,
    wishlist: false,
    is_available: true,
    is_accessible: true,
    is_watched: false,
    is_scripted: false,
    added_date: NO_TIME,
    last_opened: NO_TIME,
    total_file_size: 0,
    total_watch_time: 0,
    has_preview: false,
    needs_update: false,
    edits_applied: false,
    trailer_type: '',
    trailer_source: '',
    passthrough: '',
    trailerlist: false,
    is_subscribed: false,
    is_hidden: false,
    legacy_scene_id: '',
    script_published: NO_TIME,
    ai_script: false,
    human_script: false,
    description: '',
    _score: 0,
    alternate_source: null,
    tags: [tag(1, 'outdoor')],
    cast: [castActor(7, 'Alice Example')],
    file: [],
    cuepoints: [],
    history: [],
    ...overrides,
  };
}
