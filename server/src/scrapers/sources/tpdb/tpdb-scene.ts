import { z } from 'zod';
import { emptyScrapedScene, type ScrapedScene } from '../../scraped-scene';

/*
 * A ThePornDB scene document (GET https://api.theporndb.net/<scenes|jav>/<slug>) and how it becomes a scraped
 * scene (scraper-sites §4). Only the keys read are declared; anything else in the answer is ignored.
 */

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const idText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

export const TpdbSceneDocument = z.object({
  data: z.object({
    _id: idText,
    title: text,
    description: text,
    url: text,
    date: text,
    image: text,
    site: z.object({ name: text, short_name: text }).nullish(),
    performers: z.array(z.object({ name: text })).nullish(),
    tags: z.array(z.object({ tag: text, name: text })).nullish(),
  }),
});
export type TpdbSceneDocument = z.infer<typeof TpdbSceneDocument>;

/** The scraper id of TPDB imports (no sites row: TPDB is a source, not a studio). */
export const TPDB_SCRAPER_ID = 'tpdb';
/** A tag TPDB uses as a bucket; it says nothing about the scene. */
const SKIPPED_TAG = 'Assorted Additional Tags';

/** The scene: scene id `tpdb-<site short_name>-<_id>`, studio and site both the TPDB site's name. */
export function tpdbScene(document: TpdbSceneDocument): ScrapedScene {
  const { data } = document;
  const shortName = data.site?.short_name.trim() ?? '';
  if (data._id === '' || shortName === '') {
    throw new Error('TPDB answered a scene without an _id or a site short_name');
  }
  const siteName = data.site?.name.trim() ?? '';
  const tags = (data.tags ?? [])
    .map((tag) => (tag.tag !== '' ? tag.tag : tag.name).trim())
    .filter((tag) => tag !== '' && tag !== SKIPPED_TAG);
  return {
    ...emptyScrapedScene(TPDB_SCRAPER_ID),
    sceneId: `tpdb-${shortName}-${data._id}`,
    siteId: data._id,
    sceneType: 'VR',
    title: data.title.trim(),
    studio: siteName,
    site: siteName,
    synopsis: data.description.trim(),
    homepageUrl: data.url.trim(),
    released: /^\d{4}-\d{2}-\d{2}/.exec(data.date.trim())?.[0] ?? '',
    covers: data.image.trim() === '' ? [] : [data.image.trim()],
    cast: (data.performers ?? []).map((performer) => performer.name.trim()).filter((name) => name !== ''),
    tags,
  };
}
