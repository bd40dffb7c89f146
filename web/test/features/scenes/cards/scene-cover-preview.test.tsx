import { fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SceneGrid } from '../../../../src/features/scenes/cards/SceneGrid';
import { SceneCover } from '../../../../src/features/scenes/cards/SceneCover';
import type { Scene } from '@fovea/contract';
import { cardScene, renderWithDetails, webOptions } from './card-fixtures';

function renderCards(scenes: Scene[]) {
  return renderWithDetails(
    <SceneGrid
      scenes={scenes}
      cardSize={1}
      webOptions={webOptions()}
      hasMore={false}
      onLoadMore={() => undefined}
    />,
  );
}

const card = (id: number) => {
  const element = document.querySelector<HTMLElement>(`[data-scene-id="${id}"]`);
  if (element === null) throw new Error(`no card for scene ${id}`);
  return element;
};

describe('preview clip on card hover', () => {
  it('plays the preview, muted and looping, only while the pointer is on the cover', async () => {
    const user = userEvent.setup();
    renderCards([cardScene({ id: 4, scene_id: 'slr-12 34', has_preview: true })]);
    const tile = within(card(4));
    // Nothing is requested before the hover.
    expect(card(4).querySelector('video')).toBeNull();

    await user.hover(tile.getByTestId('scene-cover-media'));
    const video = tile.getByTestId<HTMLVideoElement>('scene-cover-preview');
    expect(video.getAttribute('src')).toBe('/api/dms/preview/slr-12%2034');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    // The cover stays underneath.
    expect(tile.getByTestId('scene-cover-media').querySelector('img')).not.toBeNull();

    await user.unhover(tile.getByTestId('scene-cover-media'));
    expect(card(4).querySelector('video')).toBeNull();
  });

  it('never shows a clip for a scene without a preview', async () => {
    const user = userEvent.setup();
    renderCards([cardScene({ id: 5, scene_id: 'slr-5', has_preview: false })]);
    expect(within(card(5)).queryByTestId('scene-cover-media')).toBeNull();
    await user.hover(card(5).querySelector('img') as HTMLElement);
    expect(card(5).querySelector('video')).toBeNull();
  });

  it('drops the clip when it cannot be played', () => {
    const { container } = renderWithDetails(<SceneCover sources={[]} preview="slr-9" />);
    fireEvent.mouseEnter(within(container).getByTestId('scene-cover-media'));
    const video = within(container).getByTestId('scene-cover-preview');
    fireEvent.error(video);
    expect(container.querySelector('video')).toBeNull();
    // A blank cover still gets the clip.
    expect(within(container).getByTestId('scene-cover-blank')).toBeInTheDocument();
  });
});
