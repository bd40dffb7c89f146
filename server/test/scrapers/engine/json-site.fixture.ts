import { ScraperDefinition } from '../../../src/scrapers/definitions/definition.schema';
import type { FixturePage } from '../support/fixture-site-server';

/**
 * A made-up paginated API for the json engine tests (api.jsonsite.example): five releases, two a page, by page
 * number or offset, with totals, a has-more flag and a page count, plus one detail document per release
 * (14's answers 404). Item 16 has no slug, so no scene URL.
 */

interface Release {
  id: number;
  slug?: string;
  title: string;
  releasedAt: string;
}

const RELEASES: Release[] = [
  { id: 11, slug: 'first-release', title: 'First Release', releasedAt: '2021-06-01T10:00:00Z' },
  { id: 12, slug: 'second-release', title: 'Second Release', releasedAt: '2021-05-01T10:00:00Z' },
  { id: 13, slug: 'third-release', title: 'Third Release', releasedAt: '2021-04-01T10:00:00Z' },
  { id: 14, slug: 'fourth-release', title: 'Fourth Release', releasedAt: '2021-03-01T10:00:00Z' },
  { id: 15, slug: 'fifth-release', title: 'Fifth Release', releasedAt: '2021-02-01T10:00:00Z' },
];

function item(release: Release) {
  return {
    id: release.id,
    ...(release.slug === undefined ? {} : { slug: release.slug }),
    title: release.title,
    releasedAt: release.releasedAt,
    posterUrl: `https://cdn.jsonsite.example/${release.id}/poster.jpg`,
    thumbUrls: [
      `https://cdn.jsonsite.example/${release.id}/1.jpg`,
      `https://cdn.jsonsite.example/${release.id}/2.jpg`,
    ],
    actors: [{ name: `Actor ${release.id}`, slug: `actor-${release.id}`, image: `/a/${release.id}.jpg` }],
    downloadOptions: [{ filename: `JS_${release.id}_8k.mp4` }, { filename: `JS_${release.id}_4k.mp4` }],
  };
}

const json = (url: string, body: unknown, status = 200): FixturePage => ({
  url,
  body: JSON.stringify(body),
  status,
  contentType: 'application/json',
});

export function jsonSitePages(): FixturePage[] {
  const pages: FixturePage[] = [];
  for (let page = 1; page <= 4; page++) {
    const slice = RELEASES.slice((page - 1) * 2, page * 2);
    const items = page === 3 ? [...slice.map(item), { id: 16, title: 'No Slug' }] : slice.map(item);
    const body = {
      items,
      pagination: { totalItems: 5, totalPages: 3, hasMore: page < 3 },
    };
    pages.push(json(`https://api.jsonsite.example/releases?page=${page}`, body));
    pages.push(json(`https://api.jsonsite.example/releases?offset=${(page - 1) * 2}&limit=2`, body));
  }
  for (const release of RELEASES) {
    if (release.id === 14) continue;
    pages.push(
      json(`https://api.jsonsite.example/releases/${release.slug ?? ''}`, {
        release: { ...item(release), description: `About ${release.title}.` },
      }),
    );
  }
  pages.push({
    url: 'https://api.jsonsite.example/broken?page=1',
    body: '<html>oops',
    contentType: 'text/html',
  });
  return pages;
}

export const JSON_SCENE_URL = (slug: string) => `https://jsonsite.example/video/${slug}`;

export interface JsonListingOptions {
  paging?: 'total' | 'has_more' | 'page_count' | 'empty' | 'offset';
  detail?: boolean;
  urls?: string[];
}

export function jsonSiteDefinition(options: JsonListingOptions = {}) {
  const paging = options.paging ?? 'page_count';
  const offset = paging === 'offset';
  const detail = options.detail ?? false;
  const doc = (path: string) => (detail ? `release.${path}` : path);
  return ScraperDefinition.parse({
    id: 'jsonsite',
    version: 1,
    engine: 'json',
    sites: [{ id: 'jsonsite', name: 'JSON Site', studio: 'JSON Studio', domain: 'jsonsite.example' }],
    listing: {
      urls: options.urls ?? [
        offset
          ? 'https://api.{domain}/releases?offset={offset}&limit=2'
          : 'https://api.{domain}/releases?page={page}',
      ],
      page_size: offset ? 2 : 1,
      items: 'items',
      ...(paging === 'total' || offset ? { total: 'pagination.totalItems' } : {}),
      ...(paging === 'has_more' ? { has_more: 'pagination.hasMore' } : {}),
      ...(paging === 'page_count' ? { page_count: 'pagination.totalPages' } : {}),
      item_url: 'https://{domain}/video/{item.slug}',
      ...(detail ? { detail_url: 'https://api.{domain}/releases/{item.slug}' } : {}),
    },
    scene: {
      scene_id: '{slug:site}-{site_id}',
      required: ['title', 'site_id'],
      fields: {
        site_id: { json: doc('id') },
        title: { json: doc('title') },
        synopsis: { json: doc('description') },
        released: { from: 'listing', json: 'releasedAt', steps: [{ parse_date: 'iso' }] },
        covers: { json: doc('posterUrl') },
        gallery: { json: doc('thumbUrls') },
        filenames: { json: doc('downloadOptions.#.filename') },
        members_url: { value: 'https://{domain}/members/video/{item.slug}' },
        trailer_type: { value: 'url' },
        trailer_src: {
          from: 'url',
          regex: 'video/(.+)$',
          steps: [{ template: 'https://cdn.{domain}/{value}.mp4' }],
        },
      },
      actor_details: {
        each: { json: doc('actors') },
        name: { json: 'name' },
        image: { json: 'image', steps: ['absolute_url'] },
        profile: { json: 'slug', steps: [{ template: 'https://{domain}/model/{value}' }] },
        source: 'jsonsite scrape',
      },
    },
    single_scene: {
      url_patterns: ['^https://jsonsite\\.example/video/(?<slug>[^/?#]+)'],
      ...(detail ? { detail_url: 'https://api.{domain}/releases/{slug}' } : {}),
    },
  });
}
