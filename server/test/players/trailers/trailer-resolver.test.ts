import { describe, expect, it } from 'vitest';
import { scrape, useTrailerKit } from './trailer-kit';

const kit = useTrailerKit();
const { kv } = kit;
const resolver = kit.resolver;

describe('TrailerResolver: sources stored in the scene', () => {
  it('url: the trailer_source URL itself, quality Unknown, without fetching it', async () => {
    const sources = await resolver().sources({
      trailer_type: 'url',
      trailer_source: `${kit.site.origin}/trailers/t.mp4`,
    });
    expect(sources).toEqual([
      { url: `${kit.site.origin}/trailers/t.mp4`, quality: 'Unknown', height: 0, width: 0, size: 0 },
    ]);
    expect(kit.site.requests).toHaveLength(0);
  });

  it('url: a scrape JSON with scene_url works too; a non-http URL gives nothing', async () => {
    const fromJson = await resolver().sources({
      trailer_type: 'url',
      trailer_source: scrape({ scene_url: 'https://cdn.example.com/a.mp4' }),
    });
    expect(fromJson.map((source) => source.url)).toEqual(['https://cdn.example.com/a.mp4']);
    expect(await resolver().sources({ trailer_type: 'url', trailer_source: 'ftp://host/a.mp4' })).toEqual([]);
  });

  it('urls: every video_sources entry, the height read from a "<n>p" quality', async () => {
    const sources = await resolver().sources({
      trailer_type: 'urls',
      trailer_source: JSON.stringify({
        video_sources: [
          { url: 'https://cdn.example.com/t-1080.mp4', quality: '1080p' },
          { url: 'https://cdn.example.com/t-4k.mp4', quality: 'h265-2160p' },
          { url: 'https://cdn.example.com/t-1080.mp4', quality: 'again' },
          { url: 'javascript:alert(1)', quality: 'bad' },
          { quality: 'no url' },
        ],
      }),
    });
    expect(sources).toEqual([
      { url: 'https://cdn.example.com/t-1080.mp4', quality: '1080p', height: 1080, width: 0, size: 0 },
      { url: 'https://cdn.example.com/t-4k.mp4', quality: 'h265-2160p', height: 2160, width: 0, size: 0 },
    ]);
  });

  it('urls: text that is not JSON gives nothing (and does not throw)', async () => {
    expect(await resolver().sources({ trailer_type: 'urls', trailer_source: '{video_sources:' })).toEqual([]);
  });

  it('an empty or unknown type, or an empty source, gives nothing', async () => {
    expect(await resolver().sources({ trailer_type: '', trailer_source: 'https://x.com/a.mp4' })).toEqual([]);
    expect(await resolver().sources({ trailer_type: 'url', trailer_source: '  ' })).toEqual([]);
    expect(
      await resolver().sources({ trailer_type: 'magic', trailer_source: 'https://x.com/a.mp4' }),
    ).toEqual([]);
  });
});

describe('TrailerResolver: player JSON', () => {
  it('heresphere: POSTs the URL (with the KV headers, cookies and body) and reads media[].sources[]', async () => {
    kit.site.routes.set('/heresphere/77', {
      body: JSON.stringify({
        access: 1,
        media: [
          {
            name: 'h265',
            sources: [
              {
                resolution: 2880,
                height: 2880,
                width: 5760,
                size: 1234,
                url: `${kit.site.origin}/v/77-2880.mp4`,
              },
              { resolution: '1440', height: 1440, width: 2880, size: 99, url: '/v/77-1440.mp4' },
            ],
          },
          { name: 'Trailer 1080p', sources: [{ resolution: 1080, url: `${kit.site.origin}/v/77-1080.mp4` }] },
        ],
      }),
    });
    // 127.0.0.1 has the "core domain" 127.0.0.
    kv.set(
      '127.0.0-trailers',
      JSON.stringify({
        headers: [{ key: 'X-Api-Key', value: 'secret' }],
        cookies: [
          { name: 'session', value: 'abc', domain: '127.0.0.1', path: '/', host: '' },
          { name: 'elsewhere', value: 'no', domain: 'other.example', path: '/', host: '' },
        ],
        body: '{"needsMediaSource":true}',
        other: null,
      }),
    );
    const sources = await resolver().sources({
      trailer_type: 'heresphere',
      trailer_source: `${kit.site.origin}/heresphere/77`,
    });
    expect(sources).toEqual([
      {
        url: `${kit.site.origin}/v/77-2880.mp4`,
        quality: 'h265 - 2880p',
        height: 2880,
        width: 5760,
        size: 1234,
      },
      {
        url: `${kit.site.origin}/v/77-1440.mp4`,
        quality: 'h265 - 1440p',
        height: 1440,
        width: 2880,
        size: 99,
      },
      { url: `${kit.site.origin}/v/77-1080.mp4`, quality: 'Trailer 1080p', height: 1080, width: 0, size: 0 },
    ]);
    const [request] = kit.site.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['x-api-key']).toBe('secret');
    expect(request?.headers.cookie).toBe('session=abc');
    expect(request?.body).toBe('{"needsMediaSource":true}');
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('deovr and slr: GETs the DeoVR scene JSON and reads encodings[].videoSources[]', async () => {
    kit.site.routes.set('/deovr/5', {
      body: JSON.stringify({
        encodings: [
          {
            name: 'h264',
            videoSources: [
              {
                resolution: 1920,
                height: 1920,
                width: 3840,
                size: 5000,
                url: `${kit.site.origin}/t/1920.mp4`,
              },
            ],
          },
          { name: 'h265', videoSources: [{ resolution: 2880, url: `${kit.site.origin}/t/2880.mp4` }] },
          { name: 'empty', videoSources: [] },
        ],
      }),
    });
    for (const type of ['deovr', 'slr']) {
      const sources = await resolver().sources({
        trailer_type: type,
        trailer_source: `${kit.site.origin}/deovr/5`,
      });
      expect(sources).toEqual([
        {
          url: `${kit.site.origin}/t/1920.mp4`,
          quality: 'h264 - 1920p',
          height: 1920,
          width: 3840,
          size: 5000,
        },
        { url: `${kit.site.origin}/t/2880.mp4`, quality: 'h265 - 2880p', height: 2880, width: 0, size: 0 },
      ]);
    }
    expect(kit.site.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('deovr: a trailer scrape JSON with kv_http_config picks that KV entry', async () => {
    kit.site.routes.set('/deovr/6', {
      body: JSON.stringify({
        encodings: [{ name: 'h264', videoSources: [{ resolution: 720, url: '/t/720.mp4' }] }],
      }),
    });
    kv.set(
      'slr-trailers',
      JSON.stringify({
        headers: [{ key: 'Authorization', value: 'Bearer t' }],
        cookies: null,
        body: '',
        other: null,
      }),
    );
    const sources = await resolver().sources({
      trailer_type: 'slr',
      trailer_source: scrape({ scene_url: `${kit.site.origin}/deovr/6`, kv_http_config: 'slr-trailers' }),
    });
    expect(sources.map((source) => source.url)).toEqual([`${kit.site.origin}/t/720.mp4`]);
    expect(kit.site.requests[0]?.headers.authorization).toBe('Bearer t');
  });
});
