import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadBundle } from '../../../src/bundles/restore/bundle-source-download';
import { BundleSourceError, BundleTooLargeError } from '../../../src/bundles/restore/bundle-source-errors';
import { saveStreamToFile } from '../../../src/bundles/restore/bundle-source-upload';
import { readWireRestoreBody } from '../../../src/bundles/restore/bundle-source-wire';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { handMadeBundle } from './hand-made-bundle';

let dir: string;
let server: http.Server;
let base: string;
const bundleText = JSON.stringify(handMadeBundle);

beforeAll(async () => {
  dir = makeTempDir('fovea-bundle-source-');
  server = http.createServer((request, response) => {
    if (request.url === '/bundle.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(bundleText);
    } else if (request.url === '/big.json') {
      response.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
      response.end(Buffer.alloc(2 * 1024 * 1024, 0x20));
    } else if (request.url === '/big-chunked.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 32; i += 1) response.write(Buffer.alloc(64 * 1024, 0x20));
      response.end();
    } else if (request.url === '/slow.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"bundleVersion":');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  removeTempDir(dir);
});

const file = (name: string) => path.join(dir, name);

describe('readWireRestoreBody', () => {
  it('streams a large uploadData into the bundle file, exactly, and reads the options', async () => {
    // About 5 MB of bundle text with escapes, multi-byte characters and surrogate pairs to unescape.
    const scenes = Array.from({ length: 2600 }, (_, i) => ({
      ...handMadeBundle.scenes[0],
      scene_id: `scene-${i}`,
      synopsis: `Line ${i}\n"quoted" \\ back\tslash, ünïcödé and 🎬 `.repeat(20),
    }));
    const upload = JSON.stringify({ ...handMadeBundle, scenes }, null, 1);
    expect(upload.length).toBeGreaterThan(5_000_000);
    const body = {
      inclConfig: true,
      overwrite: false,
      extRefSubset: 'manual_matched',
      uploadData: upload,
      bundleUrl: '',
    };
    fs.writeFileSync(file('wire-large.json'), JSON.stringify(body));

    const result = await readWireRestoreBody(file('wire-large.json'), file('wire-large.bundle.json'));
    expect(result.uploadBytes).toBe(Buffer.byteLength(upload));
    expect(result.bundleUrl).toBe('');
    expect(result.options).toMatchObject({
      inclConfig: true,
      overwrite: false,
      extRefSubset: 'manual_matched',
      inclScenes: true,
    });
    expect(fs.readFileSync(file('wire-large.bundle.json'), 'utf8')).toBe(upload);
  });

  it('takes a bundle URL with the "{}" placeholder, writing no bundle file', async () => {
    fs.writeFileSync(
      file('wire-url.json'),
      JSON.stringify({ uploadData: '{}', bundleUrl: ' https://example.com/b.json ', inclHistory: false }),
    );
    const result = await readWireRestoreBody(file('wire-url.json'), file('wire-url.bundle.json'));
    expect(result).toMatchObject({ uploadBytes: 0, bundleUrl: 'https://example.com/b.json' });
    expect(result.options.inclHistory).toBe(false);
    expect(fs.existsSync(file('wire-url.bundle.json'))).toBe(false);
  });

  it('hands the bundle URL on as given, for the caller to check', async () => {
    fs.writeFileSync(file('wire-ftp.json'), '{"bundleUrl":"ftp://example.com/b.json","uploadData":"{}"}');
    const result = await readWireRestoreBody(file('wire-ftp.json'), file('wire-ftp.bundle.json'));
    expect(result).toMatchObject({ bundleUrl: 'ftp://example.com/b.json', uploadBytes: 0 });
  });

  it('refuses invalid JSON, wrong types and a truncated body, leaving no bundle file', async () => {
    const cases: [string, RegExp][] = [
      ['{"inclScenes": tru}', /^the restore body is not valid JSON/],
      ['["uploadData"]', /^the restore body is not a JSON object: its top level is a list$/],
      [
        '{"inclScenes":"yes","uploadData":"{}"}',
        /^the restore body has fields of the wrong type: inclScenes: /,
      ],
      ['{"uploadData":{"bundleVersion":"2.1"}}', /uploadData: the bundle as JSON text is expected/],
      ['{"overwrite":true,"uploadData":"{\\"bundleVersion\\":\\"2.1\\",', /not valid JSON|truncated/],
    ];
    for (const [index, [text, message]] of cases.entries()) {
      fs.writeFileSync(file(`wire-bad-${index}.json`), text);
      const target = file(`wire-bad-${index}.bundle.json`);
      const error = await readWireRestoreBody(file(`wire-bad-${index}.json`), target).catch(
        (e: unknown) => e,
      );
      expect(error, text).toBeInstanceOf(BundleSourceError);
      expect((error as Error).message, text).toMatch(message);
      expect(fs.existsSync(target), text).toBe(false);
    }
  });
});

describe('downloadBundle', () => {
  const limits = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

  it('downloads a bundle URL to a file', async () => {
    const bytes = await downloadBundle(`${base}/bundle.json`, file('download.json'), limits);
    expect(bytes).toBe(Buffer.byteLength(bundleText));
    expect(fs.readFileSync(file('download.json'), 'utf8')).toBe(bundleText);
  });

  it('says what went wrong: an error answer, a body over the limit, no answer in time, not http', async () => {
    await expect(downloadBundle(`${base}/missing.json`, file('d404.json'), limits)).rejects.toThrow(
      'the bundle URL answered 404 Not Found, not the bundle',
    );
    await expect(downloadBundle(`${base}/big.json`, file('dbig.json'), limits)).rejects.toBeInstanceOf(
      BundleTooLargeError,
    );
    const chunked = await downloadBundle(`${base}/big-chunked.json`, file('dchunked.json'), limits).catch(
      (e: unknown) => e,
    );
    expect(chunked).toBeInstanceOf(BundleTooLargeError);
    expect((chunked as BundleTooLargeError).statusCode).toBe(413);
    const slow = await downloadBundle(`${base}/slow.json`, file('dslow.json'), {
      ...limits,
      timeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(BundleSourceError);
    expect((slow as BundleSourceError).message).toBe(
      'the bundle download from ' + new URL(base).host + ' took longer than 0.3 s',
    );
    expect((slow as BundleSourceError).statusCode).toBe(504);
    await expect(downloadBundle('file:///etc/passwd', file('dfile.json'), limits)).rejects.toThrow(
      'must start with http:// or https://',
    );
    for (const name of ['d404.json', 'dbig.json', 'dchunked.json', 'dslow.json', 'dfile.json']) {
      expect(fs.existsSync(file(name)), name).toBe(false);
    }
  });

  it('a server that cannot be reached is a network failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await downloadBundle(`http://127.0.0.1:${port}/b.json`, file('dnet.json'), limits).catch(
      (e: unknown) => e,
    );
    expect((error as BundleSourceError).message).toMatch(
      /^the bundle URL could not be reached \(127\.0\.0\.1:\d+\): .*ECONNREFUSED/,
    );
    expect((error as BundleSourceError).statusCode).toBe(502);
  });
});

describe('saveStreamToFile', () => {
  it('writes a body to a file and counts its bytes', async () => {
    const bytes = await saveStreamToFile(
      Readable.from([Buffer.from('{"a":'), '1}']),
      file('upload.json'),
      100,
    );
    expect(bytes).toBe(7);
    expect(fs.readFileSync(file('upload.json'), 'utf8')).toBe('{"a":1}');
  });

  it('stops past maxBytes with a 413, removing the partial file', async () => {
    const body = Readable.from(Array.from({ length: 10 }, () => Buffer.alloc(1000, 0x41)));
    const error = await saveStreamToFile(body, file('upload-big.json'), 4500).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleTooLargeError);
    expect((error as BundleTooLargeError).statusCode).toBe(413);
    expect(fs.existsSync(file('upload-big.json'))).toBe(false);
  });
});
