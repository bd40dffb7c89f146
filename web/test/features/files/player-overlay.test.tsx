import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PlayerOverlay from '../../../src/features/player/PlayerOverlay';
import { mockApi, renderWithProviders } from '../../test-utils';
import { fileRow } from './file-fixtures';

describe('player overlay', { timeout: 20_000 }, () => {
  it('plays a flat file from the stream URL, with seek and volume keys, and closes', async () => {
    mockApi({});
    const onClose = vi.fn();
    renderWithProviders(<PlayerOverlay file={fileRow({ id: 12, projection: 'flat' })} onClose={onClose} />);
    const video = (await screen.findByTestId('player-video')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/dms/file/12?dnt=true');
    expect(video).toHaveAttribute('controls');
    expect(screen.getByTestId('player-overlay')).toHaveAttribute('data-mode', 'flat');

    Object.defineProperties(video, {
      currentTime: { value: 10, writable: true },
      duration: { value: 100, writable: true },
      volume: { value: 0.5, writable: true },
    });
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(15);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(0);
    await user.keyboard('{ArrowUp}');
    expect(video.volume).toBe(0.6);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(video.volume).toBe(0.4);

    await user.click(screen.getByRole('button', { name: 'Close player' }));
    expect(onClose).toHaveBeenCalled();
  });
});
