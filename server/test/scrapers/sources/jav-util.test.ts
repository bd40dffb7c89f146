import { describe, expect, it } from 'vitest';
import { emptyScrapedScene } from '../../../src/scrapers/scraped-scene';
import { javIds } from '../../../src/scrapers/sources/jav/jav-import.service';
import { javContentId, processJavrTag } from '../../../src/scrapers/sources/jav/jav-util';

describe('JAV helpers', () => {
  it('skips format markers, maps synonyms and drops tags that are not plain Latin text', () => {
    expect(processJavrTag(' High-Quality VR ')).toBeNull();
    expect(processJavrTag('Over 4 Hours')).toBeNull();
    expect(processJavrTag('Blow Job')).toBe('blowjob');
    expect(processJavrTag('Huge Cock')).toBe('huge dick - large dick');
    expect(processJavrTag('Prostitutes')).toBe('club hostess & sex worker');
    expect(processJavrTag('巨乳')).toBeNull();
    expect(processJavrTag('Cosplay (Costume)')).toBe('cosplay (costume)');
    expect(processJavrTag('Café')).toBeNull();
  });

  it('takes the content id from the page, then the images, then builds it from the DVD id', () => {
    const scene = { ...emptyScrapedScene(''), sceneId: 'VRKM-821' };
    expect(javContentId(scene, ' vrkm00821x ')).toBe('vrkm00821x');
    expect(
      javContentId({ ...scene, gallery: ['https://pics.dmm.co.jp/digital/video/abc00001/a.jpg'] }, ''),
    ).toBe('abc00001');
    expect(javContentId(scene, '')).toBe('vrkm00821');
    expect(javContentId({ ...scene, sceneId: 'FSDSS-12' }, '')).toBe('1fsdss00012');
  });

  it('splits a query into ids, each once', () => {
    expect(javIds(' VRKM-821, ipvr-001,,vrkm-821 ,')).toEqual(['VRKM-821', 'ipvr-001']);
  });
});
