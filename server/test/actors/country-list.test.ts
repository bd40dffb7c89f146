import { CountryList } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { useActorApp } from './actor-test-context';

/*
 * GET /api/actor/countrylist (every country by name with a local flag) and GET /flags/{code}.svg (the SVG
 * flags of the flag-icons package, served by Fovea itself).
 */

const ctx = useActorApp();

async function countries(): Promise<CountryList> {
  const response = await ctx.app.http.inject({ method: 'GET', url: '/api/actor/countrylist' });
  expect(response.statusCode).toBe(200);
  return CountryList.parse(response.json());
}

describe('GET /api/actor/countrylist', () => {
  it('lists every country once, by English name, with its code and local flag', async () => {
    const list = await countries();
    expect(list.length).toBeGreaterThan(240);
    expect(new Set(list.map((entry) => entry.code)).size).toBe(list.length);
    const names = list.map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list).toContainEqual({ code: 'US', name: 'United States', flag_url: '/flags/us.svg' });
    expect(list).toContainEqual({ code: 'CZ', name: 'Czechia', flag_url: '/flags/cz.svg' });
    expect(list).toContainEqual({ code: 'GB', name: 'United Kingdom', flag_url: '/flags/gb.svg' });
    expect(list[0]?.name).toBe('Afghanistan');
    expect(list).toContainEqual({ code: 'AC', name: 'Ascension Island', flag_url: '/flags/sh-ac.svg' });
    // Each name once: withdrawn codes Intl still names (SU "Russia", UK "United Kingdom") are left out.
    expect(new Set(names).size).toBe(list.length);
    expect(list.map((entry) => entry.code)).not.toContain('SU');
    expect(list.map((entry) => entry.code)).not.toContain('UK');
    // Unions and pseudo-regions are not countries.
    expect(list.map((entry) => entry.code)).not.toContain('EU');
    expect(list.map((entry) => entry.code)).not.toContain('ZZ');
    // Every code is ISO-like and nearly every country has a flag; each flag URL is served.
    expect(list.every((entry) => /^[A-Z]{2}$/.test(entry.code))).toBe(true);
    const withFlag = list.filter((entry) => entry.flag_url !== '');
    expect(withFlag.length).toBeGreaterThanOrEqual(list.length - 2);
    for (const entry of withFlag.slice(0, 20)) {
      const flag = await ctx.app.http.inject({ method: 'GET', url: entry.flag_url });
      expect(flag.statusCode, entry.flag_url).toBe(200);
    }
  });

  it('is in the OpenAPI document', async () => {
    const response = await ctx.app.http.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain('/api/actor/countrylist');
    expect(paths).toContain('/flags/{file}');
  });
});

describe('nationality names', () => {
  it.each([
    ['Russia', 'RU'],
    ['United Kingdom', 'GB'],
    ['Germany', 'DE'],
    ['serbia', 'RS'],
  ])('the actor edit stores %s as %s', async (name, code) => {
    const id = await ctx.make.actor(`Nationality ${code}`);
    const response = await ctx.app.http.inject({
      method: 'POST',
      url: `/api/actor/edit/${id}`,
      payload: { nationality: name },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ nationality: code });
  });
});

describe('GET /flags/{code}.svg', () => {
  it('serves the SVG with a long cache', async () => {
    const response = await ctx.app.http.inject({ method: 'GET', url: '/flags/de.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect(response.body).toContain('viewBox="0 0 640 480"');
    // Served again from memory, the same bytes.
    const again = await ctx.app.http.inject({ method: 'GET', url: '/flags/de.svg' });
    expect(again.body).toBe(response.body);
  });

  it.each(['qq.svg', 'US.svg', 'us.png', 'us', '..%2Fpackage.json', 'abcd.svg'])(
    'answers 404 for %s',
    async (file) => {
      const response = await ctx.app.http.inject({ method: 'GET', url: `/flags/${file}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ error: 'Not Found' });
    },
  );
});
