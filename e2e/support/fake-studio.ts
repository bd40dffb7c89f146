import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A small studio site on loopback for the scraper specs, and the owner's definitions that scrape it (written
 * into <data>/scrapers/ before the server starts: the owner's own definitions may reach a private address).
 * - "E2E Studio": two listing pages (three scenes) with a next link, scene pages with a title, date,
 *   duration, cast with profile pictures, tags, synopsis, cover and gallery; its single-scene scrape asks for
 *   a numeric "Scene Id" and warns about the release date.
 * - "E2E Walled": every page answers 403 with a challenge page, so its run ends blocked.
 */
export interface FakeStudio {
  url: string;
  /** The scene ids the site lists, newest first. */
  sceneIds: readonly number[];
  /** The expected download name of a scene (its definition's filename template). */
  filename(sceneId: number): string;
  requests: string[];
  close(): void;
}

export const STUDIO_SCENES = [
  {
    id: 501,
    title: 'Sunset Rooftop Session',
    date: 'March 5, 2026',
    duration: '32:10',
    cast: ['Mara Vale', 'Ivy Stone'],
    tags: ['Rooftop', 'Blonde', 'VR'],
  },
  {
    id: 502,
    title: 'Library After Hours',
    date: 'February 20, 2026',
    duration: '41:05',
    cast: ['Ivy Stone'],
    tags: ['Glasses', 'Brunette'],
  },
  {
    id: 503,
    title: 'Cabin In The Snow',
    date: 'January 9, 2026',
    duration: '28:44',
    cast: ['Noa Brook'],
    tags: ['Winter', 'Redhead'],
  },
] as const;

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

function listingPage(base: string, n: number): string {
  const perPage = 2;
  const scenes = STUDIO_SCENES.slice((n - 1) * perPage, n * perPage);
  const cards = scenes
    .map(
      (s) =>
        `<div class="card"><a class="card-link" href="/video/${s.id}-${s.title.toLowerCase().replace(/ /g, '-')}">${s.title}</a></div>`,
    )
    .join('');
  const next =
    n * perPage < STUDIO_SCENES.length ? `<a class="next" href="/videos?page=${n + 1}">Next</a>` : '';
  return page(`Videos page ${n}`, `<main>${cards}</main><nav>${next}</nav>`, `<base href="${base}/">`);
}

function scenePage(base: string, scene: (typeof STUDIO_SCENES)[number]): string {
  const cast = scene.cast
    .map(
      (name, i) =>
        `<div class="model"><a href="/model/${name.toLowerCase().replace(/ /g, '-')}"><img src="${base}/img/model-${i}.jpg" alt="${name}"><span>${name}</span></a></div>`,
    )
    .join('');
  const tags = scene.tags.map((tag) => `<a class="tag" href="/tag/${tag}">${tag}</a>`).join('');
  return page(
    scene.title,
    `<h1 class="title">${scene.title}</h1><span class="date">${scene.date}</span><span class="duration">${scene.duration}</span>
<div class="models">${cast}</div><div class="tags">${tags}</div><div class="synopsis"><p>A story told in ${scene.title.toLowerCase()}.</p></div>
<div class="gallery"><img src="/img/${scene.id}-g1.jpg"><img src="/img/${scene.id}-g2.jpg"></div>`,
    `<meta property="og:image" content="${base}/cover/${scene.id}.svg">`,
  );
}

export function studioDefinitions(url: string): Record<string, string> {
  return {
    'e2e-studio.yaml': `id: e2e-studio
version: 1
engine: html
sites:
  - id: e2estudio
    name: E2E Studio
    studio: E2E Network
    domain: 127.0.0.1
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['${url}/videos?page={page}']
  item: div.card
  link: { sel: a.card-link, attr: href, steps: [absolute_url] }
  next: { sel: a.next, attr: href, steps: [absolute_url] }
scene:
  fields:
    site_id: { from: url, regex: '/video/(\\d+)-' }
    title: { sel: h1.title }
    released: { sel: span.date, steps: [{ parse_date: 'MMMM D, YYYY' }] }
    duration: { sel: span.duration, steps: [{ duration: clock }] }
    tags: { sel: div.tags a.tag, all: true }
    synopsis: { sel: div.synopsis p }
    gallery: { sel: div.gallery img, attr: src, all: true, steps: [absolute_url] }
  actor_details:
    each: { sel: div.models div.model }
    name: { sel: span }
    image: { sel: img, attr: src, steps: [absolute_url] }
    profile: { sel: 'a', attr: href, steps: [absolute_url] }
    source: e2estudio scrape
  scene_id: 'e2estudio-{site_id}'
  filename_templates: ['e2estudio_{site_id}_180_LR.mp4']
single_scene:
  url_patterns: ['^${url.replace(/\./g, '\\.')}/video/']
  additional_info:
    - { fieldName: scene_id, fieldPrompt: Scene Id, placeholder: e.g. 501, required: true, type: number }
  warnings: [release_date]
`,
    'e2e-walled.yaml': `id: e2e-walled
version: 1
engine: html
sites:
  - id: e2ewalled
    name: E2E Walled
    studio: E2E Network
    domain: walled.invalid
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['${url}/walled/videos?page={page}']
  item: div.card
  link: { sel: a, attr: href }
scene:
  fields:
    title: { sel: h1 }
  scene_id: 'e2ewalled-{title}'
`,
  };
}

/** Starts the site and writes its definitions into `<dataDir>/scrapers/`. */
export async function startFakeStudio(dataDir: string): Promise<FakeStudio> {
  const requests: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', base);
    requests.push(target.pathname + target.search);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (target.pathname.startsWith('/walled/')) {
      send(
        403,
        'text/html',
        page('Just a moment...', '<div id="challenge-platform">Checking your browser</div>'),
      );
      return;
    }
    if (target.pathname === '/videos') {
      const n = Number(target.searchParams.get('page') ?? '1');
      send(200, 'text/html; charset=utf-8', listingPage(base, n));
      return;
    }
    const video = /^\/video\/(\d+)-/.exec(target.pathname);
    const scene = STUDIO_SCENES.find((s) => s.id === Number(video?.[1]));
    if (scene) {
      send(200, 'text/html; charset=utf-8', scenePage(base, scene));
      return;
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const folder = join(dataDir, 'scrapers');
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(studioDefinitions(base))) writeFileSync(join(folder, name), text);
  return {
    url: base,
    sceneIds: STUDIO_SCENES.map((s) => s.id),
    filename: (id) => `e2estudio_${id}_180_LR.mp4`,
    requests,
    close: () => server.close(),
  };
}
