import { describe, expect, it } from 'vitest';
import { keepFirstPage, nextSceneOffset } from '../../../src/api/queries/scene-list';
import { shouldShowBackToTop } from '../../../src/components/back-to-top';
import { matchingOptions, sortTagOptions } from '../../../src/features/scenes/filters/picker-options';
import { hasMoreScenes, loadedScenes } from '../../../src/features/scenes/scene-pages';
import { listPage, listScene } from './scene-list-fixtures';

describe('loading more scenes', () => {
  it('appends each page after the ones shown, each scene once', () => {
    const first = listPage(0, 80, 200);
    const second = listPage(80, 80, 200);
    const scenes = loadedScenes([first, second]);
    expect(scenes).toHaveLength(160);
    expect(scenes[0]?.id).toBe(1);
    expect(scenes[80]?.id).toBe(81);
    // A scene that moved to the next page between two calls is not shown twice.
    const shifted = { ...second, scenes: [listScene(80), ...second.scenes.slice(1)] };
    expect(loadedScenes([first, shifted]).map((scene) => scene.id)).toHaveLength(159);
    expect(loadedScenes(undefined)).toEqual([]);
  });

  it('asks for the next 80 while fewer are loaded than the total', () => {
    expect(nextSceneOffset(listPage(0, 80, 200), 0)).toBe(80);
    expect(nextSceneOffset(listPage(80, 80, 200), 80)).toBe(160);
    expect(nextSceneOffset(listPage(160, 40, 200), 160)).toBeUndefined();
    expect(nextSceneOffset(listPage(0, 80, 80), 0)).toBeUndefined();
    expect(hasMoreScenes(160, 200)).toBe(true);
    expect(hasMoreScenes(200, 200)).toBe(false);
  });

  it('starts again from the first page when the list is entered again', () => {
    const data = { pages: [listPage(0, 80, 200), listPage(80, 80, 200)], pageParams: [0, 80] };
    expect(keepFirstPage(data)).toEqual({ pages: [data.pages[0]], pageParams: [0] });
    const single = { pages: [listPage(0, 80, 200)], pageParams: [0] };
    expect(keepFirstPage(single)).toBe(single);
    expect(keepFirstPage(undefined)).toBeUndefined();
  });
});

describe('back to top', () => {
  it('shows only after more than 20 px of scrolling', () => {
    expect(shouldShowBackToTop(0)).toBe(false);
    expect(shouldShowBackToTop(20)).toBe(false);
    expect(shouldShowBackToTop(21)).toBe(true);
  });
});

describe('picker choices', () => {
  const names = ['Anna Ärger', 'Jane Doe', 'Janet', 'Zoë'];

  it('match anywhere in the name ignoring case, without the chosen ones, at most the limit', () => {
    expect(matchingOptions(names, 'jan', [])).toEqual(['Jane Doe', 'Janet']);
    expect(matchingOptions(names, 'ÄR', [])).toEqual(['Anna Ärger']);
    expect(matchingOptions(names, '', ['!Jane Doe', '&Zoë'])).toEqual(['Anna Ärger', 'Janet']);
    expect(matchingOptions(names, '', [], 2)).toEqual(['Anna Ärger', 'Jane Doe']);
  });

  it('sort tags alphabetically (ignoring case) or keep the server order', () => {
    const tags = ['pov', 'Blonde', 'anal'];
    expect(sortTagOptions(tags, 'alphabetically')).toEqual(['anal', 'Blonde', 'pov']);
    expect(sortTagOptions(tags, 'by-tag-count')).toEqual(tags);
  });
});
