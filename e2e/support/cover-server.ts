import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The host name of the cover server in the seeded URLs. The image proxy refuses loopback addresses, so the
 * e2e server is started with this name answered by 127.0.0.1 and taken as public (launch-fovea.ts). Chromium
 * cannot resolve it: every picture must come through /img/, and one loaded directly shows broken.
 */
export const COVER_HOST = 'covers.e2e';

/** A local stand-in for a studio's image CDN. */
export interface CoverServer {
  /** Base URL, e.g. http://covers.e2e:PORT; covers are at `${url}/cover/<n>.svg`. */
  url: string;
  /** Requests answered so far, by path. */
  requests: string[];
  close(): void;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A 1000×563 cover: a gradient whose hue follows the scene number, with the scene's title on it. */
export function coverSvg(n: number): string {
  const hue = (n * 47) % 360;
  const title = escapeXml(`E2E scene ${n}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="563" viewBox="0 0 1000 563">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,25%)"/>
</linearGradient></defs>
<rect width="1000" height="563" fill="url(#g)"/>
<circle cx="${200 + ((n * 37) % 600)}" cy="280" r="150" fill="rgba(255,255,255,0.18)"/>
<text x="50" y="500" font-family="sans-serif" font-size="64" font-weight="bold" fill="#fff">${title}</text>
</svg>`;
}

/**
 * Serves `/cover/<n>.svg` for the seeded scenes' cover URLs; any other path is a 404, so a broken cover can be
 * shown too. Listens on loopback only; its URLs name it COVER_HOST.
 */
export async function startCoverServer(): Promise<CoverServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    const match = /^\/cover\/(\d+)\.svg$/.exec(path);
    if (!match) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
    response.end(coverSvg(Number(match[1])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${COVER_HOST}:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => server.close(),
  };
}
