import type { JavrScraper, Scene } from '@fovea/contract';

/** The tag each JAV source gives its scenes (scraper-sites §6), and the source. */
const SOURCE_TAGS: readonly (readonly [string, JavrScraper])[] = [
  ['r18.dev', 'r18d'],
  ['javdatabase', 'javdatabase'],
  ['javlibrary', 'javlibrary'],
  ['jav.land', 'javland'],
];

/** An id the JAV import takes (a DVD id such as VRKM-821, or a content id). */
const JAV_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The source a JAV scene is imported again from, or null for scenes that are not JAV imports. JAV scenes have
 * no scraper; they carry the `javr` tag (or a DMM page) and the tag of their source; without one, r18.dev (the
 * source the reference rescrapes from).
 */
export function javRescrapeSource(
  scene: Pick<Scene, 'scraper_id' | 'scene_url' | 'scene_id'> & { tags: readonly { name: string }[] },
): JavrScraper | null {
  if (scene.scraper_id !== '' || !JAV_ID.test(scene.scene_id)) return null;
  const tags = new Set(scene.tags.map((tag) => tag.name.toLowerCase()));
  if (!tags.has('javr') && !/^https?:\/\/(www\.)?dmm\.co\.jp\//i.test(scene.scene_url.trim())) return null;
  return SOURCE_TAGS.find(([tag]) => tags.has(tag))?.[1] ?? 'r18d';
}
