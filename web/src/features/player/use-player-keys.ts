import { PLAYER_SEEK_STEP_SECONDS, PLAYER_VOLUME_STEP } from '@fovea/contract';
import type { RefObject } from 'react';
import { useShortcut } from '../../app/shortcuts';
import { LOOK_KEY_STEP_DEGREES } from './look-geometry';
import { changeVolume, seekBy, togglePlay } from './player-actions';
import type { PlayableMedia } from './player-actions';
import { skipByRemembered } from './skip-memory';
import type { SkipMemory } from './skip-memory';

/**
 * What Left/Right do: `seek` moves 5 s (the files screen's player overlay); `skip` skips by the remembered
 * skip interval, pausing and resuming; `host`: nothing here, the surrounding overlay owns them (scene details
 * moves its carousel or calls PlayerHandle.skip).
 */
export type ArrowMode = 'seek' | 'skip' | 'host';

type MediaAction = (media: PlayableMedia, memory?: SkipMemory) => void;

/** The media keys: Space play/pause, Up/Down volume ±0.1, Left/Right seek 5 s or skip (unless `host`). */
export function mediaKeyActions(mode: ArrowMode): Readonly<Record<string, MediaAction>> {
  const common: Record<string, MediaAction> = {
    ' ': togglePlay,
    ArrowUp: (media) => changeVolume(media, PLAYER_VOLUME_STEP),
    ArrowDown: (media) => changeVolume(media, -PLAYER_VOLUME_STEP),
  };
  if (mode === 'seek') {
    return {
      ...common,
      ArrowLeft: (media) => seekBy(media, -PLAYER_SEEK_STEP_SECONDS),
      ArrowRight: (media) => seekBy(media, PLAYER_SEEK_STEP_SECONDS),
    };
  }
  if (mode === 'skip') {
    return {
      ...common,
      ArrowLeft: (media, memory) => skipByRemembered(media, -1, memory),
      ArrowRight: (media, memory) => skipByRemembered(media, 1, memory),
    };
  }
  return common;
}

const STEP = LOOK_KEY_STEP_DEGREES;

/**
 * Looking around in the VR view, as (longitude, latitude) degrees: Shift+arrows always; W A S D too when
 * `wasd` (the files overlay: in scene details W and S are the watchlist and search shortcuts).
 */
export function lookKeyTurns(wasd: boolean): Readonly<Record<string, readonly [number, number]>> {
  const arrows = {
    'Shift+ArrowLeft': [-STEP, 0],
    'Shift+ArrowRight': [STEP, 0],
    'Shift+ArrowUp': [0, STEP],
    'Shift+ArrowDown': [0, -STEP],
  } as const;
  return wasd ? { ...arrows, a: [-STEP, 0], d: [STEP, 0], w: [0, STEP], s: [0, -STEP] } : arrows;
}

export interface PlayerKeyOptions {
  mode: ArrowMode;
  /** Turns the VR view; null in the flat view (the look keys are then not taken). */
  look: ((dLon: number, dLat: number) => void) | null;
  /** W A S D look around as well (files overlay). */
  wasd?: boolean;
  /** Off while the player is hidden (another tab), so the keys go to the rest of the page. */
  enabled?: boolean;
}

/** The player keys while mounted and enabled (Esc belongs to the surrounding modal or overlay). */
export function usePlayerKeys(
  mediaRef: RefObject<PlayableMedia | null>,
  { mode, look, wasd = false, enabled = true }: PlayerKeyOptions,
): void {
  const media = mediaKeyActions(mode);
  const turns = lookKeyTurns(wasd);
  useShortcut(
    Object.keys(media),
    (event) => {
      const target = mediaRef.current;
      if (target) media[event.key]?.(target);
    },
    { enabled },
  );
  useShortcut(
    Object.keys(turns),
    (event) => {
      const key = event.shiftKey ? `Shift+${event.key}` : event.key.toLowerCase();
      const turn = turns[key];
      if (turn && look) look(turn[0], turn[1]);
    },
    { enabled: enabled && look !== null },
  );
}
