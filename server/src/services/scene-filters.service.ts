import {
  codecAttribute,
  frameRateAttribute,
  resolutionAttribute,
  SCENE_ATTRIBUTES,
  type SceneFiltersQuery,
  type SceneFiltersResponse,
  type Volume,
} from '@fovea/contract';
import { flag, toWireTime } from '../mappers/wire-time';
import type {
  SceneFiltersRepository,
  SceneNarrowing,
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
    const scenes: SceneNarrowing = {
      ...(query.is_available === undefined ? {} : { available: query.is_available }),
      ...(query.is_accessible === undefined ? {} : { accessible: query.is_accessible }),
    };
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
