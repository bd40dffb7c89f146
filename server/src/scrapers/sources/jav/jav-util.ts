import { emptyScrapedScene, type ScrapedScene } from '../../scraped-scene';

/*
 * What the JAV sources share (scraper-sites §6.5): the tag filter, the DMM content id, and the defaults a scene
 * gets from that id. JAV scenes are stored without a scraper id; title, scene id and site id are the DVD id.
 */

const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'featured actress',
  'vr exclusive',
  'high quality vr',
  'high-quality vr',
  'vr',
  'vr only',
  'hi-def',
  'exclusive distribution',
  'single work',
  'solo work',
  'solowork',
  'dmm exclusive',
  'over 4 hours',
]);

const MAPPED_TAGS: Readonly<Record<string, string>> = {
  blow: 'blowjob',
  'blow job': 'blowjob',
  kiss: 'kiss kiss',
  'kiss / kiss': 'kiss kiss',
  prostitute: 'club hostess & sex worker',
  prostitutes: 'club hostess & sex worker',
  'sun tan': 'suntan',
  'huge cock': 'huge dick - large dick',
  'other fetish': 'other fetishes',
  'threesome/foursome': 'threesome / foursome',
};

const TAG_CHARACTERS = /^[a-z0-9_\- /&()+]+$/;

/** A JAV genre as a tag (lower case), or null for format markers and anything not in plain Latin letters. */
export function processJavrTag(genre: string): string | null {
  const tag = genre.trim().toLowerCase();
  if (tag === '' || SKIPPED_TAGS.has(tag)) return null;
  const mapped = MAPPED_TAGS[tag] ?? tag;
  return TAG_CHARACTERS.test(mapped) ? mapped : null;
}

/** The processed tags of a list of genres, without duplicates. */
export function javrTags(genres: readonly string[]): string[] {
  return [...new Set(genres.flatMap((genre) => processJavrTag(genre) ?? []))];
}

/** A scene for a DVD id: title, scene id and site id the upper-cased id, site its prefix ("VRKM"). */
export function javScene(dvdId: string, sourceTag: string): ScrapedScene {
  const id = dvdId.trim().toUpperCase();
  return {
    ...emptyScrapedScene(''),
    sceneId: id,
    siteId: id,
    title: id,
    site: id.split('-')[0] ?? id,
    sceneType: 'VR',
    tags: ['javr', sourceTag],
  };
}

const DMM_VIDEO = /\/\/pics\.dmm\.co\.jp\/digital\/video\/([^/]+)\//;
const PADDED_PREFIXES = new Set(['3dsvr', 'fsdss']);

/**
 * The DMM content id: the page's own, else the one in a cover or gallery URL, else built from the DVD id as
 * `<prefix><number padded to 5>` ("VRKM-821" -> "vrkm00821"; 3DSVR and FSDSS get a leading 1).
 */
export function javContentId(scene: ScrapedScene, pageContentId: string): string {
  const own = pageContentId.trim();
  if (own !== '') return own;
  for (const url of [...scene.covers, ...scene.gallery]) {
    const found = DMM_VIDEO.exec(url)?.[1];
    if (found) return found;
  }
  const [prefix = '', number = ''] = scene.sceneId.toLowerCase().split('-');
  if (number === '') return prefix;
  const lead = PADDED_PREFIXES.has(prefix) ? '1' : '';
  return `${lead}${prefix}${number.padStart(5, '0')}`;
}

const DSVR_CID = /13dsvr0(\d{4})/;

/**
 * Defaults from the content id (scraper-sites §6.5, PostProcessJavScene): the DMM page as the homepage, the DMM
 * jacket as the cover, six DMM sample images when the page had no gallery (as covers, as the reference does),
 * studio and synopsis trimmed, and DSVR ids that are really 3DSVR ones corrected.
 */
export function postProcessJavScene(scene: ScrapedScene, contentId: string): ScrapedScene {
  const cid = contentId;
  const pics = `https://pics.dmm.co.jp/digital/video/${cid}`;
  const out: ScrapedScene = {
    ...scene,
    studio: scene.studio.trim(),
    synopsis: scene.synopsis.trim(),
    homepageUrl:
      scene.homepageUrl === ''
        ? `https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=${cid}/`
        : scene.homepageUrl,
    covers: scene.covers.length === 0 ? [`${pics}/${cid}pl.jpg`] : [...scene.covers],
  };
  if (scene.gallery.length === 0) {
    for (let index = 1; index <= 6; index++) out.covers.push(`${pics}/${cid}jp-${index}.jpg`);
  }
  const dsvr = out.site === 'DSVR' ? DSVR_CID.exec(cid) : null;
  if (dsvr) {
    const id = `3DSVR-${dsvr[1]}`;
    Object.assign(out, { sceneId: id, siteId: id, title: id, site: '3DSVR' });
  }
  return out;
}
