import { ACTOR_EDIT_MESSAGES } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  buildActorEditBody,
  checkActorEditForm,
  fieldErrorsFromServer,
  formFromActor,
  formMeasures,
  isFormDirty,
  profilesFromLinks,
  profilesToSave,
  suggestedValues,
  toInteger,
} from '../../../src/features/actor-edit/actor-edit-form';
import type { ActorEditForm } from '../../../src/features/actor-edit/actor-edit-form';
import { isScraperUrl, scraperSource } from '../../../src/features/actor-edit/scraper-source';
import enGB from '../../../src/i18n/en-GB.json';
import { actorFixture } from '../../fixtures/contract-fixtures';

const profiled = () =>
  actorFixture({
    id: 7,
    name: 'Jane Doe',
    birth_date: '1995-04-12T00:00:00Z',
    nationality: 'US',
    height: 170,
    weight: 55,
    cup_size: 'C',
    band_size: 91,
    waist_size: 61,
    hip_size: 91,
    start_year: 2015,
    aliases: '["Janie"]',
    tattoos: 'null',
    urls: '[{"url":"https://twitter.com/jane","type":"twitter"},{"url":"https://vrhush.com/models/jane","type":"vrhush scrape"}]',
    image_url: 'https://img.example/main.jpg',
    image_arr: '["https://img.example/other.jpg"]',
  });

const edited = (patch: Partial<ActorEditForm>) => {
  const initial = formFromActor(profiled());
  return { initial, form: { ...initial, ...patch } };
};

describe('actor edit form', () => {
  it('shows the actor: unknown values empty, measurements in inches, urls split into links and scrapers', () => {
    const form = formFromActor(profiled());
    expect(form).toMatchObject({
      birthDate: '1995-04-12',
      nationality: 'US',
      height: '170',
      weight: '55',
      feet: '5',
      inches: '7',
      lbs: '121',
      measurements: '36C-24-36',
      startYear: '2015',
      endYear: '',
      aliases: ['Janie'],
      tattoos: [],
      links: [{ url: 'https://twitter.com/jane', type: 'twitter' }],
      scrapers: [{ url: 'https://vrhush.com/models/jane', type: 'vrhush scrape' }],
      // The main image missing from image_arr is shown first.
      images: ['https://img.example/main.jpg', 'https://img.example/other.jpg'],
      mainImage: 'https://img.example/main.jpg',
    });
    const blank = formFromActor(actorFixture());
    expect(blank).toMatchObject({
      birthDate: '',
      height: '',
      feet: '',
      lbs: '',
      measurements: '',
      mainImage: '',
    });
  });

  it('sends nothing for an untouched form and only the changed fields otherwise', () => {
    const initial = formFromActor(profiled());
    expect(isFormDirty(initial, initial)).toBe(false);
    expect(buildActorEditBody(initial, initial, false)).toEqual({});
    expect(buildActorEditBody(initial, initial, true)).toEqual({});

    const { form } = edited({ ethnicity: ' Latin ', startYear: '2016', tattoos: ['Rose'] });
    expect(isFormDirty(form, initial)).toBe(true);
    expect(buildActorEditBody(form, initial, false)).toEqual({
      ethnicity: 'Latin',
      start_year: 2016,
      tattoos: '["Rose"]',
    });
  });

  it('makes numeric fields whole numbers', () => {
    expect(toInteger('172.9')).toBe(172);
    expect(toInteger('')).toBe(0);
    expect(toInteger('abc')).toBe(0);
    const { initial, form } = edited({ height: '172.9', weight: '', endYear: '2020' });
    expect(buildActorEditBody(form, initial, false)).toEqual({ height: 172, weight: 0, end_year: 2020 });
  });

  it('converts feet, inches and pounds to cm and kg (2.54 cm per inch, 2.20462 lb per kg)', () => {
    const { initial, form } = edited({ feet: '5', inches: '9', lbs: '130' });
    expect(formMeasures(form, true)).toEqual({ height: 175, weight: 59 });
    expect(buildActorEditBody(form, initial, true)).toEqual({ height: 175, weight: 59 });
    // Only the changed measure: an untouched weight is not rewritten through a rounding.
    const heightOnly = { ...initial, inches: '10' };
    expect(buildActorEditBody(heightOnly, initial, true)).toEqual({ height: 178 });
    // Metric fields are ignored when imperial entry is on, and the reverse.
    expect(buildActorEditBody({ ...initial, height: '199' }, initial, true)).toEqual({});
    expect(buildActorEditBody({ ...initial, feet: '6' }, initial, false)).toEqual({});
  });

  it('sends the birth date as midnight UTC, or null when cleared', () => {
    const { initial } = edited({});
    expect(buildActorEditBody({ ...initial, birthDate: '1990-01-02' }, initial, false)).toEqual({
      birth_date: '1990-01-02T00:00:00Z',
    });
    expect(buildActorEditBody({ ...initial, birthDate: '' }, initial, false)).toEqual({ birth_date: null });
  });

  it('sends lists and urls as JSON text, links and scrapers together', () => {
    const { initial } = edited({});
    const form = {
      ...initial,
      scrapers: [],
      aliases: ['Janie', 'JD'],
      images: ['https://img.example/x.jpg'],
    };
    expect(buildActorEditBody(form, initial, false)).toEqual({
      aliases: '["Janie","JD"]',
      urls: '[{"url":"https://twitter.com/jane","type":"twitter"}]',
      image_arr: '["https://img.example/x.jpg"]',
    });
  });

  it('sends changed measurements trimmed, "" to clear them', () => {
    const { initial } = edited({});
    expect(buildActorEditBody({ ...initial, measurements: ' 34B-25-35 ' }, initial, false)).toEqual({
      measurements: '34B-25-35',
    });
    expect(buildActorEditBody({ ...initial, measurements: '' }, initial, false)).toEqual({
      measurements: '',
    });
  });

  it('checks the rules of library-spec §5 with its messages', () => {
    const { initial } = edited({});
    const codes = new Set(['US', 'GB']);
    expect(checkActorEditForm(initial, codes, 2026)).toEqual({});
    expect(
      checkActorEditForm(
        {
          ...initial,
          nationality: 'Atlantis',
          measurements: '36-24-36',
          startYear: '2027',
          endYear: '2030',
          feet: '11',
          inches: '13',
          birthDate: '95-1-1',
        },
        codes,
        2026,
      ),
    ).toEqual({
      nationality: 'errors.noMatchingCountry',
      measurements: 'validation.measurementsFormat',
      startYear: 'validation.upToCurrentYear',
      endYear: 'validation.upToCurrentYear',
      feet: 'actorEdit.feetRange',
      inches: 'actorEdit.inchesRange',
      birthDate: 'actorEdit.birthDateFormat',
    });
    // The current year itself, 10 feet and 12 inches are allowed; an unknown list does not judge the country.
    expect(
      checkActorEditForm(
        { ...initial, startYear: '2026', feet: '10', inches: '12', nationality: 'XX' },
        undefined,
        2026,
      ),
    ).toEqual({});
  });

  it('refuses implausible values like the server, with its messages', () => {
    const { initial } = edited({});
    const today = new Date('2026-06-15T12:00:00Z');
    const check = (patch: Partial<ActorEditForm>, imperial?: boolean) =>
      checkActorEditForm({ ...initial, ...patch }, undefined, 2026, { today, imperial });
    expect(
      check(
        { birthDate: '2026-06-16', startYear: '1899', endYear: '2010', height: '999', weight: '5' },
        false,
      ),
    ).toEqual({
      birthDate: 'validation.birthDateFuture',
      startYear: 'validation.yearFrom',
      height: 'validation.actorHeight',
      weight: 'validation.actorWeight',
    });
    expect(check({ birthDate: '1899-12-31' })).toEqual({ birthDate: 'validation.birthDateEarly' });
    expect(check({ startYear: '2020', endYear: '2018' })).toEqual({ startYear: 'validation.activeOrder' });
    // Height and weight are judged only with the entry in use known, on the fields it shows.
    expect(check({ height: '999' })).toEqual({});
    expect(check({ feet: '1', inches: '2', lbs: '900' }, true)).toEqual({
      feet: 'validation.actorHeight',
      lbs: 'validation.actorWeight',
    });
    expect(check({ feet: '1', inches: '2', lbs: '900' }, false)).toEqual({});
    // The bounds themselves, today, 1900 and unknown (empty) values pass.
    expect(
      check(
        { birthDate: '2026-06-15', startYear: '1900', endYear: '1900', height: '272', weight: '20' },
        false,
      ),
    ).toEqual({});
    expect(
      check({ birthDate: '1900-01-01', height: '', weight: '', feet: '', inches: '', lbs: '' }, true),
    ).toEqual({});
  });

  it('says the same as the server for each implausible value', () => {
    const catalogue = enGB.validation;
    expect(catalogue.actorHeight).toBe(ACTOR_EDIT_MESSAGES.height);
    expect(catalogue.actorWeight).toBe(ACTOR_EDIT_MESSAGES.weight);
    expect(catalogue.birthDateFuture).toBe(ACTOR_EDIT_MESSAGES.birthDateFuture);
    expect(catalogue.birthDateEarly).toBe(ACTOR_EDIT_MESSAGES.birthDateEarly);
    expect(catalogue.yearFrom).toBe(ACTOR_EDIT_MESSAGES.yearFrom);
    expect(catalogue.activeOrder).toBe(ACTOR_EDIT_MESSAGES.activeOrder);
  });

  it('places the server issues, whose paths start with "body"', () => {
    expect(
      fieldErrorsFromServer(
        'Height must be between 50 and 272 cm; Active From must not be after Active To',
        [
          { path: ['body', 'height'], message: 'Height must be between 50 and 272 cm' },
          { path: ['body', 'start_year'], message: 'Active From must not be after Active To' },
        ],
        false,
      ),
    ).toEqual({
      height: 'Height must be between 50 and 272 cm',
      startYear: 'Active From must not be after Active To',
    });
  });

  it('puts the server messages on their fields', () => {
    expect(
      fieldErrorsFromServer(
        'body/measurements use the format 99A-99-99',
        [
          { path: ['measurements'], message: 'use the format 99A-99-99' },
          { path: ['start_year'], message: 'Up to the current year' },
          { path: ['height'], message: 'Too small' },
        ],
        true,
      ),
    ).toEqual({
      measurements: 'use the format 99A-99-99',
      startYear: 'Up to the current year',
      feet: 'Too small',
    });
    expect(fieldErrorsFromServer('No matching country', [], false)).toEqual({
      nationality: 'No matching country',
    });
    expect(fieldErrorsFromServer('Something else', [], false)).toEqual({});
  });
});

describe('external references', () => {
  const link = (source: string, url: string, id: string) =>
    ({ external_source: source, external_id: id, external_reference: { external_url: url } }) as never;

  it('shows each reference once with its source, and sends the URLs only when they changed', () => {
    const links = [
      link('stashdb performer', 'https://stashdb.org/performers/u1', 'u1'),
      link('vrhush scrape', '', 'https://vrhush.com/models/jane'),
      link('stashdb performer', 'https://stashdb.org/performers/u1', 'u1'),
    ];
    const profiles = profilesFromLinks(links);
    expect(profiles).toEqual([
      { url: 'https://stashdb.org/performers/u1', type: 'stashdb performer' },
      { url: 'https://vrhush.com/models/jane', type: 'vrhush scrape' },
    ]);
    const initial = formFromActor(profiled(), links);
    expect(initial.profiles).toEqual(profiles);
    expect(profilesToSave(initial, initial)).toBeUndefined();
    expect(profilesToSave({ ...initial, profiles: profiles.slice(1) }, initial)).toEqual([
      'https://vrhush.com/models/jane',
    ]);
    // Not read: never sent.
    const unread = formFromActor(profiled());
    expect(unread.profiles).toBeNull();
    expect(profilesToSave(unread, unread)).toBeUndefined();
  });
});

describe('suggested values', () => {
  it("takes the given values, then the library's generated attributes, without repeats", () => {
    const attributes = ['Has Tattoo', 'Hair Color Blonde', 'Hair Color Red', 'Gender Female', 'Gender male'];
    expect(suggestedValues('hairColor', attributes)).toEqual(['Blonde', 'Red']);
    expect(suggestedValues('gender', attributes, ['Female', 'Male'])).toEqual(['Female', 'Male']);
    expect(suggestedValues('eyeColor', attributes)).toEqual([]);
  });
});

describe('scraper source', () => {
  it('derives the actor-scraper source from the domain like edit_extrefs', () => {
    expect(scraperSource('https://www.vrhush.com/models/jane')).toBe('vrhush scrape');
    expect(scraperSource('https://www.sexlikereal.com/pornstars/jane')).toBe('slr scrape');
    expect(scraperSource('https://xsinsvr.com/model/jane')).toBe('sinsvr scrape');
    expect(scraperSource('https://stashdb.org/performers/abc')).toBe('stashdb performer');
    expect(scraperSource('not a url')).toBeNull();
    expect(scraperSource('ftp://example.com/x')).toBeNull();
    expect(isScraperUrl({ url: 'x', type: 'vrhush scrape' })).toBe(true);
    expect(isScraperUrl({ url: 'x', type: 'twitter' })).toBe(false);
  });
});
