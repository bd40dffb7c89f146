import { SiteMatchParams, parseJsonText, type SaveMatchParamsBody } from '@fovea/contract';
import { BadRequestError, NotFoundError } from '../http/http-errors';
import type { AlternateSiteRow, AlternateSourceRepository } from './alternate-source.repository';

/** A site's stored match parameters with the defaults filled; stored JSON that no longer parses: the defaults. */
export function parseMatchParams(json: string): SiteMatchParams {
  const parsed = SiteMatchParams.safeParse(json.trim() === '' ? {} : (parseJsonText(json) ?? {}));
  return parsed.success ? parsed.data : SiteMatchParams.parse({});
}

/**
 * GET /api/options/site/match_params/{site} and POST /api/options/site/save_match_params: the per-site match
 * parameters of an alternate site, kept as JSON in `sites.matching_params`. Only alternate sites have them.
 */
export class MatchParamsService {
  constructor(private readonly repo: AlternateSourceRepository) {}

  async get(siteId: string): Promise<SiteMatchParams> {
    return parseMatchParams((await this.alternateSite(siteId)).matching_params);
  }

  async save(body: SaveMatchParamsBody): Promise<void> {
    await this.alternateSite(body.site);
    await this.repo.saveMatchParams(body.site, JSON.stringify(body.match_params));
  }

  private async alternateSite(siteId: string): Promise<AlternateSiteRow> {
    const site = await this.repo.site(siteId);
    if (!site) throw new NotFoundError(`No site "${siteId}"`);
    if (site.master_site_id === '') {
      throw new BadRequestError(`${site.name} is not an alternate site: it has no master site to link to`);
    }
    return site;
  }
}
