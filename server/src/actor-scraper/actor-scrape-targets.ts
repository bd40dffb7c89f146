import { ActorUrl, EXTERNAL_SOURCE_SCRAPE_SUFFIX, parseJsonText } from '@fovea/contract';
import { z } from 'zod';
import type { ActorUrlsRow, ScrapedLinkRow } from './actor-scrape.repository';

/** One profile page of one actor to scrape, with the type it is stored under. */
export interface ScrapeTarget {
  actorId: number;
  actorName: string;
  url: string;
  type: string;
}

const ActorUrlList = z.array(ActorUrl);

/** An actor's entries of a "… scrape" type. */
export function scrapeUrls(row: ActorUrlsRow): ScrapeTarget[] {
  const parsed = ActorUrlList.safeParse(parseJsonText(row.urls));
  if (!parsed.success) return [];
  return parsed.data
    .filter((entry) => entry.type.endsWith(EXTERNAL_SOURCE_SCRAPE_SUFFIX) && /^https?:\/\//i.test(entry.url))
    .map((entry) => ({ actorId: row.id, actorName: row.name, url: entry.url.trim(), type: entry.type }));
}

const linkKey = (actorId: number, source: string, url: string) => `${actorId}\n${source}\n${url}`;

/** The profile URLs not scraped yet: no link of the actor to a reference of the same source and URL. */
export function pendingTargets(
  rows: readonly ActorUrlsRow[],
  links: readonly ScrapedLinkRow[],
): ScrapeTarget[] {
  const linked = new Set(links.map((link) => linkKey(link.actor_id, link.external_source, link.external_id)));
  return rows
    .flatMap(scrapeUrls)
    .filter((target) => !linked.has(linkKey(target.actorId, target.type, target.url)));
}

/** The targets grouped by actor (one actor's pages are scraped one after the other). */
export function byActor(targets: readonly ScrapeTarget[]): ScrapeTarget[][] {
  const groups = new Map<number, ScrapeTarget[]>();
  for (const target of targets) groups.set(target.actorId, [...(groups.get(target.actorId) ?? []), target]);
  return [...groups.values()];
}
