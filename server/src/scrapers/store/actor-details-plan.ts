import { ActorUrl, parseJsonText } from '@fovea/contract';
import { z } from 'zod';
import type { ActorDetailsRow } from '../../repositories/scraped-scene-write.repository';
import type { JournalLocks } from '../../services/stashdb-actor-merge';
import type { ScrapedActorDetails, ScrapedScene } from '../scraped-scene';
import { castName, stringList } from './scraped-scene-plan';

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

/**
 * The details a batch gives each cast name, by lower-case name: a scene's details count for the names its cast
 * ends with (scraped, with the owner's additions and removals replayed).
 */
export function detailsByName(
  scenes: readonly { scene: ScrapedScene; wanted: readonly string[] }[],
): Map<string, ScrapedActorDetails[]> {
  const details = new Map<string, ScrapedActorDetails[]>();
  for (const { scene, wanted } of scenes) {
    const names = new Set(wanted.map((name) => name.toLowerCase()));
    for (const [rawName, detail] of Object.entries(scene.actorDetails)) {
      const name = castName(rawName).toLowerCase();
      if (names.has(name)) details.set(name, [...(details.get(name) ?? []), detail]);
    }
  }
  return details;
}

const NO_LOCKS: JournalLocks = { columns: new Set(), deletedImages: new Set() };

/** The detail columns of an actor the scrape creates: its details over an empty row (no journal yet). */
export function newActorDetails(name: string, details: readonly ScrapedActorDetails[]): ActorDetailsChange {
  const empty: ActorDetailsRow = { id: 0, name, image_url: '', image_arr: '[]', urls: '[]' };
  return { image_url: '', image_arr: '[]', urls: '[]', ...planActorDetails(empty, details, NO_LOCKS) };
}
