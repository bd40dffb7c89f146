import { PLACEHOLDER_COVER_URL } from '@fovea/contract';
import type { Scene } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { sceneCoverSources, sceneCoverSrc } from '../../../../src/components/scene-cover-src';
import { SceneGrid } from '../../../../src/features/scenes/cards/SceneGrid';
import { cardScene, renderWithDetails, webOptions } from './card-fixtures';

describe('sceneCoverSrc', () => {
  it('takes the cover through the image proxy when there is one', () => {
    expect(sceneCoverSrc({ id: 3, cover_url: 'https://cdn.x/a b.jpg', is_available: true }, '700x')).toBe(
      '/img/700x/https://cdn.x/a%20b.jpg',
    );
  });

  it('lists the frame after the cover for a scene with a video, for when the cover fails', () => {
    expect(
      sceneCoverSources({ id: 3, cover_url: 'https://cdn.x/a.jpg', is_available: true }, '120x'),
    ).toEqual(['/img/120x/https://cdn.x/a.jpg', '/api/dms/frame/3']);
    expect(sceneCoverSources({ id: 3, cover_url: '', is_available: false }, '120x')).toEqual([]);
  });

  it("takes the video frame for no cover or the custom scenes' placeholder, when there is a video", () => {
    for (const cover_url of ['', '  ', PLACEHOLDER_COVER_URL, 'http:/localhost/dont_cause_errors']) {
      expect(sceneCoverSrc({ id: 3, cover_url, is_available: true }, '700x')).toBe('/api/dms/frame/3');
      expect(sceneCoverSrc({ id: 3, cover_url, is_available: false }, '700x')).toBe('');
    }
  });
});

describe('scene cards without a cover', () => {
  const render = (scenes: Scene[]) =>
    renderWithDetails(
      <SceneGrid
        scenes={scenes}
        cardSize={1}
        webOptions={webOptions()}
        hasMore={false}
        onLoadMore={() => undefined}
      />,
    );
  const card = (id: number) => {
    const element = document.querySelector<HTMLElement>(`[data-scene-id="${id}"]`);
    if (element === null) throw new Error(`no card for scene ${id}`);
    return element;
  };

  it('show a frame of the video, or the blank when the scene has no video', () => {
    render([
      cardScene({ id: 7, cover_url: PLACEHOLDER_COVER_URL, is_available: true }),
      cardScene({ id: 8, cover_url: '', is_available: false }),
      cardScene({ id: 9, is_available: true }),
    ]);
    expect(card(7).querySelector('img')?.getAttribute('src')).toBe('/api/dms/frame/7');
    expect(card(8).querySelector('img')).toBeNull();
    expect(card(8).querySelector('[data-testid="scene-cover-blank"]')).not.toBeNull();
    expect(card(9).querySelector('img')?.getAttribute('src')).toBe(
      '/img/700x/https://cdn.example.com/covers/9.jpg',
    );
  });
});
