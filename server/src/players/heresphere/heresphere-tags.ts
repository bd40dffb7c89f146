import type { File, HeresphereTag, Scene } from '@fovea/contract';
import { fovFeature } from './heresphere-projection';

/** The tag groups and aka groups a scene belongs to through its tags and cast. */
export interface SceneGroups {
  tagGroups: readonly string[];
  akaGroups: readonly string[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** YYYY-MM-DD of a date or timestamp text; undefined when unknown (empty, or the zero time of year 1). */
export function dayOf(value: string | null | undefined): string | undefined {
  const match = value ? DATE.exec(value) : null;
  if (!match || match[1] === '0001') return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** "aka:A,B" → "aka:A/B" (xbvr shows aka groups with slashes). */
const akaName = (name: string) => name.replace(/,\s*/g, '/');

function features(scene: Scene, videos: readonly File[], alpha: boolean): string[] {
  const result: string[] = [];
  const first = videos[0];
  if (first && first.video_width > 0) {
    const k = Math.floor((first.video_width * (first.projection.endsWith('_tb') ? 2 : 1) + 500) / 1000);
    result.push(`Resolution: ${k}K`);
  }
  if (first && first.video_avgfps_val > 0)
    result.push(`Frame Rate: ${Math.round(first.video_avgfps_val)}fps`);
  if (videos.length > 1) result.push('Multiple video files');
  if (scene.cuepoints.length > 0) result.push('Has cuepoints');
  if (scene.is_hidden) result.push('Hidden');
  const cast = scene.cast.filter((actor) => !actor.name.startsWith('aka:'));
  for (const cup of new Set(cast.map((actor) => actor.cup_size.trim().toUpperCase()).filter(Boolean))) {
    result.push(`Actor Cup Size ${cup}`);
  }
  if (cast.length > 0) result.push(`Cast: ${cast.length > 5 ? '6+' : cast.length}`);
  if (scene.is_scripted) result.push('Is scripted');
  if (scene.human_script) result.push('Hand Crafted Funscript');
  if (scene.ai_script) result.push('AI Generated Funscript');
  if (scene.file.some((file) => file.type === 'subtitles')) result.push('Has subtitles');
  if (scene.file.some((file) => file.type === 'hsp')) result.push('Has HSP file');
  if (first?.projection === 'flat') result.push('Flat video');
  else if (first) {
    const fov = fovFeature(first.projection);
    if (fov) result.push(fov);
  }
  if (scene.watchlist) result.push('Watchlist');
  if (scene.trailerlist) result.push('Trailer List');
  const released = dayOf(scene.release_date_text) ?? dayOf(scene.release_date);
  if (released) result.push(`Month: ${released.slice(0, 7)}`, `Year: ${released.slice(0, 4)}`);
  if (alpha) result.push('Is Alpha Passthrough');
  return result;
}

/**
 * The plain tags of a scene (xbvr-facts §3.11): Studio:, Talent: (aka groups as "aka:A/B"), Category: (tag
 * groups as "Tag Group:"), and the generated Feature: facets. Cuepoints are added by `cuepointTags`.
 */
export function sceneTags(
  scene: Scene,
  videos: readonly File[],
  groups: SceneGroups,
  alpha: boolean,
): HeresphereTag[] {
  const names: string[] = [];
  const studio = scene.site || scene.studio;
  if (studio) names.push(`Studio:${studio}`);
  for (const actor of scene.cast) {
    names.push(`Talent:${actor.name.startsWith('aka:') ? akaName(actor.name) : actor.name}`);
  }
  for (const aka of groups.akaGroups) names.push(`Talent:${akaName(aka)}`);
  for (const tag of scene.tags) {
    if (tag.name.startsWith('tag group:')) names.push(`Tag Group:${tag.name.slice('tag group:'.length)}`);
    else names.push(`Category:${tag.name}`);
  }
  for (const group of groups.tagGroups) names.push(`Tag Group:${group}`);
  for (const feature of features(scene, videos, alpha)) names.push(`Feature:${feature}`);
  return [...new Set(names)].map((name) => ({ name }));
}
