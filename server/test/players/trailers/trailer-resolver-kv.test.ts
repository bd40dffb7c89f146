import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { TrailerResolver } from '../../../src/players/trailers/trailer-resolver';
import { KvRepository } from '../../../src/repositories/kv.repository';
import { createTestApp } from '../../helpers/test-app';
import { startTrailerSite, type TrailerSiteServer } from '../../helpers/trailer-site-server';

let app: FoveaApp;
let site: TrailerSiteServer;

beforeAll(async () => {
  app = await createTestApp();
  site = await startTrailerSite();
});
afterAll(async () => {
  await site.close();
  await app.close();
});

describe('TrailerResolver over the real key-value rows', () => {
  it('reads a collector config saved in the kv table (the collector-config wire shape)', async () => {
    const kv = new KvRepository(app.database.db);
    await kv.set(
      'members-trailers',
      JSON.stringify({
        headers: [{ key: 'Referer', value: 'https://members.example.com/' }],
        cookies: [{ name: 'auth', value: 'tok', domain: '', path: '', host: '' }],
        body: '',
        other: [{ key: 'unused', value: 'x' }],
      }),
    );
    site.routes.set('/api/trailer/3', {
      body: JSON.stringify({ sources: [{ src: '/t/3-1080.mp4', label: '1080p' }] }),
    });
    const resolver = new TrailerResolver({ store: kv, logger: pino({ level: 'silent' }) });
    const sources = await resolver.sources({
      trailer_type: 'load_json',
      trailer_source: JSON.stringify({
        scene_url: `${site.origin}/api/trailer/3`,
        record_path: 'sources',
        content_path: 'src',
        quality_path: 'label',
        kv_http_config: 'members-trailers',
      }),
    });
    expect(sources).toEqual([
      { url: `${site.origin}/t/3-1080.mp4`, quality: '1080p', height: 1080, width: 0, size: 0 },
    ]);
    expect(site.requests[0]?.headers.referer).toBe('https://members.example.com/');
    expect(site.requests[0]?.headers.cookie).toBe('auth=tok');
  });
});
