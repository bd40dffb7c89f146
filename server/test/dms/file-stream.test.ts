import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { putioFile, startFakePutio, type FakePutio } from '../helpers/putio-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let base: string;
let putio: FakePutio;
let mediaDir: string;
const bytes = randomBytes(100_000);
const ids: Record<string, number> = {};

beforeAll(async () => {
  putio = await startFakePutio();
  putio.accounts.set('token-1', { username: 'me', files: [putioFile({ id: 555, name: 'remote.mp4' })] });
  app = await createTestApp({ putioUrl: putio.url });
  base = await app.http.listen({ host: '127.0.0.1', port: 0 });

  mediaDir = makeTempDir('fovea-media-');
  const make = libraryFactory(app.database.db);
  const local = await make.volume({ path: mediaDir });
  const file = async (key: string, filename: string, content: Buffer | string | null) => {
    if (content !== null) writeFileSync(join(mediaDir, filename), content);
    ids[key] = await make.file({ volume_id: local, path: mediaDir, filename, size: 0 });
  };
  // Unmatched: these requests record no watch sessions (watch-session.test.ts covers those).
  await file('video', 'clip.mp4', bytes);
  await file('mkv', 'clip.mkv', 'x');
  await file('script', 'clip.funscript', '{"actions":[]}');
  await file('subtitles', 'clip.srt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n');
  await file('hsp', 'clip.hsp', 'h');
  await file('empty', 'empty.mp4', '');
  await file('gone', 'gone.mp4', null);
  await file('big', 'big.mp4', '');
  truncateSync(join(mediaDir, 'big.mp4'), 256 * 1024 * 1024); // sparse: far more than socket buffers hold

  const unmounted = await make.volume({ path: join(mediaDir, 'not-mounted'), is_available: 0 });
  ids.unmounted = await make.file({
    volume_id: unmounted,
    path: join(mediaDir, 'not-mounted'),
    filename: 'clip.mp4',
  });

  const remote = await app.database.db
    .insertInto('volumes')
    .values({ type: 'putio', path: 'Put.io (me)', metadata: 'token-1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.putio = await make.file({ volume_id: remote.id, path: '555', filename: 'remote.mp4' });
  ids.putioGone = await make.file({ volume_id: remote.id, path: '556', filename: 'deleted.mp4' });
});

afterAll(async () => {
  await app.close();
  await putio.close();
  removeTempDir(mediaDir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const url = (key: string, rest = '') => `${base}/api/dms/file/${ids[key]}${rest}`;
const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('GET /api/dms/file/{id} from a local volume', () => {
  it('sends the whole file with its length, type and validators', async () => {
    const response = await fetch(url('video'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe('100000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    expect((await body(response)).equals(bytes)).toBe(true);
  });

  it.each([
    ['first bytes', 'bytes=0-99', 0, 99],
    ['the middle', 'bytes=40000-40999', 40000, 40999],
    ['a suffix', 'bytes=-500', 99500, 99999],
    ['an open end', 'bytes=99000-', 99000, 99999],
    ['a range past the end', 'bytes=99990-200000', 99990, 99999],
  ])('sends %s as 206 with Content-Range', async (_name, range, start, end) => {
    const response = await fetch(url('video'), { headers: { range } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/100000`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect((await body(response)).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers a range outside the file with 416 and the size', async () => {
    const response = await fetch(url('video'), { headers: { range: 'bytes=100000-' } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */100000');
    expect(await response.json()).toMatchObject({ error: 'Range Not Satisfiable' });
  });

  it('revalidates with ETag, and drops the range once If-Range no longer matches', async () => {
    const etag = (await fetch(url('video'), { method: 'HEAD' })).headers.get('etag') ?? '';
    const same = await fetch(url('video'), { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect((await body(same)).length).toBe(0);
    const resumed = await fetch(url('video'), { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(resumed.status).toBe(206);
    await body(resumed);
    const changed = await fetch(url('video'), { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(changed.status).toBe(200);
    expect((await body(changed)).length).toBe(100_000);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const whole = await fetch(url('video'), { method: 'HEAD' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('100000');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect((await body(whole)).length).toBe(0);
    const part = await fetch(url('video'), { method: 'HEAD', headers: { range: 'bytes=-10' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 99990-99999/100000');
  });

  it('ignores anything after the id, so a name for DeoVR or a path trick serves the same row', async () => {
    for (const rest of [`/${encodeURIComponent('12 - Some Title.mp4')}`, '/..%2F..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(url('video', rest), { headers: { range: 'bytes=0-9' } });
      expect(response.status, rest).toBe(206);
      expect((await body(response)).equals(bytes.subarray(0, 10))).toBe(true);
    }
  });

  it.each([
    ['mkv', 'video/x-matroska'],
    ['script', 'application/json'],
    ['subtitles', 'application/x-subrip'],
    ['hsp', 'application/octet-stream'],
  ])('types a %s file as %s', async (key, type) => {
    const response = await fetch(url(key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    await body(response);
  });

  it('sends an empty file as an empty 200', async () => {
    const response = await fetch(url('empty'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect((await body(response)).length).toBe(0);
  });
});

describe('files that cannot be served', () => {
  it('answers an unknown id with a JSON 404', async () => {
    const response = await fetch(`${base}/api/dms/file/987654`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found', message: 'There is no file 987654' });
  });

  it('answers a non-numeric id with 400', async () => {
    const response = await fetch(`${base}/api/dms/file/abc`);
    expect(response.status).toBe(400);
  });

  it.each(['gone', 'unmounted'])('answers a %s file with a 404 that says it is not on disk', async (key) => {
    const response = await fetch(url(key));
    expect(response.status).toBe(404);
    const error = (await response.json()) as { message: string };
    expect(error.message).toContain(`File ${ids[key]} is not on disk`);
    expect(error.message).toContain('volume mounted');
  });
});

describe('files on put.io', () => {
  it('redirects to the download link put.io gives for the token of the volume', async () => {
    const response = await fetch(url('putio', '/12%20-%20Remote.mp4'), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${putio.url}/download/555/remote.mp4`);
    expect(putio.requests.at(-1)).toMatchObject({
      url: '/v2/files/555/url',
      authorization: 'Bearer token-1',
    });
  });

  it('answers 502 when put.io has no link to give', async () => {
    const response = await fetch(url('putioGone'), { redirect: 'manual' });
    expect(response.status).toBe(502);
    const error = (await response.json()) as { error: string; message: string };
    expect(error.error).toBe('Bad Gateway');
    expect(error.message).toContain('put.io');
  });
});

describe('GET /api/dms/heatmap/{fileId}', () => {
  it('serves heatmap-<fileId>.png, to be revalidated each time, or 404', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(64)]);
    writeFileSync(join(app.paths.heatmaps, `heatmap-${ids.script}.png`), png);
    const response = await fetch(`${base}/api/dms/heatmap/${ids.script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect((await body(response)).equals(png)).toBe(true);

    const none = await fetch(`${base}/api/dms/heatmap/${ids.video}`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ message: `There is no heatmap for file ${ids.video}` });
  });
});

describe('the OpenAPI document', () => {
  it('lists the media routes once, without the catch-all variant', async () => {
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.paths['/api/dms/file/{id}']?.get).toBeDefined();
    expect(document.paths['/api/dms/heatmap/{fileId}']?.get).toBeDefined();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/dms/file/'))).toEqual([
      '/api/dms/file/{id}',
    ]);
  });
});

/** Paths the process has open (Linux), to see that a response's file is closed again. */
function openPaths(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

function startDownload(target: string): Promise<{ response: IncomingMessage; abort: () => void }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, (response) => {
      response.once('data', () => resolve({ response, abort: () => request.destroy() }));
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.end();
  });
}

describe.runIf(existsSync('/proc/self/fd'))('responses that do not finish', () => {
  const bigPath = () => join(mediaDir, 'big.mp4');

  it('closes the file when the client goes away mid-stream', async () => {
    const { response, abort } = await startDownload(url('big'));
    expect(response.statusCode).toBe(200);
    expect(openPaths()).toContain(bigPath());
    abort();
    await expect.poll(() => openPaths().includes(bigPath())).toBe(false);
  });

  it('ends streaming responses when the app closes, so closing does not wait for players', async () => {
    const { response } = await startDownload(url('big'));
    response.pause(); // a player that stopped reading: without the abort, closing would wait for it
    await app.close();
    const ended = new Promise<void>((resolve) => response.once('close', () => resolve()));
    response.resume();
    await ended;
    expect(response.complete).toBe(false);
    await expect.poll(() => openPaths().includes(bigPath())).toBe(false);
  });
});
