import { describe, expect, it } from 'vitest';
import {
  convertTag,
  convertTags,
  DROPPED_TAGS,
  TAG_SYNONYMS,
} from '../../../src/scrapers/store/tag-conversion';

describe('convertTag (scraper-sites §1.9)', () => {
  it('lower-cases and trims before anything else', () => {
    expect(convertTag('  Cowgirl ')).toBe('cowgirl');
    expect(convertTag('POV')).toBe('pov');
  });

  it('drops the tags that say nothing about a scene, whatever their case and spaces', () => {
    for (const tag of ['180', '60 FPS', ' VR ', 'Virtual Reality Porn', '8k-vr-porn', 'Coming Soon', 'bg']) {
      expect(convertTag(tag), tag).toBeNull();
    }
    expect(convertTag('')).toBeNull();
    expect(convertTag('   ')).toBeNull();
  });

  it('turns synonyms into one name', () => {
    expect(convertTag('Sixty-Nine')).toBe('69');
    expect(convertTag('Anal')).toBe('anal sex');
    expect(convertTag('Doggy Style')).toBe('doggystyle');
    expect(convertTag('doggy')).toBe('doggystyle');
    expect(convertTag('Facial')).toBe('cum on face');
    expect(convertTag('MILFs')).toBe('milf');
    expect(convertTag('cougar')).toBe('milf');
    expect(convertTag('18')).toBe('teen');
    expect(convertTag('Teens')).toBe('teen');
    expect(convertTag('squirt')).toBe('squirting');
    expect(convertTag('Vibrator')).toBe('sex toys');
    expect(convertTag('fingering')).toBe('masturbation');
    expect(convertTag('Group')).toBe('group sex');
  });

  it('keeps the stored names themselves as they are (a converted tag converts to itself)', () => {
    for (const [name] of TAG_SYNONYMS) expect(convertTag(name)).toBe(name);
  });

  it('has rules that agree: no synonym is dropped, no stored name is dropped, every rule is lower case', () => {
    for (const [name, spellings] of TAG_SYNONYMS) {
      expect(DROPPED_TAGS.has(name)).toBe(false);
      expect(name).toBe(name.trim().toLowerCase());
      for (const spelling of spellings) {
        expect(DROPPED_TAGS.has(spelling)).toBe(false);
        expect(spelling).toBe(spelling.trim().toLowerCase());
      }
    }
    for (const tag of DROPPED_TAGS) expect(tag).toBe(tag.trim().toLowerCase());
  });
});

describe('convertTags', () => {
  it('converts a list, dropping tags and repeats (after conversion), in first order', () => {
    expect(convertTags(['Anal', 'VR', 'anal sex', 'Blonde', '180', 'blonde ', 'Doggy'])).toEqual([
      'anal sex',
      'blonde',
      'doggystyle',
    ]);
  });
});
