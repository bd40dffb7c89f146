import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** Real image bytes made with sharp (noise, so JPEG sizes are realistic). */
export interface Fixtures {
  photoJpg: Buffer; // 1000x600
  alphaPng: Buffer; // 800x400, transparent corner
  tinyPng: Buffer; // 50x30
  tinyJpg: Buffer; // 50x30
  spaceJpg: Buffer; // 640x480
  picWebp: Buffer; // 500x500
  picGif: Buffer; // 400x200
  flagSvg: Buffer; // 120x80
}

function noise(width: number, height: number, channels: 3 | 4): sharp.Sharp {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  if (channels === 4) for (let i = 3; i < pixels.length; i += 4) pixels[i] = i < pixels.length / 2 ? 0 : 255;
  return sharp(pixels, { raw: { width, height, channels } });
}

export async function makeFixtures(): Promise<Fixtures> {
  return {
    photoJpg: await noise(1000, 600, 3).jpeg().toBuffer(),
    alphaPng: await noise(800, 400, 4).png().toBuffer(),
    tinyPng: await noise(50, 30, 3).png().toBuffer(),
    tinyJpg: await noise(50, 30, 3).jpeg().toBuffer(),
    spaceJpg: await noise(640, 480, 3).jpeg().toBuffer(),
    picWebp: await noise(500, 500, 3).webp().toBuffer(),
    picGif: await noise(400, 200, 3).gif().toBuffer(),
    flagSvg: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="40" fill="red"/></svg>',
    ),
  };
}

/** A PNG whose width is 300 + w (from the query string), to see which query the remote host received. */
async function queryPng(url: URL): Promise<Buffer> {
  const width = 300 + Number(url.searchParams.get('w') ?? 0);
  return noise(width, 100, 3).png().toBuffer();
}

/** The size of /big.jpg. */
export const BIG_IMAGE_BYTES = 12 * 1024 * 1024;

/** The name the image servers are called by: the app maps it to 127.0.0.1 (imageHostMap), taken as public. */
export const IMAGE_HOST = 'images.test';
export const IMAGE_HOST_MAP = { [IMAGE_HOST]: '127.0.0.1' };

export interface ImageServer {
  /** http://images.test:<port> (the app is created with IMAGE_HOST_MAP) */
  origin: string;
  /** `origin` with the single slash after the scheme (Form A): http:/images.test:<port> */
  formA: string;
  /** http://127.0.0.1:<port>, for the test's own requests and the loopback refusals */
  loopback: string;
  port: number;
  /** Raw request URLs received, in order. */
  requests: string[];
  hits(rawUrl: string): number;
  /** Milliseconds /slow.jpg waits before answering. */
  slowMs: number;
  close(): Promise<void>;
}

type Route = (url: URL, response: ServerResponse) => Promise<void> | void;

function image(type: string, bytes: Buffer): Route {
  return (_url, response) => {
    response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
    response.end(bytes);
  };
}

function redirect(location: string): Route {
  return (_url, response) => {
    response.writeHead(302, { location });
    response.end();
  };
}

/**
 * A local image host on 127.0.0.1 (or `listenOn`) answering real image bytes, errors, redirects, slow and huge
 * bodies; called `hostName` in its URLs.
 */
export async function startImageServer(
  fixtures: Fixtures,
  hostName = IMAGE_HOST,
  listenOn = '127.0.0.1',
): Promise<ImageServer> {
  const huge = Buffer.alloc(200_000, 1);
  let big: Buffer | undefined;
  const routes: Record<string, Route> = {
    '/photo.jpg': image('image/jpeg', fixtures.photoJpg),
    '/alpha.png': image('image/png', fixtures.alphaPng),
    '/tiny.png': image('image/png', fixtures.tinyPng),
    '/a%20b.jpg': image('image/jpeg', fixtures.spaceJpg),
    '/pic.webp': image('image/webp', fixtures.picWebp),
    '/pic.gif': image('image/gif', fixtures.picGif),
    '/flag.svg': image('image/svg+xml', fixtures.flagSvg),
    // A CDN answering the wrong type for a real image: sniffed, still accepted.
    '/octet.jpg': image('application/octet-stream', fixtures.photoJpg),
    '/query.png': async (url, response) => image('image/png', await queryPng(url))(url, response),
    '/slow.jpg': (url, response) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          if (!response.destroyed) image('image/jpeg', fixtures.photoJpg)(url, response);
          resolve();
        }, state.slowMs);
      }),
    '/missing.jpg': (_url, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
    },
    '/broken.jpg': (_url, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('oops');
    },
    '/page.html': (_url, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>not an image</title>');
    },
    '/fake.png': image('image/png', Buffer.from('this is not a png at all')),
    // 200 kB without Content-Length (chunked) and with it.
    '/huge-chunked.jpg': (_url, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      for (let offset = 0; offset < huge.length; offset += 10_000)
        response.write(huge.subarray(offset, offset + 10_000));
      response.end();
    },
    '/huge.jpg': image('image/jpeg', huge),
    // A real JPEG padded to BIG_IMAGE_BYTES after its end (readers stop at the end marker): fills a cache fast.
    '/big.jpg': (url, response) => {
      big ??= Buffer.concat([fixtures.tinyJpg, Buffer.alloc(BIG_IMAGE_BYTES - fixtures.tinyJpg.length)]);
      image('image/jpeg', big)(url, response);
    },
    '/redirect.jpg': redirect('/hop.jpg'),
    '/hop.jpg': redirect('/photo.jpg'),
    '/loop.jpg': redirect('/loop.jpg'),
    '/to-file.jpg': redirect('file:///etc/passwd'),
    // Redirects into this machine, by address and by name: refused by the proxy.
    '/to-loopback.jpg': (url, response) => redirect(`${state.loopback}/photo.jpg`)(url, response),
    '/to-localhost.jpg': (url, response) =>
      redirect(`http://localhost:${state.port}/photo.jpg`)(url, response),
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const raw = request.url ?? '/';
    state.requests.push(raw);
    const url = new URL(raw, 'http://127.0.0.1');
    const route = routes[url.pathname];
    if (!route) {
      response.writeHead(404);
      response.end();
      return;
    }
    void Promise.resolve(route(url, response)).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, listenOn, resolve));
  const port = (server.address() as AddressInfo).port;
  const state: ImageServer = {
    origin: `http://${hostName}:${port}`,
    formA: `http:/${hostName}:${port}`,
    loopback: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    hits: (rawUrl) => state.requests.filter((url) => url === rawUrl).length,
    slowMs: 300,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
