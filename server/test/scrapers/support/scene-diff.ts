import { isDeepStrictEqual } from 'node:util';
import { emptyScrapedScene, type ScrapedScene } from '../../../src/scrapers/scraped-scene';

/**
 * The differences between the scenes a scrape produced and the expected ones, matched by sceneId, one
 * readable line per difference (an empty list when they agree): missing and unexpected scenes, and every
 * field that differs, with both values.
 */

const FIELDS = Object.keys(emptyScrapedScene('')) as (keyof ScrapedScene)[];

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function bySceneId(
  scenes: readonly ScrapedScene[],
  label: string,
  lines: string[],
): Map<string, ScrapedScene> {
  const map = new Map<string, ScrapedScene>();
  for (const scene of scenes) {
    if (map.has(scene.sceneId)) lines.push(`${label}: scene ${scene.sceneId} appears more than once`);
    map.set(scene.sceneId, scene);
  }
  return map;
}

export function sceneDiff(actual: readonly ScrapedScene[], expected: readonly ScrapedScene[]): string[] {
  const lines: string[] = [];
  const got = bySceneId(actual, 'scraped', lines);
  const want = bySceneId(expected, 'expected', lines);
  for (const [sceneId, expectedScene] of want) {
    const scene = got.get(sceneId);
    if (!scene) {
      lines.push(`missing scene ${sceneId} (${expectedScene.homepageUrl})`);
      continue;
    }
    const keys = new Set([...FIELDS, ...(Object.keys(expectedScene) as (keyof ScrapedScene)[])]);
    for (const field of keys) {
      if (!isDeepStrictEqual(scene[field], expectedScene[field])) {
        lines.push(
          `${sceneId}.${field}: expected ${show(expectedScene[field])}, scraped ${show(scene[field])}`,
        );
      }
    }
  }
  for (const [sceneId, scene] of got) {
    if (!want.has(sceneId)) lines.push(`unexpected scene ${sceneId} (${scene.homepageUrl})`);
  }
  return lines;
}
