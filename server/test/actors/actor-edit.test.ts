import { Actor } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { actorRow, journalOf, send, useActorApp } from './actor-test-context';

const ctx = useActorApp();

interface ErrorBody {
  error: string;
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
}

const edit = (id: number | string, body: unknown) => send(ctx.app, 'POST', `/api/actor/edit/${id}`, body);

/** The actor as GET answers it: the edit form spreads it into its body. */
async function current(id: number): Promise<Actor> {
  return Actor.parse((await send(ctx.app, 'GET', `/api/actor/${id}`)).body);
}

describe('POST /api/actor/edit/{id}', () => {
  it('saves the changed fields of a whole-actor body and journals each of them', async () => {
    const id = await ctx.make.actor('Edit Whole', { hair_color: 'Brown', height: 160, nationality: 'DE' });
    const body = {
      ...(await current(id)),
      imageArray: [],
      aliasArray: ['Alias One'],
      feet: 5,
      inches: 7,
      lbs: 120,
      measurements: '34C-24-36',
      hair_color: 'Blonde',
      height: 170,
      weight: 54,
      start_year: 2015,
      end_year: 0,
      nationality: 'United States',
      birth_date: '1995-04-12T00:00:00Z',
      aliases: '["Alias One"]',
      tattoos: '["rose on the ankle"]',
      urls: '[{"url":"https://example.com/model/x","type":"example scrape"}]',
      biography: 'A biography.',
    };
    const { code, body: answer } = await edit(id, body);
    expect(code).toBe(200);
    expect(Actor.parse(answer)).toMatchObject({
      id,
      hair_color: 'Blonde',
      height: 170,
      weight: 54,
      start_year: 2015,
      nationality: 'US',
      birth_date: '1995-04-12T00:00:00Z',
      cup_size: 'C',
      band_size: 86,
      waist_size: 61,
      hip_size: 91,
      aliases: '["Alias One"]',
      biography: 'A biography.',
    });
    const journal = await journalOf(ctx.app, 'Edit Whole');
    expect(
      journal.every((e) => e.actor_id === id && e.action_type === 'edit' && e.source === 'edit_actor'),
    ).toBe(true);
    expect(Object.fromEntries(journal.map((e) => [e.changed_column, e.new_value]))).toEqual({
      hair_color: 'Blonde',
      biography: 'A biography.',
      tattoos: '["rose on the ankle"]',
      aliases: '["Alias One"]',
      urls: '[{"url":"https://example.com/model/x","type":"example scrape"}]',
      height: '170',
      weight: '54',
      start_year: '2015',
      nationality: 'US',
      birth_date: '1995-04-12',
      cup_size: 'C',
      band_size: '86',
      waist_size: '61',
      hip_size: '91',
    });
  });

  it('journals nothing when the body repeats the stored values', async () => {
    const id = await ctx.make.actor('Edit Unchanged', { hair_color: 'Red', nationality: 'FR' });
    const before = await actorRow(ctx.app, id);
    const { code } = await edit(id, { ...(await current(id)), measurements: '' });
    expect(code).toBe(200);
    expect(await journalOf(ctx.app, 'Edit Unchanged')).toEqual([]);
    expect((await actorRow(ctx.app, id)).updated_at).toBe(before.updated_at);
  });

  it("shows the edit in the cast of the actor's scenes at once", async () => {
    const id = await ctx.make.actor('Edit Cast Member', { hair_color: 'Brown' });
    const scene = await ctx.make.scene({ title: 'Scene with an edited actor' });
    await ctx.make.cast(scene, id);
    expect((await send(ctx.app, 'GET', `/api/scene/${scene}`)).body).toMatchObject({
      cast: [{ id, hair_color: 'Brown' }],
    });
    expect((await edit(id, { hair_color: 'Auburn' })).code).toBe(200);
    expect((await send(ctx.app, 'GET', `/api/scene/${scene}`)).body).toMatchObject({
      cast: [{ id, hair_color: 'Auburn' }],
    });
  });

  it('leaves absent fields alone and clears the birth date with null', async () => {
    const id = await ctx.make.actor('Edit Partial', { birth_date: '1990-01-01', eye_color: 'Green' });
    const { body } = await edit(id, { birth_date: null });
    expect(Actor.parse(body)).toMatchObject({ birth_date: '0001-01-01T00:00:00Z', eye_color: 'Green' });
    expect((await actorRow(ctx.app, id)).birth_date).toBeNull();
  });

  it.each([
    ['us', 'US'],
    ['GB', 'GB'],
    ['czechia', 'CZ'],
    ['', ''],
  ])('maps nationality %j to %j', async (value, code) => {
    const id = await ctx.make.actor(`Edit Nationality ${value || 'blank'}`, { nationality: 'IT' });
    const { body } = await edit(id, { nationality: value });
    expect(Actor.parse(body).nationality).toBe(code);
  });

  it('clears the measurements with ""', async () => {
    const id = await ctx.make.actor('Edit Clear Sizes', {
      cup_size: 'B',
      band_size: 80,
      waist_size: 60,
      hip_size: 90,
    });
    const { body } = await edit(id, { measurements: '' });
    expect(Actor.parse(body)).toMatchObject({ cup_size: '', band_size: 0, waist_size: 0, hip_size: 0 });
  });

  it('refuses an unknown country with "No matching country" and changes nothing', async () => {
    const id = await ctx.make.actor('Edit Bad Country', { nationality: 'IT', hair_color: 'Black' });
    const { code, body } = await edit(id, { nationality: 'Atlantis', hair_color: 'Blue' });
    expect(code).toBe(400);
    expect(body).toEqual({ error: 'Bad Request', message: 'No matching country' });
    expect(await actorRow(ctx.app, id)).toMatchObject({ nationality: 'IT', hair_color: 'Black' });
    expect(await journalOf(ctx.app, 'Edit Bad Country')).toEqual([]);
  });

  it.each([
    [{ measurements: '34C-24' }, 'measurements', 'use the format 99A-99-99'],
    [{ start_year: new Date().getFullYear() + 1 }, 'start_year', 'Up to the current year'],
    [{ end_year: new Date().getFullYear() + 1 }, 'end_year', 'Up to the current year'],
  ])('answers 400 with the form message for %j', async (payload, field, message) => {
    const id = await ctx.make.actor(`Edit Invalid ${field} ${message.length}`);
    const { code, body } = await edit(id, payload);
    expect(code).toBe(400);
    const error = body as ErrorBody;
    expect(error.issues?.map((issue) => [issue.path.at(-1), issue.message])).toContainEqual([field, message]);
  });

  it('takes the reference UI\'s "0-0-0" for an actor without measurements as none', async () => {
    const id = await ctx.make.actor('Edit Zero Sizes', { hair_color: 'Red' });
    const { code, body } = await edit(id, {
      ...(await current(id)),
      measurements: '0-0-0',
      hair_color: 'Grey',
    });
    expect(code).toBe(200);
    expect(Actor.parse(body)).toMatchObject({ hair_color: 'Grey', cup_size: '', band_size: 0, hip_size: 0 });
    const journal = await journalOf(ctx.app, 'Edit Zero Sizes');
    expect(journal.map((e) => e.changed_column)).toEqual(['hair_color']);
  });

  it('clears stored measurements with an all-zero text', async () => {
    const id = await ctx.make.actor('Edit Zero Clears', {
      cup_size: 'D',
      band_size: 86,
      waist_size: 61,
      hip_size: 91,
    });
    const { code, body } = await edit(id, { measurements: '0-0-0' });
    expect(code).toBe(200);
    expect(Actor.parse(body)).toMatchObject({ cup_size: '', band_size: 0, waist_size: 0, hip_size: 0 });
  });

  it.each([
    ['86D-61-91', { cup_size: 'D', band_size: 86, waist_size: 61, hip_size: 91 }],
    ['0D-0-0', { cup_size: 'D', band_size: 0, waist_size: 0, hip_size: 0 }],
    ['86-61-0', { cup_size: '', band_size: 86, waist_size: 61, hip_size: 0 }],
  ])('keeps the stored measurements the reference UI sends back as %j', async (text, sizes) => {
    const name = `Edit Echo ${text}`;
    const id = await ctx.make.actor(name, sizes);
    const { code, body } = await edit(id, { ...(await current(id)), measurements: text });
    expect(code).toBe(200);
    expect(Actor.parse(body)).toMatchObject(sizes);
    expect(await journalOf(ctx.app, name)).toEqual([]);
  });

  it('refuses other measurement texts of the reference shape', async () => {
    const id = await ctx.make.actor('Edit Odd Sizes', {
      cup_size: 'D',
      band_size: 86,
      waist_size: 61,
      hip_size: 91,
    });
    const { code, body } = await edit(id, { measurements: '90C-60-0' });
    expect(code).toBe(400);
    expect((body as ErrorBody).issues).toEqual([
      { path: ['body', 'measurements'], message: 'use the format 99A-99-99' },
    ]);
    expect(await actorRow(ctx.app, id)).toMatchObject({ band_size: 86, hip_size: 91 });
  });

  const nextYear = new Date().getUTCFullYear() + 1;
  it.each([
    [{ height: 999 }, 'height', 'Height must be between 50 and 272 cm'],
    [{ height: 49 }, 'height', 'Height must be between 50 and 272 cm'],
    [{ weight: 401 }, 'weight', 'Weight must be between 20 and 400 kg'],
    [{ weight: 5 }, 'weight', 'Weight must be between 20 and 400 kg'],
    [{ birth_date: `${nextYear}-01-01T00:00:00Z` }, 'birth_date', 'The birth date cannot be in the future'],
    [{ birth_date: '1899-12-31T00:00:00Z' }, 'birth_date', 'The birth date cannot be before 1900'],
    [{ start_year: 1850 }, 'start_year', 'From 1900'],
    [{ start_year: 2020, end_year: 2018 }, 'start_year', 'Active From must not be after Active To'],
    [{ end_year: 2005 }, 'start_year', 'Active From must not be after Active To'],
  ])('refuses the implausible %j naming the field, changing nothing', async (payload, field, message) => {
    const name = `Edit Implausible ${JSON.stringify(payload)}`;
    const id = await ctx.make.actor(name, { height: 165, weight: 55, start_year: 2010, hair_color: 'Red' });
    const { code, body } = await edit(id, { ...payload, hair_color: 'Blue' });
    expect(code).toBe(400);
    expect((body as ErrorBody).issues).toContainEqual({ path: ['body', field], message });
    expect((body as ErrorBody).message).toContain(message);
    expect(await actorRow(ctx.app, id)).toMatchObject({
      height: 165,
      weight: 55,
      start_year: 2010,
      hair_color: 'Red',
    });
    expect(await journalOf(ctx.app, name)).toEqual([]);
  });

  it('takes the bounds themselves, 0 for unknown, and today as a birth date', async () => {
    const id = await ctx.make.actor('Edit Bounds', { height: 165, weight: 55 });
    const today = new Date().toISOString().slice(0, 10);
    const first = await edit(id, {
      height: 272,
      weight: 20,
      birth_date: `${today}T00:00:00Z`,
      start_year: 1900,
      end_year: 1900,
    });
    expect(first.code).toBe(200);
    expect(Actor.parse(first.body)).toMatchObject({
      height: 272,
      weight: 20,
      start_year: 1900,
      end_year: 1900,
    });
    const second = await edit(id, { height: 0, weight: 400, start_year: 0, end_year: 0 });
    expect(second.code).toBe(200);
    expect(Actor.parse(second.body)).toMatchObject({ height: 0, weight: 400, start_year: 0, end_year: 0 });
  });

  it('does not judge implausible stored values a whole-actor body merely repeats', async () => {
    const id = await ctx.make.actor('Edit Stored Oddities', {
      height: 999,
      start_year: 2020,
      end_year: 2010,
    });
    const { code, body } = await edit(id, { ...(await current(id)), hair_color: 'Black' });
    expect(code).toBe(200);
    expect(Actor.parse(body)).toMatchObject({ height: 999, hair_color: 'Black' });
  });

  it('refuses non-integer sizes, malformed JSON lists and unknown actors', async () => {
    const id = await ctx.make.actor('Edit Bad Types');
    expect((await edit(id, { height: 170.5 })).code).toBe(400);
    expect((await edit(id, { urls: '[{"url": 1}]' })).code).toBe(400);
    expect((await edit(id, { tattoos: 'not json' })).code).toBe(400);
    const missing = await edit(999999, { hair_color: 'Blue' });
    expect(missing).toEqual({ code: 404, body: { error: 'Not Found', message: 'There is no actor 999999' } });
  });
});
