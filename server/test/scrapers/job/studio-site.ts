import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A scene of the test studio; the test may change it between runs. */
export interface StudioScene {
  id: number;
  title: string;
  date: string;
  duration: string;
  cast: { name: string; image: string }[];
  tags: string[];
  synopsis: string;
}

export const STUDIO_HOST = 'www.fovea-test-studio.com';
export const STUDIO_BASE = `https://${STUDIO_HOST}`;

/** The owner's definition of the test studio (a user definition in <data>/scrapers/). */
export function studioDefinition(
  options: { id?: string; listing?: string; version?: number; single?: boolean } = {},
): string {
  const id = options.id ?? 'teststudio';
  return `id: ${id}
version: ${options.version ?? 1}
engine: html
sites:
  - id: ${id}
    name: Test Studio ${id}
    studio: Test Network
    avatar: ${STUDIO_BASE}/logo.png
    domain: ${STUDIO_HOST}
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['${STUDIO_BASE}/${options.listing ?? 'videos'}?page={page}']
  item: article.card
  link: { sel: a.card-link, attr: href, steps: [absolute_url] }
  next: { sel: a.next, attr: href, steps: [absolute_url] }
scene:
  fields:
    site_id: { from: url, regex: '/video/(\\d+)' }
    title: { sel: h1.title }
    released: { sel: span.date, steps: [{ parse_date: 'MMMM D, YYYY' }] }
    duration: { sel: span.duration, steps: [{ duration: clock }] }
    tags: { sel: ul.tags li, all: true }
    synopsis: { sel: div.synopsis }
    gallery: { sel: div.gallery img, attr: src, all: true, steps: [absolute_url] }
  actor_details:
    each: { sel: div.cast div.model }
    name: { sel: span.name }
    image: { sel: img, attr: src, steps: [absolute_url] }
    profile: { sel: 'a', attr: href, steps: [absolute_url] }
    source: ${id} scrape
  scene_id: '${id}-{site_id}'
  filename_templates: ['${id}_{site_id}_180_LR.mp4']
${options.single === false ? '' : SINGLE_SCENE}`;
}

const SINGLE_SCENE = `single_scene:
  url_patterns: ['^https://www\\.fovea-test-studio\\.com/video/']
  additional_info:
    - { fieldName: scene_id, fieldPrompt: Scene Id, placeholder: '101', required: true, type: number }
  warnings: [release_date]
`;

const html = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

/**
 * The test studio's site: /videos lists two scenes a page with a next link; /video/<id> are the scene pages
 * (cover only as og:image, so the OpenGraph fallback fills it); /walled/* answer a Cloudflare challenge;
 * /empty lists no scene; /untitled lists scenes whose pages have no title.
 */
export async function startStudioSite(scenes: StudioScene[]) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', STUDIO_BASE);
    requests.push(url.pathname + url.search);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    const page = Number(url.searchParams.get('page') ?? '1');
    if (url.pathname.startsWith('/walled')) {
      send(403, html('<title>Just a moment...</title>', '<div id="challenge-platform"></div>'));
    } else if (url.pathname === '/empty') {
      send(200, html('<title>Videos</title>', '<main class="redesigned"></main>'));
    } else if (url.pathname === '/videos' || url.pathname === '/untitled') {
      const shown = scenes.slice((page - 1) * 2, page * 2);
      const cards = shown
        .map((s) => {
          const href = url.pathname === '/untitled' ? `/video/${s.id}?untitled=1` : `/video/${s.id}`;
          return `<article class="card"><a class="card-link" href="${href}">${s.title}</a></article>`;
        })
        .join('');
      const next =
        page * 2 < scenes.length ? `<a class="next" href="${url.pathname}?page=${page + 1}">Next</a>` : '';
      send(200, html('<title>Videos</title>', `<main>${cards}</main>${next}`));
    } else if (/^\/video\/\d+$/.test(url.pathname)) {
      const scene = scenes.find((s) => `/video/${s.id}` === url.pathname);
      if (!scene) return send(404, 'gone');
      const untitled = url.searchParams.has('untitled');
      const cast = scene.cast
        .map(
          (a) =>
            `<div class="model"><a href="/model/${a.name.replace(/ /g, '-')}"><img src="${a.image}"><span class="name">${a.name}</span></a></div>`,
        )
        .join('');
      send(
        200,
        html(
          `${untitled ? '' : `<title>${scene.title}</title>`}<meta property="og:image" content="${STUDIO_BASE}/covers/${scene.id}.jpg">`,
          `${untitled ? '' : `<h1 class="title">${scene.title}</h1>`}<span class="date">${scene.date}</span>
<span class="duration">${scene.duration}</span><div class="cast">${cast}</div>
<ul class="tags">${scene.tags.map((t) => `<li>${t}</li>`).join('')}</ul><div class="synopsis">${scene.synopsis}</div>
<div class="gallery"><img src="/gallery/${scene.id}-1.jpg"><img src="/gallery/${scene.id}-2.jpg"></div>`,
        ),
      );
    } else {
      send(404, 'not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function studioScenes(): StudioScene[] {
  return [
    {
      id: 103,
      title: 'Third Light',
      date: 'March 3, 2026',
      duration: '45:30',
      cast: [{ name: 'Ana V.', image: '/models/ana.jpg' }],
      tags: ['Blonde', 'Doggy', 'VR'],
      synopsis: 'The newest scene.',
    },
    {
      id: 102,
      title: 'Second Wind',
      date: 'February 2, 2026',
      duration: '31:05',
      cast: [
        { name: 'Ana V.', image: '/models/ana.jpg' },
        { name: 'Bea Moss', image: '/models/bea.jpg' },
      ],
      tags: ['Brunette', 'Anal'],
      synopsis: 'The middle scene.',
    },
    {
      id: 101,
      title: 'First Step',
      date: 'January 1, 2026',
      duration: '1:02:00',
      cast: [{ name: 'Cleo Reyes', image: '/models/cleo.jpg' }],
      tags: ['Redhead'],
      synopsis: 'The oldest scene.',
    },
  ];
}
