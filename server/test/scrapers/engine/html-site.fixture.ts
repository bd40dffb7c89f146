import type { FixturePage } from '../support/fixture-site-server';
import { ScraperDefinition } from '../../../src/scrapers/definitions/definition.schema';

/**
 * A small made-up studio for the html engine tests (vrsite.example): three listing pages by template (the
 * third empty) or by `next` link, and scene pages that exercise every source. 101 reads every extractor kind;
 * 102 has only JSON-LD (a VideoObject after another block); 103 only OpenGraph; 104 has no title (rejected);
 * 105 answers 404 (rejected); 106 is a Cloudflare challenge (ends the run).
 */

const html = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

const card = (id: number, slug: string, date: string) =>
  `<div class="card"><a class="link" href="/scene/${id}-${slug}?ref=list">${slug}</a><span class="date">${date}</span></div>`;

const LISTING_1 = [
  card(101, 'first-scene', 'Jan 2, 2020'),
  card(102, 'second', 'Feb 3, 2020'),
  card(103, 'third', 'Mar 4, 2020'),
];
const LISTING_2 = [card(104, 'untitled', 'Apr 5, 2020'), card(105, 'gone', 'May 6, 2020')];

const SCENE_101 = html(
  `<title>First Scene | VRSite</title>
  <meta property="og:image" content="https://cdn.vrsite.example/101/og.jpg">
  <meta property="og:title" content="OG title that loses">
  <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"content":{"tags":["Blonde","POV","VR"],"videos":{"a":{"file":"vrsite_first_8k.mp4"}}}}}}</script>
  <script id="player-config">var config = {"trailer": "https://cdn.vrsite.example/101/trailer.mp4"};</script>`,
  `<h1 class="title">  First   Scene <small>4K</small></h1>
  <div class="desc"><p>Line one.</p><p>Line two &amp; more.</p></div>
  <ul class="cast"><li><a href="/model/ann"><img src="/img/ann.jpg">Ann</a></li><li><a href="/model/bea">Bea</a></li></ul>
  <div class="gallery"><a href="/g/1.jpg"></a><a href="/g/2.jpg?w=1"></a><a href="/g/1.jpg"></a></div>
  <span class="length">35:10</span>
  <script>window.files = "https://cdn.vrsite.example/videos/101/full.mp4";</script>`,
);

const SCENE_102 = html(
  `<script type="application/ld+json">{"@type":"Organization","name":"VRSite","description":"The studio"}</script>
  <script type="application/ld+json">[{"@type":"VideoObject","name":"Second From LD","description":"LD synopsis",
    "duration":"PT41M20S","uploadDate":"2020-02-03T10:00:00+00:00","thumbnailUrl":["https://cdn.vrsite.example/102/ld.jpg"],
    "actor":[{"@type":"Person","name":"Cleo"},{"@type":"Person","name":"Dana"}],"keywords":"Redhead, Outdoor"}]</script>`,
  `<div class="nothing-here"></div>`,
);

const SCENE_103 = html(
  `<meta property="og:title" content="Third From OG">
  <meta property="og:description" content="OG synopsis">
  <meta property="og:image" content="https://cdn.vrsite.example/103/og.jpg">
  <meta property="video:release_date" content="2020-03-04">
  <meta property="video:duration" content="1500">
  <meta property="video:actor" content="Eve">
  <meta property="video:tag" content="Brunette">`,
  `<p>plain</p>`,
);

const SCENE_104 = html('', '<h1 class="title"></h1><span class="length">10:00</span>');

export const CHALLENGE = html(
  '<title>Just a moment...</title>',
  '<div id="cf-wrapper">Checking your browser</div>',
);

export function htmlSitePages(options: { challenge?: boolean } = {}): FixturePage[] {
  const page = (url: string, body: string, status = 200): FixturePage => ({
    url,
    body,
    status,
    contentType: 'text/html; charset=utf-8',
  });
  const listing1 = html('', `${LISTING_1.join('')}<a class="next" href="/videos?page=2">Next</a>`);
  const listing2 = html(
    '',
    `${LISTING_2.join('')}${options.challenge ? card(106, 'walled', 'Jun 7, 2020') : ''}`,
  );
  return [
    page('https://vrsite.example/videos?page=1', listing1),
    page('https://vrsite.example/videos', listing1),
    page('https://vrsite.example/videos?page=2', listing2),
    page('https://vrsite.example/videos?page=3', html('', '<p>No more videos</p>')),
    page('https://vrsite.example/scene/101-first-scene', SCENE_101),
    page('https://vrsite.example/scene/102-second', SCENE_102),
    page('https://vrsite.example/scene/103-third', SCENE_103),
    page('https://vrsite.example/scene/104-untitled', SCENE_104),
    page('https://vrsite.example/scene/106-walled', CHALLENGE, 403),
  ];
}

export const SCENE_URL = (id: number, slug: string) => `https://vrsite.example/scene/${id}-${slug}`;

export function htmlSiteDefinition(
  listing: { next?: boolean; limit_pages?: number; max_pages?: number } = {},
) {
  return ScraperDefinition.parse({
    id: 'vrsite',
    version: 3,
    engine: 'html',
    sites: [
      { id: 'vrsite', name: 'VRSite', studio: 'VRSite Studios', domain: 'vrsite.example' },
      {
        id: 'vrsite-alt',
        name: 'VRSite Alt',
        studio: 'VRSite Studios',
        domain: 'vrsite.example',
        master_site_id: 'vrsite',
      },
    ],
    listing: {
      urls: [listing.next ? 'https://vrsite.example/videos' : 'https://vrsite.example/videos?page={page}'],
      item: 'div.card',
      link: { sel: 'a.link', attr: 'href' },
      ...(listing.next ? { next: { sel: 'a.next', attr: 'href' } } : {}),
      ...(listing.limit_pages ? { limit_pages: listing.limit_pages } : {}),
      ...(listing.max_pages ? { max_pages: listing.max_pages } : {}),
    },
    scene: {
      scene_id: '{slug:site}-{site_id}',
      url_normalise: ['strip_query'],
      filename_templates: ['{site}_{site_id}_8K.mp4', '{missing_var}_x.mp4'],
      required: ['title', 'site_id'],
      fields: {
        site_id: { from: 'url', regex: '/scene/(\\d+)-' },
        title: { sel: 'h1.title', take: 'own_text', steps: ['collapse_space'] },
        synopsis: [
          { sel: 'div.desc', take: 'html', steps: ['strip_tags', 'collapse_space'] },
          { from: 'ld_json', json: 'description' },
        ],
        released: { from: 'listing', sel: 'span.date', steps: [{ parse_date: 'MMM D, YYYY' }] },
        duration: [
          { sel: 'span.missing', steps: [{ duration: 'clock' }] },
          { sel: 'span.length', steps: [{ duration: 'clock' }] },
        ],
        covers: { sel: 'meta[property="og:image"]', attr: 'content' },
        gallery: { sel: 'div.gallery a', attr: 'href', steps: ['absolute_url', 'strip_query'] },
        tags: {
          from: 'next_data',
          json: 'props.pageProps.content.tags',
          steps: ['lowercase', { drop: ['vr'] }],
        },
        filenames: { from: 'next_data', json: 'props.pageProps.content.videos.*.file' },
        members_url: { value: 'https://members.vrsite.example/scene/{site_id}' },
        trailer_type: {
          from: 'script',
          script: 'script#player-config',
          json: 'trailer',
          steps: [{ template: 'url' }],
        },
        trailer_src: { from: 'script', script: 'script#player-config', json: 'trailer' },
        has_script: { regex: 'cdn\\.vrsite\\.example/videos/(\\d+)/', steps: ['to_bool'] },
      },
      actor_details: {
        each: { sel: 'ul.cast li' },
        name: { sel: 'a' },
        image: { sel: 'img', attr: 'src', steps: ['absolute_url'] },
        profile: { sel: 'a', attr: 'href', steps: ['absolute_url'] },
        source: '{id} scrape',
      },
    },
    single_scene: {
      url_patterns: ['^https://vrsite\\.example/scene/(?<num>\\d+)-'],
      additional_info: [{ fieldName: 'scene_id', fieldPrompt: 'Scene Id', type: 'number', required: true }],
      warnings: ['release_date'],
    },
  });
}
