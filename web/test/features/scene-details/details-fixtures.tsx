import { DEFAULT_OPTIONS } from '@fovea/contract';
import type {
  AlternateSourceItem,
  CastActor,
  Cuepoint,
  File,
  History,
  OptionsStateResponse,
  Scene,
  Tag,
} from '@fovea/contract';
import { useSceneDetails } from '../../../src/features/scene-details/scene-details-context';
import type { OpenSceneOptions } from '../../../src/features/scene-details/scene-details-context';
import { mockApi, optionsState } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';

const NO_TIME = '0001-01-01T00:00:00Z';

export function detailsActor(id: number, name: string, overrides: Partial<CastActor> = {}): CastActor {
  return {
    id,
    created_at: NO_TIME,
    updated_at: NO_TIME,
    name,
    count: 5,
    avail_count: 3,
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
    ...overrides,
  };
}

export const detailsTag = (id: number, name: string, count = 1): Tag => ({
  id,
  scenes: null,
  name,
  clean: name,
  count,
});

export function detailsFile(overrides: Partial<File> = {}): File {
  return {
    id: 1,
    created_at: '2025-03-01T10:00:00Z',
    updated_at: '2025-03-01T10:00:00Z',
    volume_id: 1,
    path: '/library/videos',
    filename: 'Studio.Sunny.Day.180_sbs.mp4',
    size: 1_234_567_890,
    oshash: '',
    created_time: '2025-03-01T10:00:00Z',
    updated_time: '2025-03-01T10:00:00Z',
    type: 'video',
    scene_id: 42,
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

export const session = (id: number, time_start: string, duration: number): History => ({
  id,
  scene_id: 42,
  time_start,
  time_end: time_start,
  duration,
});

export const cuepointAt = (id: number, time_start: number): Cuepoint => ({
  id,
  track: null,
  name: 'standing',
  time_start,
  rating: 0,
});

/** A whole scene as GET /api/scene/{id} answers it. */
export function detailsScene(overrides: Partial<Scene> = {}): Scene {
  const id = overrides.id ?? 42;
  return {
    id,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    scene_id: `studio-${id}`,
    title: `Sunny day ${id}`,
    scene_type: 'VR',
    scraper_id: 'studio',
    studio: 'Studio',
    site: 'Studio VR',
    filenames_arr: '[]',
    images: JSON.stringify([
      { url: 'https://cdn.example/cover.jpg', type: 'cover', orientation: 'landscape' },
      { url: 'https://cdn.example/gallery-1.jpg', type: 'gallery', orientation: '' },
      { url: 'https://cdn.example/gallery-2.jpg', type: 'gallery', orientation: '' },
    ]),
    duration: 42,
    synopsis: 'A sunny day by the lake.',
    release_date: '2024-05-06T00:00:00Z',
    release_date_text: '2024-05-06',
    cover_url: 'https://cdn.example/cover.jpg',
    scene_url: 'https://studio.example/scene/42',
    members_url: '',
    is_multipart: false,
    star_rating: 3.5,
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
    tags: [detailsTag(1, 'outdoor', 12), detailsTag(2, 'blonde', 40)],
    cast: [detailsActor(7, 'Alice Example', { birth_date: '1995-08-01T00:00:00Z' })],
    file: [],
    cuepoints: [],
    history: [],
    ...overrides,
  };
}

export function alternateSource(
  overrides: Partial<AlternateSourceItem> = {},
  scene: object = {},
): AlternateSourceItem {
  return {
    url: 'https://alt.example/scene/9',
    site_icon: 'https://alt.example/icon.png',
    external_source: 'alternate scene altvr',
    external_id: 'altvr-9',
    external_data: JSON.stringify({
      master_site_id: 'studio',
      MatchAchieved: 10000,
      query: 'sunny lake',
      scene: {
        title: 'Sunny day (alternate cut)',
        site: 'Alt VR',
        synopsis: 'The alternate description.',
        cast: null,
        images: 'null',
        cover_url: 'https://alt.example/cover.jpg',
        ...scene,
      },
    }),
    ...overrides,
  };
}

export function detailsOptions(
  web: Partial<OptionsStateResponse['config']['web']> = {},
  advanced: Partial<OptionsStateResponse['config']['advanced']> = {},
): OptionsStateResponse {
  return optionsState({
    web: { ...DEFAULT_OPTIONS.web, ...web },
    advanced: { ...DEFAULT_OPTIONS.advanced, ...advanced },
  });
}

interface ServerSetup {
  scenes: Scene[];
  options?: OptionsStateResponse;
  alternates?: Record<number, AlternateSourceItem[] | 'fail'>;
  extra?: Record<string, MockResponse | MockHandler>;
}

/** A fake server for the details: the scenes by numeric id, their alternate sources, and the calls they make. */
export function detailsServer({
  scenes,
  options = detailsOptions(),
  alternates = {},
  extra = {},
}: ServerSetup) {
  const current = new Map(scenes.map((scene) => [scene.id, scene]));
  const routes: Record<string, MockResponse | MockHandler> = {
    'GET /api/options/state': { body: options },
    'POST /api/scene/toggle': { body: null },
    ...extra,
  };
  for (const scene of scenes) {
    routes[`GET /api/scene/${scene.id}`] = () => ({ body: current.get(scene.id) });
    const alt = alternates[scene.id];
    routes[`GET /api/scene/alternate_source/${scene.id}`] =
      alt === 'fail'
        ? { status: 500, body: { error: 'Internal Server Error', message: 'boom' } }
        : { body: alt ?? null };
    routes[`POST /api/scene/rate/${scene.id}`] = ({ body }) => {
      const rated = { ...(current.get(scene.id) ?? scene), star_rating: (body as { rating: number }).rating };
      current.set(scene.id, rated);
      return { body: rated };
    };
  }
  const requests = mockApi({ ...routes, ...extra });
  return { requests, set: (scene: Scene) => current.set(scene.id, scene) };
}

/** Buttons that open scenes through the app's scene details, as the list and Quick find do. */
export function Opener({ sceneId, options }: { sceneId: number; options?: OpenSceneOptions }) {
  const details = useSceneDetails();
  return (
    <div>
      <button type="button" onClick={() => details.open(sceneId, options)}>
        open scene
      </button>
      <button type="button" onClick={() => details.openEdit(sceneId)}>
        edit scene
      </button>
      <span data-testid="current-id">{String(details.currentId)}</span>
    </div>
  );
}
