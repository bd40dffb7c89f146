import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small POVR-like aggregator for the custom-site tests: /studios/<studio>?o=d&page=<n> lists the studio's
 * scenes two a page (with a next link), /vr-porn/<slug>-<id> are the scene pages. Titles and names are invented.
 */

export const AGGREGATOR_HOST = 'povr.com';

/** The aggregator definition the tests put in <data>/scrapers/ (id `povr`, one built-in studio). */
export function aggregatorDefinition(): string {
  return `id: povr
version: 1
engine: html
sites:
  - id: house-studio
    name: House Studio (POVR)
    studio: POVR.COM
    domain: ${AGGREGATOR_HOST}
    vars: { studio_slug: house-studio }
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['https://${AGGREGATOR_HOST}/studios/{studio_slug}?o=d&page={page}']
  item: div.thumbnail
  link: { sel: a.thumbnail__link, attr: href, steps: [absolute_url] }
  next: { sel: 'a.next', attr: href, steps: [absolute_url] }
scene:
  url_normalise: [strip_query]
  scene_id: 'povr-{site_id}'
  fields:
    site_id: { from: url, regex: '-(\\d+)$' }
    title: { sel: h1.heading-title }
    released: { sel: p.player__date, steps: [{ parse_date: 'DD MMMM, YYYY' }] }
    cast: { sel: 'a.btn[href^="/pornstars/"]', all: true }
`;
}

export interface AggregatorScene {
  id: number;
  slug: string;
  title: string;
  date: string;
  cast: string[];
}

const page = (body: string) =>
  `<!doctype html><html><head><title>POVR</title></head><body>${body}</body></html>`;

/** Serves each studio's scenes; `requests` records every path asked for. */
export async function startAggregator(studios: Record<string, AggregatorScene[]>) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `https://${AGGREGATOR_HOST}`);
    requests.push(url.pathname + url.search);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    const studio = /^\/studios\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
    const scenes = studio === undefined ? undefined : studios[studio];
    if (scenes) {
      const number = Number(url.searchParams.get('page') ?? '1');
      const cards = scenes
        .slice((number - 1) * 2, number * 2)
        .map(
          (s) =>
            `<div class="thumbnail"><a class="thumbnail__link" href="/vr-porn/${s.slug}-${s.id}">${s.title}</a></div>`,
        )
        .join('');
      const next =
        number * 2 < scenes.length
          ? `<a class="next" href="/studios/${studio}?o=d&page=${number + 1}">Next</a>`
          : '';
      return send(200, page(`${cards}${next}`));
    }
    const scene = Object.values(studios)
      .flat()
      .find((s) => url.pathname === `/vr-porn/${s.slug}-${s.id}`);
    if (!scene) return send(404, page('not found'));
    const cast = scene.cast.map((name) => `<a class="btn" href="/pornstars/${name}">${name}</a>`).join('');
    return send(
      200,
      page(`<h1 class="heading-title">${scene.title}</h1><p class="player__date">${scene.date}</p>${cast}`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
