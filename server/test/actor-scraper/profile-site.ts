import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for two studios' actor profile pages, in the structure the built-in rule sets read
 * (scraper-sites §7.3): a Badoink-family model page (label/value spans) and a VRHush model page (Next.js data).
 * Names and facts are invented.
 */

export const BADOINK_HOST = 'badoinkvr.com';
export const VRHUSH_HOST = 'vrhush.com';
export const ANNA_URL = 'https://badoinkvr.com/vr-pornstar/anna-tester-1001/';
export const CARLA_URL = 'https://badoinkvr.com/vr-pornstar/carla-example-1002/';
export const BELLA_URL = 'https://vrhush.com/models/bella-sample';
export const MISSING_URL = 'https://badoinkvr.com/vr-pornstar/gone-1003/';

const stat = (label: string, value: string) =>
  `<div class="girl-details-stats-item"><span class="label">${label}</span><span class="value">${value}</span></div>`;

function badoinkPage(name: string, facts: { hair: string; eyes: string; country: string }): string {
  return `<!doctype html><html><head><title>${name}</title></head><body>
<section class="girl-details">
  <img class="girl-details-photo" src="https://cdn.badoinkvr.com/models/${name.toLowerCase().replace(' ', '-')}.jpg" alt="${name}">
  <div class="girl-details-stats">
    ${stat('Aka:', `${name.split(' ')[0]} T., Tessa`)}
    ${stat('Measurements:', '34C-25-36')}
    ${stat('Height:', '5 feet 7 inches')}
    ${stat('Weight:', '121 lbs')}
    ${stat('Hair:', facts.hair)}
    ${stat('Eyes:', facts.eyes)}
    ${stat('Ethnicity:', 'White')}
    ${stat('Country:', facts.country)}
  </div>
  <div class="girl-details-bio"><p>${name} reviews test plans for fun.</p></div>
</section></body></html>`;
}

function vrhushPage(): string {
  const data = {
    props: {
      pageProps: {
        model: {
          gender: 'Female',
          Bio: 'Bella &amp; her sample scenes.',
          eyes: 'Blue',
          hair: 'Blonde',
          race: 'Latina',
          height: `5'4"`,
          weight: '110',
        },
      },
    },
  };
  return `<!doctype html><html><body>
<div class="thumbnail"><img src="/images/models/bella-sample.jpg"></div>
<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script>
</body></html>`;
}

const PAGES: Record<string, () => string> = {
  [new URL(ANNA_URL).pathname]: () =>
    badoinkPage('Anna Tester', { hair: 'Brown', eyes: 'Green', country: 'Hungary' }),
  [new URL(CARLA_URL).pathname]: () =>
    badoinkPage('Carla Example', { hair: 'Black', eyes: 'Brown', country: 'Spain' }),
  [new URL(BELLA_URL).pathname]: vrhushPage,
};

export interface ProfileSite {
  base: string;
  requests: string[];
  close(): Promise<void>;
}

/** Serves the profile pages on 127.0.0.1 (both hosts are mapped to it); anything else is 404. */
export async function startProfileSite(): Promise<ProfileSite> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const page = PAGES[path];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ? page() : '<html><body>Not found</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
