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

  it('refuses non-integer sizes, malformed JSON lists and unknown actors', async () => {
    const id = await ctx.make.actor('Edit Bad Types');
    expect((await edit(id, { height: 170.5 })).code).toBe(400);
    expect((await edit(id, { urls: '[{"url": 1}]' })).code).toBe(400);
    expect((await edit(id, { tattoos: 'not json' })).code).toBe(400);
    const missing = await edit(999999, { hair_color: 'Blue' });
    expect(missing).toEqual({ code: 404, body: { error: 'Not Found', message: 'There is no actor 999999' } });
  });
});
