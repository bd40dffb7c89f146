import type {
  Scene,
  ScrapeCreateAlternateBody,
  SingleScrapeBody,
  SingleScrapeResponse,
} from '@fovea/contract';
import { BadRequestError, ConflictError, NotFoundError } from '../http/http-errors';
import type { SceneStore } from '../scrapers/run/run-ports';
import { alternateSiteId } from './alternate-scene-record';
import type { AlternateSourceRepository } from './alternate-source.repository';

/** A single-scene scrape whose scenes are stored as real scenes (see `asRealScenes`). */
export interface RealSceneScraper {
  scrape(body: SingleScrapeBody): Promise<SingleScrapeResponse>;
}

/** The scene writer seen through a lens that makes alternate-site scenes plain scenes of their own site. */
export function asRealScenes(store: SceneStore): SceneStore {
  return {
    writeBatch: (scenes) => store.writeBatch(scenes.map((scene) => ({ ...scene, masterSiteId: '' }))),
    knownSceneUrls: () => store.knownSceneUrls(),
    scenesNeedingUpdate: () => store.scenesNeedingUpdate(),
  };
}

/**
 * Scrape & Create Scene (library-spec §8) for an alternate source: its page is scraped again with its site's
 * definition (a `single` run of that site, as POST /api/task/singlescrape) and stored as a real scene of that
 * site; then the alternate references of that page are removed, since a scene now has it (as the reference
 * does when a scraped scene takes over an alternate page). Nothing is removed when the scrape fails.
 */
export class ScrapeCreateService {
  constructor(
    private readonly repo: AlternateSourceRepository,
    private readonly scraper: RealSceneScraper,
  ) {}

  async create(body: ScrapeCreateAlternateBody): Promise<Scene> {
    const siteId = alternateSiteId(body.external_source);
    if (siteId === null || siteId === '') {
      throw new BadRequestError(`"${body.external_source}" is not an alternate-site source`);
    }
    const reference = await this.repo.reference(body.external_source, body.external_id);
    if (!reference) {
      throw new NotFoundError(`No alternate source "${body.external_source}" / "${body.external_id}"`);
    }
    if (!/^https?:\/\//i.test(reference.external_url)) {
      throw new ConflictError('This alternate source has no page to scrape');
    }
    const answer = await this.scraper.scrape({
      site: siteId,
      sceneurl: reference.external_url,
      additionalinfo: [],
    });
    await this.repo.transaction((tx) => tx.deleteByUrl(reference.external_url));
    return answer.scene;
  }
}
