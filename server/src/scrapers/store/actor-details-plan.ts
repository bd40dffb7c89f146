import { ActorUrl, parseJsonText } from '@fovea/contract';
import { z } from 'zod';
import type { ActorDetailsRow } from '../../repositories/scraped-scene-write.repository';
import type { JournalLocks } from '../../services/stashdb-actor-merge';
import type { ScrapedActorDetails } from '../scraped-scene';
import { stringList } from './scraped-scene-plan';

/** Profile URLs never stored from a scrape: StashDB performer links come from the StashDB link alone. */
const STASHDB_PERFORMER = /^https?:\/\/(www\.)?stashdb\.org\/performers\//i;

const ActorUrlList = z.array(ActorUrl);

function urlList(text: string): ActorUrl[] {
  const parsed = ActorUrlList.safeParse(parseJsonText(text));
  return parsed.success ? parsed.data : [];
}

export interface ActorDetailsChange {
  image_url?: string;
  image_arr?: string;
  urls?: string;
}

/**
 * What a scene's actor details add to an actor (xbvr-facts §7.2 step 4): the image fills an empty main image
 * and joins the image list; the profile URL joins the URL list as `{url, type: source}` (once, compared
 * ignoring case; StashDB performer URLs skipped). The owner's journal wins: an edited or hand-chosen main
 * image, an edited image or URL list, and an image the owner deleted are left alone. Answers only what changes.
 */
export function planActorDetails(
  row: ActorDetailsRow,
  details: readonly ScrapedActorDetails[],
  locks: JournalLocks,
): ActorDetailsChange {
  const change: ActorDetailsChange = {};
  const free = (column: string) => !locks.columns.has(column);
  let imageUrl = row.image_url;
  const images = stringList(row.image_arr);
  const urls = urlList(row.urls);
  const knownUrls = new Set(urls.map((entry) => entry.url.trim().toLowerCase()));
  let imagesChanged = false;
  let urlsChanged = false;
  for (const detail of details) {
    const image = detail.imageUrl.trim();
    if (image !== '' && !locks.deletedImages.has(image)) {
      if (imageUrl === '' && free('image_url')) imageUrl = image;
      if (free('image_arr') && !images.includes(image)) {
        images.push(image);
        imagesChanged = true;
      }
    }
    const profile = detail.profileUrl.trim();
    if (profile !== '' && free('urls') && !STASHDB_PERFORMER.test(profile)) {
      if (!knownUrls.has(profile.toLowerCase())) {
        knownUrls.add(profile.toLowerCase());
        urls.push({ url: profile, type: detail.source });
        urlsChanged = true;
      }
    }
  }
  if (imageUrl !== row.image_url) change.image_url = imageUrl;
  if (imagesChanged) change.image_arr = JSON.stringify(images);
  if (urlsChanged) change.urls = JSON.stringify(urls);
  return change;
}
