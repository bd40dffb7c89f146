import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A studio and an aggregator page mirroring it, on loopback, for the alternate-sites spec, with the owner's
 * definitions that scrape them (written into <data>/scrapers/ before the server starts):
 * - "Harbour Studio" (harbourstudio): /studio/videos lists two scenes, /studio/video/<id> their pages;
 * - "Harbour Studio (Mirror Hub)" (harbourmirror, master site harbourstudio): /mirror/videos lists one scene
 *   whose title differs from a studio scene's only by case and punctuation.
 * No cast and no tags, so the other specs' actor and tag figures stay as seeded. Invented titles.
 */
export interface FakeAlternateSite {
  url: string;
  close(): void;
}

interface PageScene {
  id: number;
  title: string;
  date: string;
}

export const HARBOUR_SCENES: readonly PageScene[] = [
  { id: 701, title: 'Harbour Lights At Dawn', date: '2026-04-02' },
  { id: 702, title: 'Orchard Picnic', date: '2026-04-10' },
];
export const MIRROR_SCENES: readonly PageScene[] = [
  { id: 801, title: 'Harbour lights at dawn!', date: '2026-04-03' },
];

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

function definition(id: string, name: string, path: string, extra = ''): string {
  return `id: ${id}
version: 1
engine: html
sites:
  - id: ${id}
    name: ${name}
    studio: Harbour Network
    domain: 127.0.0.1${extra}
http:
  min_delay_ms: 0
  max_delay_ms: 0
listing:
  urls: ['{base}/${path}/videos?page={page}']
  item: li.scene
  link: { sel: a, attr: href, steps: [absolute_url] }
scene:
  fields:
    site_id: { from: url, regex: '/video/(\\d+)' }
    title: { sel: h1 }
    released: { sel: time, attr: datetime, steps: [{ parse_date: iso }] }
    synopsis: { sel: p.about }
  scene_id: '${id}-{site_id}'
`;
}

/** Starts the site and writes its two definitions into `<dataDir>/scrapers/`. */
export async function startFakeAlternateSite(dataDir: string): Promise<FakeAlternateSite> {
  let base = '';
  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', base);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    const [, area, kind, id] = /^\/(studio|mirror)\/(videos|video\/(\d+))$/.exec(target.pathname) ?? [];
    const scenes = area === 'studio' ? HARBOUR_SCENES : MIRROR_SCENES;
    if (kind === 'videos') {
      const shown = target.searchParams.get('page') === '1' ? scenes : [];
      const items = shown.map(
        (s) => `<li class="scene"><a href="/${area}/video/${s.id}">${s.title}</a></li>`,
      );
      return send(200, html('Videos', `<ul>${items.join('')}</ul>`));
    }
    const scene = scenes.find((s) => String(s.id) === id);
    if (area === undefined || !scene) return send(404, html('Not found', ''));
    send(
      200,
      html(
        scene.title,
        `<h1>${scene.title}</h1><time datetime="${scene.date}">${scene.date}</time><p class="about">A made-up scene.</p>`,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const folder = join(dataDir, 'scrapers');
  mkdirSync(folder, { recursive: true });
  const write = (file: string, text: string) =>
    writeFileSync(join(folder, file), text.replaceAll('{base}', base));
  write('harbour-studio.yaml', definition('harbourstudio', 'Harbour Studio', 'studio'));
  write(
    'harbour-mirror.yaml',
    definition(
      'harbourmirror',
      'Harbour Studio (Mirror Hub)',
      'mirror',
      '\n    master_site_id: harbourstudio',
    ),
  );
  return { url: base, close: () => server.close() };
}
