import { describe, expect, it } from 'vitest';
import { emptyScrapedScene } from '../../../src/scrapers/scraped-scene';
import { sceneDiff } from './scene-diff';

const scene = (sceneId: string, title: string) => ({
  ...emptyScrapedScene('site'),
  sceneId,
  title,
  homepageUrl: `https://s.example/${sceneId}`,
});

describe('sceneDiff (the fixture suite comparison)', () => {
  it('matches by sceneId whatever the order', () => {
    expect(sceneDiff([scene('b', 'B'), scene('a', 'A')], [scene('a', 'A'), scene('b', 'B')])).toEqual([]);
  });

  it('names every differing field, missing, unexpected and repeated scene', () => {
    const changed = { ...scene('a', 'A2'), tags: ['x'] };
    expect(
      sceneDiff([changed, scene('c', 'C'), scene('c', 'C')], [scene('a', 'A'), scene('b', 'B')]),
    ).toEqual([
      'scraped: scene c appears more than once',
      'a.title: expected "A", scraped "A2"',
      'a.tags: expected [], scraped ["x"]',
      'missing scene b (https://s.example/b)',
      'unexpected scene c (https://s.example/c)',
    ]);
  });
});
