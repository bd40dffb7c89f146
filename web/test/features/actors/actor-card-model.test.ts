import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  actorAge,
  actorCardImage,
  actorCardLook,
  akaMembers,
  countriesByCode,
  isAkaGroupActor,
} from '../../../src/features/actors/actor-card-model';

describe('actor card model', () => {
  it('computes the age in whole years, unknown for the zero date', () => {
    const today = new Date(2026, 5, 15);
    expect(actorAge('1990-06-15T00:00:00Z', today)).toBe(36);
    expect(actorAge('1990-06-16T00:00:00Z', today)).toBe(35);
    expect(actorAge('1990-12-01', today)).toBe(35);
    expect(actorAge('0001-01-01T00:00:00Z', today)).toBeNull();
    expect(actorAge('', today)).toBeNull();
    expect(actorAge('2030-01-01T00:00:00Z', today)).toBeNull();
  });

  it('shows the image through the proxy, or the blank profile', () => {
    expect(actorCardImage({ image_url: 'https://img.example/a b.jpg' })).toBe(
      '/img/700x/https://img.example/a%20b.jpg',
    );
    expect(actorCardImage({ image_url: '' })).toBe(BLANK_ACTOR_IMAGE);
    expect(actorCardImage({ image_url: '  ' })).toBe(BLANK_ACTOR_IMAGE);
  });

  it('tells aka-group pseudo-actors and their members', () => {
    expect(isAkaGroupActor({ name: 'aka:Jane Doe,Jane D' })).toBe(true);
    expect(akaMembers({ name: 'aka:Jane Doe, Jane D' })).toEqual(['Jane Doe', 'Jane D']);
    expect(isAkaGroupActor({ name: 'Akame' })).toBe(false);
    expect(akaMembers({ name: 'Akame' })).toEqual([]);
  });

  it('finds countries by code whatever the case', () => {
    const byCode = countriesByCode([{ code: 'gb', name: 'United Kingdom', flag_url: '/flags/gb.svg' }]);
    expect(byCode.get('GB')?.name).toBe('United Kingdom');
    expect(countriesByCode(undefined).size).toBe(0);
  });

  it('reads the card look from the Web UI options', () => {
    expect(actorCardLook({ actorCardAspectRatio: '2:3', actorCardScaleToFit: false })).toEqual({
      ratio: '2 / 3',
      fit: 'cover',
    });
    expect(actorCardLook({ actorCardAspectRatio: '1:1', actorCardScaleToFit: true }).fit).toBe('contain');
  });
});
