import { EXTERNAL_SOURCE_ALTERNATE_PREFIX, parseJsonText } from '@fovea/contract';
import type { ScrapedScene } from '../scrapers/scraped-scene';
import type { AlternateFacts } from './match-score';

/**
 * How a scene scraped from an alternate site is kept (xbvr-facts §7.5): not as a scene but as an
 * `external_references` row of source "alternate scene <siteId>", keyed by the scene id, with the page URL,
 * the release date, the scripts flags, and as external_data `{master_site_id, MatchAchieved, query, scene}`
 * where `scene` is a scene-like object the details overlay shows (cast reduced to id and name; the actors are
 * not created, so their ids are 0). Pure.
 */

export const alternateSource = (siteId: string): string => `${EXTERNAL_SOURCE_ALTERNATE_PREFIX}${siteId}`;

/** The site id of an "alternate scene <siteId>" source, or null for any other source. */
export function alternateSiteId(source: string): string | null {
  return source.startsWith(EXTERNAL_SOURCE_ALTERNATE_PREFIX)
    ? source.slice(EXTERNAL_SOURCE_ALTERNATE_PREFIX.length)
    : null;
}

export interface AlternateRecord {
  external_source: string;
  external_id: string;
  external_url: string;
  external_date: string | null;
  external_data: string;
  udf_bool1: 0 | 1;
  udf_bool2: 0 | 1;
}

/** The scene-like object stored in external_data.scene. */
export interface AlternateSceneJson {
  scene_id: string;
  scraper_id: string;
  scene_type: string;
  title: string;
  studio: string;
  site: string;
  scene_url: string;
  members_url: string;
  release_date: string;
  release_date_text: string;
  duration: number;
  synopsis: string;
  cover_url: string;
  images: string;
  cast: { id: number; name: string }[];
  tags: { name: string }[];
  filenames_arr: string;
  human_script: boolean;
  ai_script: boolean;
  has_script_download: boolean;
}

interface StoredData {
  master_site_id: string;
  MatchAchieved: number;
  query: string;
  scene: AlternateSceneJson;
}

const dayTime = (day: string): string => (day === '' ? '' : `${day}T00:00:00Z`);

function sceneJson(scene: ScrapedScene): AlternateSceneJson {
  const images = [
    ...scene.covers.slice(0, 1).map((url) => ({ url, type: 'cover', orientation: '' })),
    ...scene.gallery.map((url) => ({ url, type: 'gallery', orientation: '' })),
  ];
  return {
    scene_id: scene.sceneId,
    scraper_id: scene.scraperId,
    scene_type: scene.sceneType,
    title: scene.title,
    studio: scene.studio,
    site: scene.site,
    scene_url: scene.homepageUrl,
    members_url: scene.membersUrl,
    release_date: dayTime(scene.released),
    release_date_text: scene.released,
    duration: scene.duration,
    synopsis: scene.synopsis,
    cover_url: scene.covers[0] ?? '',
    images: JSON.stringify(images),
    cast: scene.cast.map((name) => ({ id: 0, name })),
    tags: scene.tags.map((name) => ({ name })),
    filenames_arr: JSON.stringify(scene.filenames),
    human_script: scene.humanScript,
    ai_script: scene.aiScript,
    has_script_download: scene.hasScriptDownload,
  };
}

/** The link state kept from a stored record when its scene is scraped again. */
function keptState(stored: string | undefined): { MatchAchieved: number; query: string } {
  const parsed = stored === undefined ? null : parseJsonText(stored);
  if (typeof parsed !== 'object' || parsed === null) return { MatchAchieved: -1, query: '' };
  const { MatchAchieved, query } = parsed as Partial<StoredData>;
  return {
    MatchAchieved: typeof MatchAchieved === 'number' ? MatchAchieved : -1,
    query: typeof query === 'string' ? query : '',
  };
}

/** The reference row of a scraped alternate scene; `storedData` keeps the link state of an earlier scrape. */
export function alternateRecord(scene: ScrapedScene, storedData?: string): AlternateRecord {
  const data: StoredData = {
    master_site_id: scene.masterSiteId,
    ...keptState(storedData),
    scene: sceneJson(scene),
  };
  return {
    external_source: alternateSource(scene.scraperId),
    external_id: scene.sceneId,
    external_url: scene.homepageUrl,
    external_date: scene.released === '' ? null : dayTime(scene.released),
    external_data: JSON.stringify(data),
    udf_bool1: scene.humanScript ? 1 : 0,
    udf_bool2: scene.aiScript ? 1 : 0,
  };
}

/** What the linker reads of a stored record: its scene facts and master site ('' when unreadable). */
export function alternateFacts(externalData: string): { masterSiteId: string; facts: AlternateFacts } {
  const parsed = parseJsonText(externalData);
  const data = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<StoredData>;
  const scene = (typeof data.scene === 'object' && data.scene !== null ? data.scene : {}) as Partial<
    Record<keyof AlternateSceneJson, unknown>
  >;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const released = text(scene.release_date_text) || text(scene.release_date).slice(0, 10);
  return {
    masterSiteId: text(data.master_site_id),
    facts: {
      title: text(scene.title),
      cast: Array.isArray(scene.cast)
        ? scene.cast.flatMap((actor: unknown) =>
            typeof actor === 'object' && actor !== null ? [text((actor as { name?: unknown }).name)] : [],
          )
        : [],
      released: /^\d{4}-\d{2}-\d{2}$/.test(released) ? released : '',
      duration: typeof scene.duration === 'number' ? scene.duration : 0,
      synopsis: text(scene.synopsis),
    },
  };
}

/** external_data with the query and match figure of a linking attempt written in. */
export function withLinkState(externalData: string, query: string, matchAchieved: number): string {
  const parsed = parseJsonText(externalData);
  const data = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return JSON.stringify({ ...data, MatchAchieved: matchAchieved, query });
}
