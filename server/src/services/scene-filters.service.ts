import {
  codecAttribute,
  frameRateAttribute,
  resolutionAttribute,
  SCENE_ATTRIBUTES,
  type SceneFiltersQuery,
  type SceneFiltersResponse,
  type Volume,
} from '@fovea/contract';
import { sql } from 'kysely';
import { flag, toWireTime } from '../mappers/wire-time';
import type { Condition } from '../repositories/scene-list/attribute-conditions';
import type {
  SceneFiltersRepository,
  VolumeSummaryRow,
} from '../repositories/scene-list/scene-filters.repository';

function toVolume(row: VolumeSummaryRow): Volume {
  return {
    id: row.id,
    type: row.type,
    path: row.path,
    metadata: '',
    last_scan: toWireTime(row.last_scan),
    is_available: flag(row.is_available),
    file_count: Number(row.file_count),
    unmatched_count: Number(row.unmatched_count),
    total_size: Number(row.total_size),
  };
}

/** GET /api/scene/filters: every choice of the scene-list sidebar. */
export class SceneFiltersService {
  constructor(private readonly repo: SceneFiltersRepository) {}

  async filters(query: SceneFiltersQuery): Promise<SceneFiltersResponse> {
    const scenes: Condition[] = [];
    if (query.is_available !== undefined) scenes.push(sql`s.is_available = ${query.is_available ? 1 : 0}`);
    if (query.is_accessible !== undefined) scenes.push(sql`s.is_accessible = ${query.is_accessible ? 1 : 0}`);
    const [cast, tags, sites, months, volumes, classes, cuepoints] = await Promise.all([
      this.repo.castNames(scenes),
      this.repo.tagNames(scenes),
      this.repo.siteNames(scenes),
      this.repo.releaseMonths(scenes),
      this.repo.volumes(),
      this.repo.videoClasses(),
      this.repo.cuepointNames(),
    ]);
    return {
      cast,
      tags,
      sites,
      release_month: months,
      volumes: volumes.map(toVolume),
      attributes: [
        ...SCENE_ATTRIBUTES,
        ...classes.resolutions.map(resolutionAttribute),
        ...classes.frameRates.map(frameRateAttribute),
        ...classes.codecs.map(codecAttribute),
      ],
      cuepoints,
    };
  }
}
