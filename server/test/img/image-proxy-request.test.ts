import { describe, expect, it } from 'vitest';
import { parseImageRequest, parseResizeOptions, resizeKey } from '../../src/images/image-proxy-request';

function remoteOf(rawUrl: string): string | null {
  const request = parseImageRequest(rawUrl);
  return request.ok ? request.remote.href : null;
}

describe('parseImageRequest', () => {
  it.each([
    ['/img/700x/https:/cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['/img/700x/https://cdn.example.com/a%20b.jpg', 'https://cdn.example.com/a%20b.jpg'],
    ['/img//https://cdn.example.com/a.jpg?w=1&h=2', 'https://cdn.example.com/a.jpg?w=1&h=2'],
    ['/img/undefined/https:/flagcdn.com/us.svg', 'https://flagcdn.com/us.svg'],
    ['/img/120x/HTTP:/Example.COM/x/y.png?a=%2F', 'http://example.com/x/y.png?a=%2F'],
    ['/img/700x/https%3A%2F%2Fcdn.example.com%2Fa.jpg', 'https://cdn.example.com/a.jpg'],
  ])('%s fetches %s', (raw, remote) => {
    expect(remoteOf(raw)).toBe(remote);
  });

  it('gives the options as written (decoded) and their resize', () => {
    expect(parseImageRequest('/img/700%2Cfit/https:/a.example/b.jpg')).toMatchObject({
      ok: true,
      options: '700,fit',
      resize: { width: 700, height: 700, fit: true, jpeg: false },
    });
  });

  it.each([
    ['/img/700x/file:/etc/passwd', 'scheme'],
    ['/img/700x/data:image/png;base64,AAAA', 'scheme'],
    ['/img/700x/ftp://example.com/a.jpg', 'scheme'],
    ['/img/700x/example.com/a.jpg', 'malformed'],
    ['/img/700x', 'malformed'],
    ['/other/700x/https://a/b', 'malformed'],
  ])('%s is refused (%s)', (raw, reason) => {
    expect(parseImageRequest(raw)).toEqual({ ok: false, reason });
  });
});

describe('parseResizeOptions', () => {
  it.each([
    ['700x', { width: 700, height: 0, fit: false, jpeg: false }],
    ['x40', { width: 0, height: 40, fit: false, jpeg: false }],
    ['700,fit', { width: 700, height: 700, fit: true, jpeg: false }],
    ['700x420', { width: 700, height: 420, fit: false, jpeg: false }],
    ['700x420,fit', { width: 700, height: 420, fit: true, jpeg: false }],
    ['700x,fit', { width: 700, height: 0, fit: false, jpeg: false }],
    ['q80,200x', { width: 200, height: 0, fit: false, jpeg: false }],
    ['99999999x', { width: 16384, height: 0, fit: false, jpeg: false }],
    ['700x,jpeg', { width: 700, height: 0, fit: false, jpeg: true }],
    ['JPG', { width: 0, height: 0, fit: false, jpeg: true }],
  ])('%s', (options, spec) => {
    expect(parseResizeOptions(options)).toEqual(spec);
  });

  it.each(['', 'undefined', 'fit', 'x', '0x0', 'q80', '0.5x'])('"%s" means no resize', (options) => {
    expect(parseResizeOptions(options)).toBeNull();
  });

  it('names resized folders with digits only', () => {
    expect(resizeKey({ width: 700, height: 0, fit: false, jpeg: false })).toBe('700x0');
    expect(resizeKey({ width: 700, height: 700, fit: true, jpeg: false })).toBe('700x700-fit');
    expect(resizeKey({ width: 700, height: 0, fit: false, jpeg: true })).toBe('700x0-jpeg');
  });
});
