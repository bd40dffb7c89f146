import { z } from 'zod';
import { emptyScrapedScene, type ScrapedScene } from '../../scraped-scene';
import { unescapeHtml } from './jav-source';

/*
 * An r18.dev movie document (GET https://r18.dev/videos/vod/movies/detail/-/combined=<id>/json) and the scene
 * it gives (scraper-sites §6.1). Only the keys read are declared.
 */

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const R18devMovie = z.object({
  content_id: text,
  dvd_id: text,
  title_en: text,
  title_en_is_machine_translation: z.boolean().nullish(),
  maker_name_en: text,
  label_name_en: text,
  release_date: text,
  runtime_mins: z.number().nullish(),
  jacket_full_url: text,
  gallery: z.array(z.object({ image_full: text })).nullish(),
  actresses: z.array(z.object({ name_romaji: text })).nullish(),
  categories: z.array(z.object({ name_en: text })).nullish(),
});
export type R18devMovie = z.infer<typeof R18devMovie>;

/** The answer of the dvd_id= lookup: the movie's content id. */
export const R18devLookup = z.object({ content_id: text });

const SKIPPED_CATEGORIES = new Set([
  'Featured Actress',
  'VR Exclusive',
  'High-Quality VR',
  'Exclusive Distribution',
]);
const RENAMED_CATEGORIES: Readonly<Record<string, string>> = { 'Academy Uniform': 'schoolgirl' };

/** Expected download names per quality: `<content_id><suffix><part>.mp4`, part "", 1, 2, 3. */
const FILENAME_SUFFIXES = {
  '8K': ['vrv1uhqf', 'vrv18khia'],
  HQ: ['vrv1uhqe'],
  VR: ['vmb'],
} as const;

function filenames(contentId: string, categories: readonly string[]): string[] {
  const quality = categories.includes('8KVR') ? '8K' : categories.includes('High-Quality VR') ? 'HQ' : 'VR';
  return FILENAME_SUFFIXES[quality].flatMap((suffix) =>
    ['', '1', '2', '3'].map((part) => `${contentId}${suffix}${part}.mp4`),
  );
}

/**
 * The scene: its id the DVD id (site = its prefix), or the content id (site = the label) when the movie has
 * none; a machine-translated title goes to the synopsis and the content id becomes the title.
 */
export function r18devScene(movie: R18devMovie): ScrapedScene {
  const contentId = movie.content_id.trim();
  const dvdId = movie.dvd_id.trim();
  const hasDvdId = dvdId !== '' && dvdId !== '----';
  const id = hasDvdId ? dvdId : contentId;
  if (id === '') throw new Error('r18.dev answered a movie without a dvd_id or content_id');
  const categories = (movie.categories ?? []).map((category) => category.name_en.trim());
  const titleEn = unescapeHtml(movie.title_en).trim();
  const translated = movie.title_en_is_machine_translation === false;
  return {
    ...emptyScrapedScene(''),
    sceneId: id,
    siteId: id,
    site: hasDvdId ? (id.split('-')[0] ?? id) : movie.label_name_en.trim(),
    sceneType: 'VR',
    title: translated ? titleEn.replace('[VR] ', '') : contentId,
    synopsis: translated ? '' : titleEn,
    studio: movie.maker_name_en.trim(),
    released: /^\d{4}-\d{2}-\d{2}/.exec(movie.release_date.trim())?.[0] ?? '',
    duration: Math.max(0, Math.round(movie.runtime_mins ?? 0)),
    homepageUrl: `https://www.dmm.co.jp/en/digital/videoa/-/detail/=/cid=${contentId}/`,
    covers: movie.jacket_full_url.trim() === '' ? [] : [movie.jacket_full_url.trim()],
    gallery: (movie.gallery ?? []).map((image) => image.image_full.trim()).filter((url) => url !== ''),
    cast: (movie.actresses ?? []).map((actress) => actress.name_romaji.trim()).filter((name) => name !== ''),
    tags: [
      ...categories
        .filter((name) => name !== '' && !SKIPPED_CATEGORIES.has(name))
        .map((name) => RENAMED_CATEGORIES[name] ?? name),
      'JAVR',
      'R18.dev',
    ],
    filenames: contentId === '' ? [] : filenames(contentId, categories),
  };
}
