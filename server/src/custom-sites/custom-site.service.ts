import type { CustomSite, CustomSiteBody } from '@fovea/contract';
import { BadRequestError, ConflictError, NotFoundError } from '../http/http-errors';
import type { CustomSiteRepository, CustomSiteRow } from './custom-site.repository';
import { CUSTOM_LIST_FACTS } from './custom-site-entry';
import { parseCustomSiteUrl } from './custom-site-url';

/** What the service needs to know of the loaded scraper definitions. */
export interface CustomSiteDefinitions {
  /** Whether a definition with this id is in use. */
  hasDefinition(definitionId: string): boolean;
  /** The definition that defines a site id, and whether the site is a custom site. */
  siteOwner(siteId: string): { definitionId: string; custom: boolean } | null;
}

/** A `sites` row as far as a master site is concerned. */
export interface MasterSiteLookup {
  row(id: string): Promise<{ id: string; master_site_id: string } | undefined>;
}

export interface CustomSiteServiceDeps {
  repo: CustomSiteRepository;
  definitions: CustomSiteDefinitions;
  sites: MasterSiteLookup;
  /** Reloads the definitions and makes the sites table follow them (the site works at once). */
  refresh(): Promise<void>;
}

const urlIssue = (message: string) =>
  new BadRequestError(message, [{ path: ['body', 'scraperUrl'], message }]);
const masterIssue = (message: string) =>
  new BadRequestError(message, [{ path: ['body', 'masterSiteId'], message }]);

/**
 * Custom sites (Options → Advanced → Create Custom Site): aggregator studios the owner adds, edits and deletes.
 * Each is a site of its aggregator's definition from the next load of the definitions on, which every change
 * triggers, so no restart is needed. Deleting one keeps its scenes and its `sites` row (without a scraper).
 */
export class CustomSiteService {
  constructor(private readonly deps: CustomSiteServiceDeps) {}

  async list(): Promise<CustomSite[]> {
    return (await this.deps.repo.list()).map((row) => this.toDto(row));
  }

  /**
   * Creates the site, or updates it when its URL gives the id of an existing custom site (the reference's
   * behaviour). 400 for a URL or master site that cannot be used, 409 when the aggregator has no definition
   * loaded or another definition already has the site id.
   */
  async save(body: CustomSiteBody): Promise<CustomSite> {
    const parsed = parseCustomSiteUrl(body.scraperUrl);
    if (!parsed.ok) throw urlIssue(parsed.message);
    const { list, url, id } = parsed.value;
    const { definitions } = this.deps;
    if (!definitions.hasDefinition(list)) {
      throw new ConflictError(
        `There is no scraper for ${CUSTOM_LIST_FACTS[list].domain} studios: the definition "${list}" is not loaded`,
      );
    }
    const owner = definitions.siteOwner(id);
    if (owner && !owner.custom) {
      throw new ConflictError(
        `The site id ${id} is already used by the scraper definition "${owner.definitionId}"`,
      );
    }
    const masterSiteId = body.masterSiteId.trim();
    if (masterSiteId !== '') {
      if (masterSiteId === id) throw masterIssue('A site cannot be its own main site');
      const master = await this.deps.sites.row(masterSiteId);
      if (!master) throw masterIssue(`There is no site ${masterSiteId}`);
      if (master.master_site_id !== '') throw masterIssue(`${masterSiteId} is itself an alternate site`);
    }
    const name = body.scraperName.trim();
    const row = await this.deps.repo.save({
      id,
      list,
      url,
      name,
      company: body.scraperCompany.trim() || name,
      avatar_url: body.scraperAvatar.trim(),
      master_site_id: masterSiteId,
    });
    await this.deps.refresh();
    return this.toDto(row);
  }

  /** Deletes the site (404 when unknown); its scenes stay, its `sites` row loses its scraper. */
  async delete(id: string): Promise<void> {
    if (!(await this.deps.repo.delete(id))) throw new NotFoundError(`There is no custom site ${id}`);
    await this.deps.refresh();
  }

  private toDto(row: CustomSiteRow): CustomSite {
    const owner = this.deps.definitions.siteOwner(row.id);
    return {
      id: row.id,
      list: row.list,
      url: row.url,
      name: row.name,
      company: row.company,
      avatar_url: row.avatar_url,
      master_site_id: row.master_site_id,
      has_scraper: owner !== null && owner.custom && owner.definitionId === row.list,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
