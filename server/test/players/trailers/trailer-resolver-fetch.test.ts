import { describe, expect, it } from 'vitest';
import { startTrailerSite } from '../../helpers/trailer-site-server';
import { scrape, useTrailerKit } from './trailer-kit';

const kit = useTrailerKit();
const { kv } = kit;
const resolver = kit.resolver;
const warnings = kit.warnings;

describe('TrailerResolver: JSON endpoints and pages', () => {
  it('load_json: records under record_path, with encoding_path, quality_path and content_base_url', async () => {
    kit.site.routes.set('/api/scene?id=9', {
      body: JSON.stringify({
        data: {
          trailers: [
            { file: '/media/9-1080.mp4', res: '1080p', codec: 'h264' },
            { file: 'https://cdn.example.com/9-4k.mp4', res: '2160p', codec: 'h265' },
            { res: 'no file' },
          ],
        },
      }),
    });
    const sources = await resolver().sources({
      trailer_type: 'load_json',
      trailer_source: scrape({
        scene_url: `${kit.site.origin}/api/scene?id=9`,
        record_path: 'data.trailers',
        content_path: 'file',
        quality_path: 'res',
        encoding_path: 'codec',
        content_base_url: 'https://media.example.com/',
      }),
    });
    expect(sources).toEqual([
      {
        url: 'https://media.example.com/media/9-1080.mp4',
        quality: 'h264-1080p',
        height: 1080,
        width: 0,
        size: 0,
      },
      { url: 'https://cdn.example.com/9-4k.mp4', quality: 'h265-2160p', height: 2160, width: 0, size: 0 },
    ]);
  });

  it('load_json: one source from the document itself, HTML entities decoded', async () => {
    kit.site.routes.set('/one.json', {
      body: JSON.stringify({
        video: { src: 'https://cdn.example.com/a.mp4?x=1&amp;y=2', label: ' 4K &amp; 60fps ' },
      }),
    });
    const sources = await resolver().sources({
      trailer_type: 'load_json',
      trailer_source: scrape({
        scene_url: `${kit.site.origin}/one.json`,
        content_path: 'video.src',
        quality_path: 'video.label',
      }),
    });
    expect(sources).toEqual([
      { url: 'https://cdn.example.com/a.mp4?x=1&y=2', quality: '4K & 60fps', height: 0, width: 0, size: 0 },
    ]);
  });

  it('scrape_html: attributes of the matching elements, content_base_url for relative links', async () => {
    kit.site.routes.set('/scene/12', {
      contentType: 'text/html',
      body: `<html><body><video>
        <source src="/trailers/12_1080.mp4" data-res="1080p">
        <source src="https://cdn.example.com/12_720.mp4" data-res="720p">
        <source data-res="missing">
      </video><a class="x" href="/elsewhere.mp4">x</a></body></html>`,
    });
    const sources = await resolver().sources({
      trailer_type: 'scrape_html',
      trailer_source: scrape({
        scene_url: `${kit.site.origin}/scene/12`,
        html_element: 'video source',
        content_path: 'src',
        quality_path: 'data-res',
        content_base_url: 'https://media.example.com',
      }),
    });
    expect(sources).toEqual([
      {
        url: 'https://media.example.com/trailers/12_1080.mp4',
        quality: '1080p',
        height: 1080,
        width: 0,
        size: 0,
      },
      { url: 'https://cdn.example.com/12_720.mp4', quality: '720p', height: 720, width: 0, size: 0 },
    ]);
  });

  it('scrape_html: with extract_regex, every match of the element text (Go syntax accepted)', async () => {
    kit.site.routes.set('/scene/13', {
      contentType: 'text/html',
      body: `<html><head><script>
        var player = { a: "https://cdn.example.com/13/trailer_2160p.mp4?t=1", b: "https://cdn.example.com/13/Trailer_960P.mp4" };
      </script></head></html>`,
    });
    const sources = await resolver().sources({
      trailer_type: 'scrape_html',
      trailer_source: scrape({
        scene_url: `${kit.site.origin}/scene/13`,
        html_element: 'script',
        extract_regex: '(?i)"(?P<url>https://[^"]+trailer_\\d+p\\.mp4[^"]*)"',
      }),
    });
    expect(sources).toEqual([
      {
        url: 'https://cdn.example.com/13/trailer_2160p.mp4?t=1',
        quality: 'trailer_2160p',
        height: 2160,
        width: 0,
        size: 0,
      },
      {
        url: 'https://cdn.example.com/13/Trailer_960P.mp4',
        quality: 'Trailer_960P',
        height: 960,
        width: 0,
        size: 0,
      },
    ]);
  });

  it('scrape_json: JSON embedded in a page, cut out by extract_regex, records by a wildcard path', async () => {
    const state = {
      scene42: {
        videos: [
          { url: 'https://cdn.example.com/42-1080.mp4', format: '1080p' },
          { url: '/42-480.mp4', format: '480p' },
        ],
      },
    };
    kit.site.routes.set('/members/42', {
      contentType: 'text/html',
      body: `<html><body><div class="Cms_SceneSignUrlData"><script>window.defaultStateScene =  ${JSON.stringify(state)};</script></div></body></html>`,
    });
    const sources = await resolver().sources({
      trailer_type: 'scrape_json',
      trailer_source: scrape({
        scene_url: `${kit.site.origin}/members/42`,
        html_element: '.Cms_SceneSignUrlData script',
        extract_regex: 'window.defaultStateScene =  (.*);',
        record_path: '*.videos',
        content_path: 'url',
        quality_path: 'format',
      }),
    });
    expect(sources).toEqual([
      { url: 'https://cdn.example.com/42-1080.mp4', quality: '1080p', height: 1080, width: 0, size: 0 },
      { url: `${kit.site.origin}/42-480.mp4`, quality: '480p', height: 480, width: 0, size: 0 },
    ]);
  });

  it('vrporn: data.item.sources groups when status.message is Ok, nothing otherwise', async () => {
    kit.site.routes.set('/vrp/ok', {
      body: JSON.stringify({
        status: { message: 'Ok' },
        data: {
          item: {
            sources: {
              trailer: {
                '4k': { path: 'https://cdn.example.com/vrp-4k.mp4' },
                '1080p': { path: 'https://cdn.example.com/vrp-1080.mp4' },
              },
              preview: [{ path: 'https://cdn.example.com/vrp-preview.mp4' }],
            },
          },
        },
      }),
    });
    kit.site.routes.set('/vrp/denied', {
      body: JSON.stringify({ status: { message: 'Unauthorized' }, data: {} }),
    });
    const ok = await resolver().sources({
      trailer_type: 'vrporn',
      trailer_source: scrape({ scene_url: `${kit.site.origin}/vrp/ok` }),
    });
    expect(ok.map((source) => [source.quality, source.url, source.height])).toEqual([
      ['trailer - 4k', 'https://cdn.example.com/vrp-4k.mp4', 0],
      ['trailer - 1080p', 'https://cdn.example.com/vrp-1080.mp4', 1080],
      ['preview - 0', 'https://cdn.example.com/vrp-preview.mp4', 0],
    ]);
    const denied = await resolver().sources({
      trailer_type: 'vrporn',
      trailer_source: scrape({ scene_url: `${kit.site.origin}/vrp/denied` }),
    });
    expect(denied).toEqual([]);
  });
});

describe('TrailerResolver: failures answer [] and are logged', () => {
  it('an error status', async () => {
    kit.site.routes.set('/deovr/500', { status: 500, body: 'boom' });
    expect(
      await resolver().sources({ trailer_type: 'deovr', trailer_source: `${kit.site.origin}/deovr/500` }),
    ).toEqual([]);
    expect(warnings().join('\n')).toMatch(/answered 500/);
  });

  it('a site slower than the fetch time limit', async () => {
    kit.site.routes.set('/slow', { delayMs: 1500, body: '{}' });
    const started = Date.now();
    const sources = await resolver({ fetchTimeoutMs: 200 }).sources({
      trailer_type: 'deovr',
      trailer_source: `${kit.site.origin}/slow`,
    });
    expect(sources).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1200);
    expect(warnings().join('\n')).toMatch(/took too long/);
  });

  it('the whole-call limit and a caller abort signal', async () => {
    kit.site.routes.set('/slow', { delayMs: 1500, body: '{}' });
    const started = Date.now();
    expect(
      await resolver({ timeoutMs: 150 }).sources({
        trailer_type: 'vrporn',
        trailer_source: scrape({ scene_url: `${kit.site.origin}/slow` }),
      }),
    ).toEqual([]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(
      await resolver().sources(
        { trailer_type: 'heresphere', trailer_source: `${kit.site.origin}/slow` },
        controller.signal,
      ),
    ).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('an answer larger than the size limit', async () => {
    kit.site.routes.set('/big', { body: JSON.stringify({ encodings: [], pad: 'x'.repeat(5000) }) });
    expect(
      await resolver({ maxBytes: 1000 }).sources({
        trailer_type: 'deovr',
        trailer_source: `${kit.site.origin}/big`,
      }),
    ).toEqual([]);
    expect(warnings().join('\n')).toMatch(/larger than 1000 bytes/);
  });

  it('an unreachable site, an invalid regex, a source that is neither URL nor JSON', async () => {
    expect(
      await resolver().sources({ trailer_type: 'deovr', trailer_source: 'http://127.0.0.1:9/x' }),
    ).toEqual([]);
    kit.site.routes.set('/page', { contentType: 'text/html', body: '<script>x</script>' });
    expect(
      await resolver().sources({
        trailer_type: 'scrape_html',
        trailer_source: scrape({
          scene_url: `${kit.site.origin}/page`,
          html_element: 'script',
          extract_regex: '(unclosed',
        }),
      }),
    ).toEqual([]);
    expect(await resolver().sources({ trailer_type: 'load_json', trailer_source: 'not a url' })).toEqual([]);
    expect(warnings()).toHaveLength(3);
  });

  it('JSON that is not the expected shape gives nothing without a crash', async () => {
    kit.site.routes.set('/junk', { body: '[1,2,3]' });
    for (const type of ['heresphere', 'deovr', 'vrporn']) {
      expect(
        await resolver().sources({ trailer_type: type, trailer_source: `${kit.site.origin}/junk` }),
      ).toEqual([]);
    }
    kit.site.routes.set('/notjson', { body: '<html>' });
    expect(
      await resolver().sources({ trailer_type: 'deovr', trailer_source: `${kit.site.origin}/notjson` }),
    ).toEqual([]);
  });

  it('follows redirects, but sends the KV headers only to the same origin', async () => {
    const other = await startTrailerSite();
    try {
      kit.site.routes.set('/moved', { status: 302, headers: { location: '/deovr/7' } });
      kit.site.routes.set('/deovr/7', { status: 302, headers: { location: `${other.origin}/final` } });
      other.routes.set('/final', {
        body: JSON.stringify({
          encodings: [{ name: 'h264', videoSources: [{ resolution: 720, url: '/720.mp4' }] }],
        }),
      });
      kv.set(
        '127.0.0-trailers',
        JSON.stringify({ headers: [{ key: 'X-Token', value: 't' }], cookies: [], body: '', other: [] }),
      );
      const sources = await resolver().sources({
        trailer_type: 'deovr',
        trailer_source: `${kit.site.origin}/moved`,
      });
      // Relative links resolve against the scene URL the scrape names.
      expect(sources.map((source) => source.url)).toEqual([`${kit.site.origin}/720.mp4`]);
      expect(kit.site.requests.map((request) => [request.path, request.headers['x-token']])).toEqual([
        ['/moved', 't'],
        ['/deovr/7', 't'],
      ]);
      expect(other.requests[0]?.headers['x-token']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('an unreadable KV entry means no headers, not a failure', async () => {
    kit.site.routes.set('/deovr/8', {
      body: JSON.stringify({ encodings: [{ name: 'a', videoSources: [{ url: '/8.mp4' }] }] }),
    });
    kv.set('127.0.0-trailers', 'not json');
    const sources = await resolver().sources({
      trailer_type: 'deovr',
      trailer_source: `${kit.site.origin}/deovr/8`,
    });
    expect(sources).toEqual([
      { url: `${kit.site.origin}/8.mp4`, quality: 'a', height: 0, width: 0, size: 0 },
    ]);
  });
});
