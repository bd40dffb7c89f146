import type { CatalogueRow } from '../../../server/src/repositories/bulk-insert.repository';
import type { SiteSpec } from './catalogue';
import type { Prng } from './prng';
import { ZipfSampler, addDays, randomDate, randomTime } from './prng';
import { WORDS } from './vocabulary';

/** What later steps (files, history, references) need to know about a scene. */
export interface SceneFacts {
  id: number;
  sceneId: string;
  site: SiteSpec;
  title: string;
  /** File name stem: the scene id and the title. */
  base: string;
  release: string | null;
  /** Minutes. */
  duration: number;
  createdAt: string;
  sceneUrl: string;
}

const DAY_MS = 86_400_000;
const SCRAPES_FROM = Date.parse('2019-01-01');
const LAST_DAY = Date.parse('2026-06-30');

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The first pass: ids, sites, titles and dates of every scene (cheap, kept in memory). */
export function makeSceneFacts(prng: Prng, count: number, sites: SiteSpec[]): SceneFacts[] {
  const siteSampler = new ZipfSampler(sites.length, 4, 1, prng);
  const perSite = new Map<string, number>();
  const aggregator = { slr: 10_000, povr: 50_000 };
  const facts: SceneFacts[] = [];
  for (let id = 1; id <= count; id++) {
    const site = sites[siteSampler.draw()] ?? (sites[0] as SiteSpec);
    const n = (perSite.get(site.id) ?? 0) + 1;
    perSite.set(site.id, n);
    let sceneId = `${site.id}-${n}`;
    if (site.kind !== 'official') sceneId = `${site.kind}-${(aggregator[site.kind] += prng.int(1, 7))}`;
    const title = Array.from({ length: prng.int(2, 5) }, () => capital(prng.pick(WORDS))).join(' ');
    const release = prng.chance(0.003) ? null : randomDate(prng, '2012-01-01', '2026-06-30', 1.6);
    // Scraped on release or up to 400 days later, from 2019 on, never after the library's last day.
    const scrapedFrom = Math.max(SCRAPES_FROM, release ? Date.parse(release) : 0);
    const scrapeSpan = Math.max(0, Math.min(400 * DAY_MS, LAST_DAY - scrapedFrom));
    const createdAt = new Date(scrapedFrom + Math.floor(prng.next() * scrapeSpan)).toISOString();
    facts.push({
      id,
      sceneId,
      site,
      title,
      base: `${sceneId}-${title.toLowerCase().replace(/ /g, '-')}`,
      release,
      duration: prng.int(18, 75),
      createdAt,
      sceneUrl: `https://${site.domain}/video/${sceneId}`,
    });
  }
  return facts;
}

export interface SceneLinkSources {
  tagSampler: ZipfSampler;
  tagByRank: number[];
  actorSampler: ZipfSampler;
  actorByRank: number[];
}

export interface SceneBlock {
  scenes: CatalogueRow<'scenes'>[];
  tags: CatalogueRow<'scene_tags'>[];
  cast: CatalogueRow<'scene_cast'>[];
}

export interface ScenePlan {
  /** scene id -> last watch session start (ISO). */
  lastOpened: Map<number, string>;
}

/** The second pass: full scene rows with their tags and cast, for a slice of the facts. */
export function makeSceneBlock(
  prng: Prng,
  facts: SceneFacts[],
  links: SceneLinkSources,
  plan: ScenePlan,
): SceneBlock {
  const block: SceneBlock = { scenes: [], tags: [], cast: [] };
  for (const fact of facts) {
    block.scenes.push(sceneRow(prng, fact, plan.lastOpened.get(fact.id) ?? null));

    const tagIds = prng
      .distinct(prng.int(5, 15), links.tagByRank.length, () => links.tagSampler.draw())
      .map((rank) => links.tagByRank[rank] ?? 1);
    // Tag groups and aka groups are expanded to their members when filtering: no pseudo rows on scenes.
    for (const tagId of tagIds) block.tags.push({ scene_id: fact.id, tag_id: tagId });

    const castSize = prng.chance(0.04) ? 0 : prng.chance(0.1) ? prng.int(1, 2) : prng.int(3, 8);
    const actorIds = prng
      .distinct(castSize, links.actorByRank.length, () => links.actorSampler.draw())
      .map((rank) => links.actorByRank[rank] ?? 1);
    for (const actorId of actorIds) block.cast.push({ scene_id: fact.id, actor_id: actorId });
  }
  return block;
}

function sentence(prng: Prng): string {
  const words = Array.from({ length: prng.int(8, 16) }, () => prng.pick(WORDS));
  return `${capital(words.join(' '))}.`;
}

function sceneRow(prng: Prng, fact: SceneFacts, lastOpened: string | null): CatalogueRow<'scenes'> {
  const cdn = `https://cdn.${fact.site.domain.replace(/^www\./, '')}/scenes/${fact.sceneId}`;
  const images = [
    { url: `${cdn}/cover.jpg`, type: 'cover', orientation: '' },
    ...Array.from({ length: prng.int(2, 6) }, (_, i) => ({
      url: `${cdn}/gallery-${i + 1}.jpg`,
      type: 'gallery',
      orientation: i % 3 === 0 ? 'portrait' : 'landscape',
    })),
  ];
  const rated = prng.chance(0.3);
  const scriptPublished = prng.chance(0.05)
    ? new Date(randomTime(prng, '2020-01-01', '2026-06-30')).toISOString()
    : null;
  const updatedAt = new Date(
    Math.min(LAST_DAY, addDays(Date.parse(fact.createdAt), prng.int(0, 300))),
  ).toISOString();
  const watched = lastOpened !== null ? prng.chance(0.55) : prng.chance(0.05);
  return {
    id: fact.id,
    scene_id: fact.sceneId,
    title: fact.title,
    scene_type: 'VR',
    scraper_id: fact.site.id,
    studio: fact.site.studio,
    site: fact.site.name,
    scene_url: fact.sceneUrl,
    synopsis: Array.from({ length: prng.int(2, 4) }, () => sentence(prng)).join(' '),
    cover_url: `${cdn}/cover.jpg`,
    release_date: fact.release,
    duration: fact.duration,
    images: JSON.stringify(images),
    filenames_arr: JSON.stringify([
      `${fact.base}_8K_180x180_3dh.mp4`,
      `${fact.base}_6K_180x180_3dh.mp4`,
      `${fact.base}_original.mp4`,
    ]),
    star_rating: rated ? Math.max(0.5, Math.min(5, prng.int(4, 10) / 2 - (prng.chance(0.2) ? 1.5 : 0))) : 0,
    favourite: prng.chance(0.03) ? 1 : 0,
    watchlist: prng.chance(0.05) ? 1 : 0,
    wishlist: prng.chance(0.04) ? 1 : 0,
    trailerlist: prng.chance(0.02) ? 1 : 0,
    is_watched: watched ? 1 : 0,
    is_hidden: prng.chance(0.01) ? 1 : 0,
    needs_update: prng.chance(0.01) ? 1 : 0,
    is_subscribed: prng.chance(0.02) ? 1 : 0,
    is_multipart: prng.chance(0.01) ? 1 : 0,
    chroma_key: prng.chance(0.005) ? '{"hasAlpha":true}' : '',
    trailer_type: prng.chance(0.5) ? 'heresphere' : '',
    script_published: scriptPublished,
    human_script: scriptPublished && prng.chance(0.6) ? 1 : 0,
    ai_script: scriptPublished && prng.chance(0.3) ? 1 : 0,
    last_opened: lastOpened,
    created_at: fact.createdAt,
    updated_at: updatedAt,
  };
}
