import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let port: number;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request: no client-side decompression, so the test sees what was sent. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  app = await createTestApp();
  const assets = join(app.config.webDir, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(assets, 'big-abcd.js'), script);
  writeFileSync(join(assets, 'big-abcd.js.br'), brotliCompressSync(script));
  writeFileSync(join(assets, 'big-abcd.js.gz'), gzipSync(script));
  writeFileSync(join(assets, 'plain-abcd.css'), 'body{margin:0}');
  writeFileSync(join(app.config.dataDir, 'secret.txt'), 'not for the web');
  const address = await app.http.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('the web UI files', () => {
  it('sends the brotli file built ahead when the browser accepts brotli', async () => {
    const answer = await get('/ui/assets/big-abcd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toContain('accept-encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/ui/assets/big-abcd.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const refusesBrotli = await get('/ui/assets/big-abcd.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refusesBrotli.headers['content-encoding']).toBe('gzip');
    const plain = await get('/ui/assets/big-abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('never sends an empty precompressed file of a non-empty one (a build caught half-written)', async () => {
    writeFileSync(join(app.config.webDir, 'assets', 'plain-abcd.css.br'), '');
    const answer = await get('/ui/assets/plain-abcd.css', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe('body{margin:0}');
  });

  it('answers 304 to a revalidation with the same tag, and HEAD without a body', async () => {
    const first = await get('/ui/', { 'accept-encoding': 'br' });
    const tag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/ui/', { 'if-none-match': tag, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/ui/assets/plain-abcd.css', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('14');
    expect(head.body.length).toBe(0);
  });

  it('never serves a file outside the web folder, however the path is written', async () => {
    for (const path of [
      '/ui/../secret.txt',
      '/ui/%2e%2e/secret.txt',
      '/ui/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/ui/%00index.html',
      '/ui/%E0%A4%A',
      '/ui/assets/',
      '/ui/no-such-file.js',
    ]) {
      const answer = await get(path);
      // fastify itself refuses a path it cannot decode (400); the rest are not there (404).
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body.toString(), path).not.toContain('not for the web');
    }
  });

  it('redirects /ui to /ui/', async () => {
    const answer = await get('/ui');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/ui/');
  });
});

describe('compressed API answers', () => {
  it('compresses a large JSON answer for a client that accepts it, and leaves small ones alone', async () => {
    const big = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.body).toString())).toHaveProperty('openapi');
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
