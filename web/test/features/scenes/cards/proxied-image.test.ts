import { describe, expect, it } from 'vitest';
import { proxiedImage } from '../../../../src/components/proxied-image';

describe('proxiedImage (image proxy URL, form B)', () => {
  it('puts http(s) addresses behind /img/<size>/ keeping the scheme and its two slashes', () => {
    expect(proxiedImage('https://cdn.example.com/a.jpg', '700x')).toBe(
      '/img/700x/https://cdn.example.com/a.jpg',
    );
    expect(proxiedImage('http://cdn.example.com/a.jpg', '120x')).toBe(
      '/img/120x/http://cdn.example.com/a.jpg',
    );
    expect(proxiedImage('HTTPS://cdn.example.com/a.jpg', '700,fit')).toBe(
      '/img/700,fit/HTTPS://cdn.example.com/a.jpg',
    );
  });

  it('escapes the address with encodeURI, without escaping existing escapes twice', () => {
    expect(proxiedImage('https://cdn.example.com/a b.jpg', '700x')).toBe(
      '/img/700x/https://cdn.example.com/a%20b.jpg',
    );
    expect(proxiedImage('https://cdn.example.com/a%20b.jpg', '700x')).toBe(
      '/img/700x/https://cdn.example.com/a%20b.jpg',
    );
    expect(proxiedImage('https://cdn.example.com/é.jpg?w=1&h=2', '700x')).toBe(
      '/img/700x/https://cdn.example.com/%C3%A9.jpg?w=1&h=2',
    );
    expect(proxiedImage('https://cdn.example.com/100%.jpg', '700x')).toBe(
      '/img/700x/https://cdn.example.com/100%25.jpg',
    );
  });

  it('keeps the size as given, even empty', () => {
    expect(proxiedImage('https://cdn.example.com/a.jpg', '')).toBe('/img//https://cdn.example.com/a.jpg');
  });

  it('leaves other addresses and the empty string unchanged', () => {
    expect(proxiedImage('', '700x')).toBe('');
    expect(proxiedImage('/ui/images/blank.png', '700x')).toBe('/ui/images/blank.png');
    expect(proxiedImage('data:image/png;base64,AAAA', '700x')).toBe('data:image/png;base64,AAAA');
    expect(proxiedImage('ftp://example.com/a.jpg', '700x')).toBe('ftp://example.com/a.jpg');
  });
});
