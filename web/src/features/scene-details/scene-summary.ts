import { AKA_PREFIX, AlternateSceneData, SceneImage, ZERO_TIME } from '@fovea/contract';
import type { AlternateSourceItem, WebOptions } from '@fovea/contract';

/** A cast member as the details show it; alternate-source scenes may only carry id and name. */
export interface CastEntry {
  id: number;
  name: string;
  birth_date?: string;
  image_url?: string;
  count?: number;
  avail_count?: number;
}

export interface TagEntry {
  name: string;
  count?: number;
}

/** What the details show of a scene: a real scene, or the read-only copy an alternate source carries. */
export interface SceneSummary {
  scene_id: string;
  title: string;
  site: string;
  scene_url: string;
  members_url: string;
  release_date: string;
  duration: number;
  synopsis: string;
  images: string;
  cover_url: string;
  cast: readonly CastEntry[];
  tags: readonly TagEntry[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const whole = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function castOf(value: unknown): CastEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((actor) => ({
    id: whole(actor.id),
    name: text(actor.name),
    birth_date: text(actor.birth_date) || undefined,
    image_url: text(actor.image_url) || undefined,
  }));
}

function tagsOf(value: unknown): TagEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((tag) => ({ name: text(tag.name) }));
}

/** The scene an alternate source carries (a loose scene-like object), with safe defaults. */
export function alternateSceneSummary(data: AlternateSceneData): SceneSummary {
  const scene: Record<string, unknown> = data.scene;
  return {
    scene_id: text(scene.scene_id),
    title: text(scene.title),
    site: text(scene.site),
    scene_url: text(scene.scene_url),
    members_url: text(scene.members_url),
    release_date: text(scene.release_date),
    duration: whole(scene.duration),
    synopsis: text(scene.synopsis),
    images: text(scene.images),
    cover_url: text(scene.cover_url),
    cast: castOf(scene.cast),
    tags: tagsOf(scene.tags),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The scene's page to link to, or '' for none: custom scenes have no page (older ones, and those the reference
 * made, carry the made-up "http://localhost/<scene_id>", which is not shown as a link either).
 */
export function scenePageUrl(scene: Pick<SceneSummary, 'scene_url' | 'scene_id'>): string {
  const url = scene.scene_url.trim();
  return url === `http://localhost/${scene.scene_id}` ? '' : url;
}

/** The parsed external data of an alternate source; a source whose data does not parse shows as untitled. */
export function alternateSceneData(source: AlternateSourceItem): AlternateSceneData {
  const parsed = AlternateSceneData.safeParse(parseJson(source.external_data));
  if (parsed.success) return parsed.data;
  return { master_site_id: '', MatchAchieved: 0, query: '', scene: { title: '', cast: [] } };
}

/** The title of a StashDB link: the StashDB scene's own title from its external data ('' when absent). */
export function stashdbSourceTitle(source: AlternateSourceItem): string {
  const parsed = parseJson(source.external_data);
  if (typeof parsed !== 'object' || parsed === null) return '';
  const title = (parsed as Record<string, unknown>).title;
  return typeof title === 'string' ? title : '';
}

/**
 * The pictures of the gallery: the `images` JSON text (cover and gallery entries, in order), skipping entries
 * without a URL; "null", invalid JSON or an empty list fall back to the cover URL alone.
 */
export function galleryImages(scene: Pick<SceneSummary, 'images' | 'cover_url'>): SceneImage[] {
  const parsed = parseJson(scene.images);
  const images = Array.isArray(parsed)
    ? parsed.flatMap((entry) => {
        const image = SceneImage.safeParse(entry);
        return image.success && image.data.url !== '' ? [image.data] : [];
      })
    : [];
  if (images.length > 0) return images;
  return scene.cover_url === '' ? [] : [{ url: scene.cover_url, type: 'cover' }];
}

function parseDate(iso: string | undefined): Date | null {
  if (iso === undefined || iso === '' || iso.startsWith(ZERO_TIME.slice(0, 10))) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An actor's age on the release date, or null when either date is unknown. */
export function ageAtRelease(birthDate: string | undefined, releaseDate: string): number | null {
  const birth = parseDate(birthDate);
  const release = parseDate(releaseDate);
  if (birth === null || release === null) return null;
  let age = release.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    release.getUTCMonth() < birth.getUTCMonth() ||
    (release.getUTCMonth() === birth.getUTCMonth() && release.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** The release date as yyyy-mm-dd (UTC, as the server stores it), or '' when unknown. */
export function releaseDay(iso: string): string {
  const date = parseDate(iso);
  return date === null ? '' : date.toISOString().slice(0, 10);
}

/** Whether a cast entry is an aka group (shown as a chip but without a picture). */
export const isAkaGroup = (actor: CastEntry): boolean => actor.name.startsWith(AKA_PREFIX);

/** The tags in the order the web option asks: by count as the server sends them, or alphabetically. */
export function sortedTags<T extends TagEntry>(
  tags: readonly T[],
  order: WebOptions['tagSort'],
): readonly T[] {
  return order === 'alphabetically' ? [...tags].sort((a, b) => a.name.localeCompare(b.name)) : tags;
}
