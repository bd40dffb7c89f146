import { describe, expect, it } from 'vitest';
import { customSiteEntry } from '../../src/custom-sites/custom-site-entry';
import type { CustomSiteRow } from '../../src/custom-sites/custom-site.repository';
import { parseCustomSiteUrl } from '../../src/custom-sites/custom-site-url';
import { customSiteVars } from '../../src/custom-sites/custom-site-vars';

const ok = (url: string) => {
  const parsed = parseCustomSiteUrl(url);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};
const refused = (url: string) => {
  const parsed = parseCustomSiteUrl(url);
  return parsed.ok ? '' : parsed.message;
};

describe('a custom site URL', () => {
  it('gives the list and the id <last segment>-<list> on each of the six domains', () => {
    expect(ok('https://www.sexlikereal.com/studios/vrhush-104')).toEqual({
      list: 'slr',
      url: 'https://www.sexlikereal.com/studios/vrhush-104',
      id: 'vrhush-104-slr',
    });
    expect(ok('povr.com/studios/Moon-Lake/')).toMatchObject({
      list: 'povr',
      url: 'https://povr.com/studios/Moon-Lake',
      id: 'moon-lake-povr',
    });
    expect(ok('http://vrporn.com/studio/glow-vr/?page=2#top')).toMatchObject({
      url: 'https://vrporn.com/studio/glow-vr',
      id: 'glow-vr-vrporn',
    });
    expect(ok('https://vrphub.com/category/night-owl/').id).toBe('night-owl-vrphub');
    expect(ok('https://stashdb.org/studios/1f0e-77ab').id).toBe('1f0e-77ab-stashdb');
  });

  it('keeps the reference’s RealVR id: the text before the first dash, less one character', () => {
    expect(ok('https://realvr.com/vrpornstudio/passthroughvr-33').id).toBe('passthroughv-realvr');
    expect(ok('https://realvr.com/vrpornstudio/solo').id).toBe('solo-realvr');
  });

  it('refuses other hosts, SLR query strings, ports and studio-less URLs', () => {
    expect(refused('https://example.com/studios/x')).toMatch(/povr\.com, sexlikereal\.com/);
    expect(refused('https://vrporn.com.evil.net/studio/x')).not.toBe('');
    expect(refused('ftp://povr.com/studios/x')).not.toBe('');
    expect(refused('https://www.sexlikereal.com/studios/x-1?page=2')).toMatch(/query string/);
    expect(refused('https://www.sexlikereal.com/studios/vrhush')).toMatch(/studio’s number/);
    expect(refused('https://povr.com:8443/studios/x')).toMatch(/port/);
    expect(refused('https://povr.com/')).toMatch(/last part/);
    expect(refused('https://povr.com/studios/%C3%A9t%C3%A9')).toMatch(/last part/);
    expect(refused(`https://povr.com/studios/${'a'.repeat(60)}`)).toMatch(/at most 64/);
  });
});

describe('a custom site entry', () => {
  const row = (values: Partial<CustomSiteRow>): CustomSiteRow => ({
    id: 'vrhush-104-slr',
    list: 'slr',
    url: 'https://www.sexlikereal.com/studios/vrhush-104',
    name: 'VRHush',
    company: 'VRHush Media',
    avatar_url: '',
    master_site_id: '',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...values,
  });

  it('is named as the reference names custom entries, with the list’s icon when none is given', () => {
    expect(customSiteEntry(row({}))).toMatchObject({
      id: 'vrhush-104-slr',
      name: 'VRHush (Custom SLR)',
      site: 'VRHush (SLR)',
      studio: 'VRHush Media',
      domain: 'sexlikereal.com',
      avatar: 'https://www.sexlikereal.com/s/refactor/images/favicons/android-icon-192x192.png',
      master_site_id: '',
    });
    const hub = customSiteEntry(
      row({
        id: 'owl-vrphub',
        list: 'vrphub',
        url: 'https://vrphub.com/category/owl',
        avatar_url: 'https://x/i.png',
      }),
    );
    expect(hub).toMatchObject({
      name: 'VRHush (Custom VRP Hub)',
      site: 'VRHush (VRP Hub)',
      avatar: 'https://x/i.png',
    });
  });

  it('carries the URL’s variables', () => {
    expect(customSiteVars('slr', 'https://www.sexlikereal.com/trans/studios/glow-2270')).toEqual({
      studio_slug: 'glow-2270',
      code: '2270',
    });
    expect(customSiteVars('povr', 'https://povr.com/studios/Moon%20Lake')).toEqual({
      studio_slug: 'Moon Lake',
    });
  });

  it('asks SLR for a trans or gay studio’s scenes under that project, and leaves other studios on the default', () => {
    const trans = customSiteEntry(
      row({ id: 'glow-2270-slr', url: 'https://www.sexlikereal.com/trans/studios/glow-2270' }),
    );
    expect(trans?.http?.headers).toEqual({ project: '3' });
    const gay = customSiteEntry(
      row({ id: 'den-88-slr', url: 'https://www.sexlikereal.com/gay/studios/den-88' }),
    );
    expect(gay?.http?.headers).toEqual({ project: '4' });
    expect(customSiteEntry(row({}))?.http).toBeUndefined();
    const transvr = customSiteEntry(
      row({ id: 'transvr-povr', list: 'povr', url: 'https://povr.com/studios/transvr' }),
    );
    expect(transvr?.http).toBeUndefined();
  });
});
