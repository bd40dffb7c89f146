/**
 * The record every scraper emits (scraper-sites §1.1, XBVR's ScrapedScene), in Fovea's own field names.
 * Engines build it from a definition; the scene writer stores it. Empty string / empty list / 0 = "unknown".
 */
export interface ScrapedActorDetails {
  /** Fills an actor's empty image and joins its image list. */
  imageUrl: string;
  /** Joins the actor's URL list as `{url, type: source}`. */
  profileUrl: string;
  /** The URL type, e.g. "vrbangers scrape" (a source ending in " scrape" is eligible for actor scraping). */
  source: string;
}

export interface ScrapedScene {
  /** Fovea's global scene key (`scenes.scene_id`), built by the definition's scene-id rule (§1.3). */
  sceneId: string;
  /** The site (scraper) id that produced it (`sites.id`, `scenes.scraper_id`). */
  scraperId: string;
  /** The site's own id of the scene (the part of sceneId after the prefix). */
  siteId: string;
  /** "VR" for almost everything; "2D" for flat scenes. */
  sceneType: string;
  title: string;
  /** The owning company or network, e.g. "Badoink". */
  studio: string;
  /** The display site name, e.g. "BabeVR". */
  site: string;
  /** The first becomes the cover. */
  covers: string[];
  gallery: string[];
  /** Raw tags; the writer applies the tag conversion rules (§1.9). */
  tags: string[];
  cast: string[];
  /** Expected download filenames, the automatic matching key. */
  filenames: string[];
  /** Minutes; 0 = unknown. */
  duration: number;
  synopsis: string;
  /** `YYYY-MM-DD`, or '' when unknown. */
  released: string;
  /** The scene page; the key by which known scenes are recognised (§1.4). */
  homepageUrl: string;
  membersUrl: string;
  /** Trailer recipe (§1.8): type and its source text ('' = none). */
  trailerType: string;
  trailerSrc: string;
  chromaKey: string;
  hasScriptDownload: boolean;
  aiScript: boolean;
  humanScript: boolean;
  /** Extras per cast name. */
  actorDetails: Record<string, ScrapedActorDetails>;
  /** Set for alternate sites (§1.2); '' for main sites. */
  masterSiteId: string;
}

/** A scene with every field empty, for engines to fill. */
export function emptyScrapedScene(scraperId: string): ScrapedScene {
  return {
    sceneId: '',
    scraperId,
    siteId: '',
    sceneType: 'VR',
    title: '',
    studio: '',
    site: '',
    covers: [],
    gallery: [],
    tags: [],
    cast: [],
    filenames: [],
    duration: 0,
    synopsis: '',
    released: '',
    homepageUrl: '',
    membersUrl: '',
    trailerType: '',
    trailerSrc: '',
    chromaKey: '',
    hasScriptDownload: false,
    aiScript: false,
    humanScript: false,
    actorDetails: {},
    masterSiteId: '',
  };
}
