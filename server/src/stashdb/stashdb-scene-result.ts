import type { StashdbSceneResult } from '@fovea/contract';
import type { StashScene } from './stashdb.schemas';

/** A direct lookup in a search: 10000, above any ranked weight. */
export const DIRECT_LOOKUP_WEIGHT = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCENE_URL =
  /^https?:\/\/[^/\s]+(?:\/[^\s]*)?\/scenes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The StashDB scene id a search text names by itself (a UUID or a …/scenes/<uuid> URL), or null. */
export function directLookupId(text: string): string | null {
  const value = text.trim();
  if (UUID.test(value)) return value.toLowerCase();
  return SCENE_URL.exec(value)?.[1]?.toLowerCase() ?? null;
}

export const stashSceneUrl = (siteRoot: string, id: string): string => `${siteRoot}/scenes/${id}`;
export const stashPerformerUrl = (siteRoot: string, id: string): string => `${siteRoot}/performers/${id}`;

/** "hh:mm:ss" of a duration in seconds; '' when unknown or zero. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '';
  const total = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The release date of a StashDB scene as "YYYY-MM-DD" (release_date, else the older `date`), or ''. */
export function stashReleaseDate(scene: Pick<StashScene, 'release_date' | 'date'>): string {
  for (const value of [scene.release_date, scene.date]) {
    const day = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0];
    if (day) return day;
  }
  return '';
}

/** One search result as the wire carries it (PascalCase keys). */
export function toSceneResult(scene: StashScene, weight: number, siteRoot: string): StashdbSceneResult {
  return {
    Url: stashSceneUrl(siteRoot, scene.id),
    ImageUrl: scene.images?.[0]?.url ?? '',
    Performers: (scene.performers ?? []).map(({ performer }) => ({
      Name: performer.name,
      Url: stashPerformerUrl(siteRoot, performer.id),
    })),
    Title: scene.title ?? '',
    Studio: scene.studio?.name ?? '',
    Duration: formatDuration(scene.duration),
    Description: scene.details ?? '',
    Weight: Math.round(weight),
    Date: stashReleaseDate(scene),
    Id: scene.id,
  };
}
