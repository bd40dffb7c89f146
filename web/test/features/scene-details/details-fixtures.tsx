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
import {
  baseCastActor,
  baseCuepoint,
  baseHistory,
  baseScene,
  baseTag,
  probedVideoFile,
} from '../../fixtures/contract-fixtures';
import { mockApi, optionsState } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';

export function detailsActor(id: number, name: string, overrides: Partial<CastActor> = {}): CastActor {
  return baseCastActor({ id, name, count: 5, avail_count: 3, ...overrides });
}

export const detailsTag = (id: number, name: string, count = 1): Tag => baseTag({ id, name, count });

export function detailsFile(overrides: Partial<File> = {}): File {
  return probedVideoFile({ filename: 'Studio.Sunny.Day.180_sbs.mp4', scene_id: 42, ...overrides });
}

export const session = (id: number, time_start: string, duration: number): History =>
  baseHistory({ id, scene_id: 42, time_start, duration });

export const cuepointAt = (id: number, time_start: number): Cuepoint => baseCuepoint({ id, time_start });

/** A whole scene as GET /api/scene/{id} answers it. */
export function detailsScene(overrides: Partial<Scene> = {}): Scene {
  const id = overrides.id ?? 42;
  return baseScene({
    id,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    title: `Sunny day ${id}`,
    images: JSON.stringify([
      { url: 'https://cdn.example/cover.jpg', type: 'cover', orientation: 'landscape' },
      { url: 'https://cdn.example/gallery-1.jpg', type: 'gallery', orientation: '' },
      { url: 'https://cdn.example/gallery-2.jpg', type: 'gallery', orientation: '' },
    ]),
    synopsis: 'A sunny day by the lake.',
    cover_url: 'https://cdn.example/cover.jpg',
    scene_url: 'https://studio.example/scene/42',
    star_rating: 3.5,
    tags: [detailsTag(1, 'outdoor', 12), detailsTag(2, 'blonde', 40)],
    cast: [detailsActor(7, 'Alice Example', { birth_date: '1995-08-01T00:00:00Z' })],
    ...overrides,
  });
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
