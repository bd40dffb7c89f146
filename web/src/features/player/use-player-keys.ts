import { PLAYER_SEEK_STEP_SECONDS, PLAYER_VOLUME_STEP } from '@fovea/contract';
import type { RefObject } from 'react';
import { useShortcut } from '../../app/shortcuts';
import { changeVolume, seekBy, togglePlay } from './player-actions';
import type { PlayableMedia } from './player-actions';

/** What each player key does to the media. */
export const PLAYER_KEY_ACTIONS: Readonly<Record<string, (media: PlayableMedia) => void>> = {
  ' ': togglePlay,
  ArrowLeft: (media) => seekBy(media, -PLAYER_SEEK_STEP_SECONDS),
  ArrowRight: (media) => seekBy(media, PLAYER_SEEK_STEP_SECONDS),
  ArrowUp: (media) => changeVolume(media, PLAYER_VOLUME_STEP),
  ArrowDown: (media) => changeVolume(media, -PLAYER_VOLUME_STEP),
};

const PLAYER_KEYS = Object.keys(PLAYER_KEY_ACTIONS);

/** Player keys while mounted: Up/Down volume ±0.1, Left/Right seek ±5 s, Space play/pause (Esc: the modal). */
export function usePlayerKeys(mediaRef: RefObject<PlayableMedia | null>): void {
  useShortcut(PLAYER_KEYS, (event) => {
    const media = mediaRef.current;
    const action = PLAYER_KEY_ACTIONS[event.key];
    if (media && action) action(media);
  });
}
