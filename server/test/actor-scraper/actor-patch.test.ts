import { describe, expect, it } from 'vitest';
import type { ScrapedActorFields } from '../../src/actor-scraper/actor-page-read';
import { planActorScrape, scrapeData } from '../../src/actor-scraper/actor-patch';
import type { ActorScrapeField } from '../../src/actor-scraper/rule-set.schema';
import type { ActorRow } from '../../src/mappers/actor.mapper';
import { actorRow } from '../factories/actor-row';
import type { JournalLocks } from '../../src/services/stashdb-actor-merge';

const today = new Date('2026-06-01T00:00:00Z');

function row(values: Partial<ActorRow> = {}): ActorRow {
  return actorRow({ id: 1, name: 'Anna Test', ...values });
}

const fields = (entries: Partial<Record<ActorScrapeField, string[]>>): ScrapedActorFields =>
  new Map(Object.entries(entries) as [ActorScrapeField, string[]][]);

const NO_LOCKS: JournalLocks = { columns: new Set(), deletedImages: new Set() };
const locks = (...columns: string[]): JournalLocks => ({
  columns: new Set(columns),
  deletedImages: new Set(),
});
const fill = { overwrite: false, urlType: () => '', today };
const overwrite = { overwrite: true, urlType: () => '', today };

describe('planActorScrape', () => {
  it('fills empty fields with the first usable value of each field', () => {
    const plan = planActorScrape(
      row(),
      fields({
        birth_date: ['2020-01-05', '1994-03-05'],
        height: ['tall', '170'],
        weight: ['0', '55'],
        ethnicity: ['White'],
        nationality: ['HU'],
        biography: ['Likes tests.'],
        start_year: ['2015'],
      }),
      NO_LOCKS,
      fill,
    );
    expect(plan).toEqual({
      birth_date: '1994-03-05',
      height: 170,
      weight: 55,
      ethnicity: 'Caucasian',
      nationality: 'HU',
      biography: 'Likes tests.',
      start_year: 2015,
    });
  });

  it('without overwrite keeps stored values, but replaces a Jan 1 birth date and moves the start year earlier', () => {
    const stored = row({ birth_date: '1990-01-01', height: 160, biography: 'Own words.', start_year: 2018 });
    const plan = planActorScrape(
      stored,
      fields({ birth_date: ['1990-07-14'], height: ['170'], biography: ['Scraped.'], start_year: ['2016'] }),
      NO_LOCKS,
      fill,
    );
    expect(plan).toEqual({ birth_date: '1990-07-14', start_year: 2016 });
  });

  it('with overwrite replaces stored values, never the columns the owner edited', () => {
    const stored = row({
      height: 160,
      biography: 'Own words.',
      hair_color: 'Red',
      cup_size: 'B',
      band_size: 80,
    });
    const plan = planActorScrape(
      stored,
      fields({
        height: ['170'],
        biography: ['Scraped.'],
        hair_color: ['Blonde'],
        cup_size: ['C'],
        band_size: ['86'],
      }),
      locks('biography', 'band_size'),
      overwrite,
    );
    // band_size edited: the four measurement columns are the owner's.
    expect(plan).toEqual({ height: 170, hair_color: 'Blonde' });
  });

  it('appends list entries split on , and ;, once, and never the actor’s own name as an alias', () => {
    const plan = planActorScrape(
      row({ aliases: '["Annie"]' }),
      fields({ aliases: ['annie; Anna T, Anna Test'], tattoos: ['Rose on the back'], piercings: [] }),
      NO_LOCKS,
      fill,
    );
    expect(plan).toEqual({ aliases: '["Annie","Anna T"]', tattoos: '["Rose on the back"]' });
    expect(planActorScrape(row(), fields({ aliases: ['Anna T'] }), locks('aliases'), overwrite)).toEqual({});
  });

  it('adds images to the list, the main image only when there is none, never a deleted one', () => {
    const deleted: JournalLocks = {
      columns: new Set(),
      deletedImages: new Set(['https://img.example/old.jpg']),
    };
    const scraped = fields({
      image_url: ['https://img.example/main.jpg'],
      images: ['https://img.example/old.jpg', 'https://img.example/2.jpg', 'not a url'],
    });
    expect(planActorScrape(row(), scraped, deleted, fill)).toEqual({
      image_url: 'https://img.example/main.jpg',
      image_arr: '["https://img.example/main.jpg","https://img.example/2.jpg"]',
    });
    const withImage = row({
      image_url: 'https://img.example/own.jpg',
      image_arr: '["https://img.example/own.jpg"]',
    });
    expect(planActorScrape(withImage, scraped, locks('image_arr'), overwrite)).toEqual({});
  });

  it('adds scraped profile URLs with the type a rule set reads them under', () => {
    const plan = planActorScrape(
      row({ urls: '[{"url":"https://vrhush.com/models/anna","type":"vrhush scrape"}]' }),
      fields({ urls: ['https://twitter.com/anna', 'https://vrhush.com/models/anna', 'mailto:x'] }),
      NO_LOCKS,
      { ...fill, urlType: (url) => (url.includes('twitter') ? '' : 'x scrape') },
    );
    expect(JSON.parse(String(plan.urls))).toEqual([
      { url: 'https://vrhush.com/models/anna', type: 'vrhush scrape' },
      { url: 'https://twitter.com/anna', type: '' },
    ]);
  });

  it('records the scraped values as field → comma-joined text', () => {
    expect(JSON.parse(scrapeData(fields({ height: ['170'], images: ['a', 'b'] })))).toEqual({
      height: '170',
      images: 'a,b',
    });
  });
});
