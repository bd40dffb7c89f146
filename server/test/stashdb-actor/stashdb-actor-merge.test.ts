import { describe, expect, it } from 'vitest';
import type { ActorRow } from '../../src/mappers/actor.mapper';
import { actorRow } from '../factories/actor-row';
import type { ActorJournalRow } from '../../src/repositories/stashdb-actor.repository';
import { enumWords, journalLocks, planPerformerMerge } from '../../src/services/stashdb-actor-merge';
import { StashPerformerDetails } from '../../src/stashdb/stashdb.schemas';
import { stashPerformer } from '../helpers/stashdb-server';

const full = StashPerformerDetails.parse(
  stashPerformer('Jane Doe', {
    aliases: ['Janie', 'jane doe', 'J. Doe'],
    birth_date: '1994-03-21',
    country: 'GB',
    ethnicity: 'MIDDLE_EASTERN',
    eye_color: 'HAZEL',
    hair_color: 'BRUNETTE',
    height: 168,
    cup_size: 'c',
    band_size: 34,
    waist_size: 24,
    hip_size: 36,
    breast_type: 'NATURAL',
    career_start_year: 2015,
    career_end_year: 2022,
    tattoos: [
      { location: 'Left ankle', description: 'Rose' },
      { location: 'Back', description: null },
    ],
    piercings: [{ location: 'Navel', description: null }],
    urls: [{ url: 'https://twitter.com/janedoe', site: { id: 's1', name: 'Twitter' } }],
    images: [
      { url: 'https://img.example/jane-1.jpg', width: 600, height: 900 },
      { url: 'https://img.example/jane-2.jpg', width: 600, height: 900 },
    ],
  }),
);

const journal = (...rows: [ActorJournalRow['action_type'], string, string?][]): ActorJournalRow[] =>
  rows.map(([action_type, changed_column, new_value = '']) => ({ action_type, changed_column, new_value }));

describe('enumWords', () => {
  it('turns StashDB enum names into words', () => {
    expect(enumWords('MIDDLE_EASTERN')).toBe('Middle Eastern');
    expect(enumWords('BLONDE')).toBe('Blonde');
    expect(enumWords(null)).toBe('');
    expect(enumWords('  ')).toBe('');
  });
});

describe('planPerformerMerge', () => {
  it('fills an empty actor with every fact StashDB has (inches to cm, enums as words)', () => {
    const values = planPerformerMerge(actorRow(), full, journalLocks([]));
    expect(values).toEqual({
      image_url: 'https://img.example/jane-1.jpg',
      image_arr: JSON.stringify(['https://img.example/jane-1.jpg', 'https://img.example/jane-2.jpg']),
      aliases: JSON.stringify(['Janie', 'J. Doe']),
      tattoos: JSON.stringify(['Left ankle Rose', 'Back']),
      piercings: JSON.stringify(['Navel']),
      birth_date: '1994-03-21',
      nationality: 'GB',
      ethnicity: 'Middle Eastern',
      eye_color: 'Hazel',
      hair_color: 'Brunette',
      height: 168,
      breast_type: 'Natural',
      start_year: 2015,
      end_year: 2022,
      cup_size: 'C',
      band_size: 86,
      waist_size: 61,
      hip_size: 91,
      urls: JSON.stringify([{ url: 'https://twitter.com/janedoe', type: 'Twitter' }]),
    });
  });

  it('adds to lists without duplicates and keeps what the actor already has', () => {
    const row = actorRow({
      image_arr: JSON.stringify(['https://img.example/own.jpg', 'https://img.example/jane-2.jpg']),
      aliases: JSON.stringify(['JANIE']),
      urls: JSON.stringify([{ url: 'https://twitter.com/janedoe', type: 'twitter' }]),
      tattoos: JSON.stringify(['Back']),
    });
    const values = planPerformerMerge(row, full, journalLocks([]));
    expect(values.image_arr).toBe(
      JSON.stringify([
        'https://img.example/own.jpg',
        'https://img.example/jane-2.jpg',
        'https://img.example/jane-1.jpg',
      ]),
    );
    expect(values.aliases).toBe(JSON.stringify(['JANIE', 'J. Doe']));
    expect(values.tattoos).toBe(JSON.stringify(['Back', 'Left ankle Rose']));
    expect(values).not.toHaveProperty('urls');
  });

  it('changes nothing that is already equal, and never clears what StashDB leaves empty', () => {
    const merged = { ...actorRow(), ...planPerformerMerge(actorRow(), full, journalLocks([])) } as ActorRow;
    expect(planPerformerMerge(merged, full, journalLocks([]))).toEqual({});
    const bare = StashPerformerDetails.parse(stashPerformer('Jane Doe', { breast_type: 'NA' }));
    expect(planPerformerMerge(merged, bare, journalLocks([]))).toEqual({});
  });

  it('skips every column the owner edited, and the main image the owner chose', () => {
    const locks = journalLocks(
      journal(
        ['edit', 'birth_date'],
        ['edit', 'nationality'],
        ['edit', 'ethnicity'],
        ['edit', 'eye_color'],
        ['edit', 'hair_color'],
        ['edit', 'height'],
        ['edit', 'breast_type'],
        ['edit', 'start_year'],
        ['edit', 'end_year'],
        ['edit', 'aliases'],
        ['edit', 'tattoos'],
        ['edit', 'piercings'],
        ['edit', 'urls'],
        ['edit', 'image_arr'],
        ['setimage', 'image_url', 'https://img.example/own.jpg'],
        ['edit', 'waist_size'],
      ),
    );
    expect(planPerformerMerge(actorRow(), full, locks)).toEqual({});
  });

  it('moves the main image only to an image a hand-edited image list still holds', () => {
    const locks = journalLocks(journal(['edit', 'image_arr']));
    const own = actorRow({ image_arr: '["https://img.example/own.jpg"]' });
    expect(planPerformerMerge(own, full, locks)).not.toHaveProperty('image_url');
    const kept = actorRow({ image_arr: '["https://img.example/own.jpg","https://img.example/jane-2.jpg"]' });
    const values = planPerformerMerge(kept, full, locks);
    expect(values.image_url).toBe('https://img.example/jane-2.jpg');
    expect(values).not.toHaveProperty('image_arr');
  });

  it('treats the measurements as one field: an edit of any of them keeps all four', () => {
    const values = planPerformerMerge(actorRow(), full, journalLocks(journal(['edit', 'cup_size'])));
    expect(values).not.toHaveProperty('cup_size');
    expect(values).not.toHaveProperty('band_size');
    expect(values).not.toHaveProperty('waist_size');
    expect(values).not.toHaveProperty('hip_size');
    expect(values.height).toBe(168);
  });

  it('never brings back an image the owner deleted, as main image or in the list', () => {
    const locks = journalLocks(journal(['delete', 'image_arr', 'https://img.example/jane-1.jpg']));
    const values = planPerformerMerge(actorRow(), full, locks);
    expect(values.image_url).toBe('https://img.example/jane-2.jpg');
    expect(values.image_arr).toBe(JSON.stringify(['https://img.example/jane-2.jpg']));
  });

  it('ignores partial birth dates, unknown countries and a "delete" of the actor itself', () => {
    const odd = StashPerformerDetails.parse(
      stashPerformer('Jane Doe', { birth_date: '1994', country: 'Atlantis', height: 0 }),
    );
    const values = planPerformerMerge(
      actorRow(),
      odd,
      journalLocks(journal(['delete', 'actor', 'Jane Doe'])),
    );
    expect(values).toEqual({});
  });
});
