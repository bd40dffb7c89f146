import {
  EXTERNAL_SOURCE_STASHDB_SCENE,
  STASHDB_SITE_ICON,
  type AlternateSourceItem,
  type AlternateSourceList,
} from '@fovea/contract';
import type { AlternateSourceRow, ExtrefRepository } from '../repositories/extref.repository';
import type { SceneReader } from './scene-reader.service';

function toAlternateSource(row: AlternateSourceRow): AlternateSourceItem {
  return {
    url: row.external_url,
    site_icon:
      row.external_source === EXTERNAL_SOURCE_STASHDB_SCENE ? STASHDB_SITE_ICON : (row.site_avatar_url ?? ''),
    external_source: row.external_source,
    external_id: row.external_id,
    external_data: row.external_data,
  };
}

/** The alternate sources of a scene (alternate-site scenes and StashDB scenes linked to it). */
export class AlternateSourceService {
  constructor(
    private readonly extrefs: ExtrefRepository,
    private readonly scenes: SceneReader,
  ) {}

  /**
   * The live alternate sources of the scene named by `lookup` (a scene_id when it contains "-", else the
   * numeric id). null when there are none, as the wire has it, and also for an unknown scene: the UI counts
   * a failed lookup as zero sources, so an unknown scene is simply one without sources.
   */
  async list(lookup: string): Promise<AlternateSourceList> {
    const sceneId = await this.scenes.resolveId(lookup);
    if (sceneId === null) return null;
    const rows = await this.extrefs.alternateSources(sceneId);
    return rows.length > 0 ? rows.map(toAlternateSource) : null;
  }
}
