import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A made-up aggregator that lists one studio's scenes (an alternate site of that studio): /studio/videos lists
 * every scene on one page, /scene/<id> is a scene page. Hand-made, invented titles and names.
 */
export interface AggregatorScene {
  id: number;
  title: string;
  /** yyyy-mm-dd */
  date: string;
  /** mm:ss */
  duration: string;
  cast: string[];
  synopsis: string;
}

export const AGGREGATOR_HOST = 'www.fovea-test-aggregator.com';
export const AGGREGATOR_BASE = `https://${AGGREGATOR_HOST}`;

/** The owner's definition of the aggregator's studio page, an alternate site of `master`. */
export function aggregatorDefinition(id: string, master: string): string {
  return `id: ${id}
version: 1
engine: html
sites:
  - id: ${id}
    name: Test Studio (Test Aggregator)
    studio: Test Network
    domain: ${AGGREGATOR_HOST}
    master_site_id: ${master}
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['${AGGREGATOR_BASE}/studio/videos?page={page}']
  item: li.scene
  link: { sel: a, attr: href, steps: [absolute_url] }
scene:
  fields:
    site_id: { from: url, regex: '/scene/(\\d+)' }
    title: { sel: h1 }
    released: { sel: time, attr: datetime, steps: [{ parse_date: iso }] }
    duration: { sel: span.length, steps: [{ duration: clock }] }
    cast: { sel: ul.cast li, all: true }
    synopsis: { sel: p.about }
  scene_id: '${id}-{site_id}'
  filename_templates: ['${id}_{site_id}_180_LR.mp4']
`;
}

const page = (body: string) =>
  `<!doctype html><html><head><title>Aggregator</title></head><body>${body}</body></html>`;

export async function startAggregator(scenes: AggregatorScene[]) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', AGGREGATOR_BASE);
    requests.push(url.pathname + url.search);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    if (url.pathname === '/studio/videos') {
      const shown = url.searchParams.get('page') === '1' ? scenes : [];
      const items = shown
        .map((s) => `<li class="scene"><a href="/scene/${s.id}">${s.title}</a></li>`)
        .join('');
      return send(200, page(`<ul>${items}</ul>`));
    }
    const scene = scenes.find((s) => url.pathname === `/scene/${s.id}`);
    if (!scene) return send(404, page('not here'));
    const cast = scene.cast.map((name) => `<li>${name}</li>`).join('');
    send(
      200,
      page(
        `<h1>${scene.title}</h1><time datetime="${scene.date}">${scene.date}</time>` +
          `<span class="length">${scene.duration}</span><ul class="cast">${cast}</ul><p class="about">${scene.synopsis}</p>`,
      ),
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
