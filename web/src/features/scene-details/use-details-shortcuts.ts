import type { SceneToggleList } from '@fovea/contract';
import type { RefObject } from 'react';
import { eventKey, useShortcut } from '../../app/shortcuts';

/** What the keys of scene details do (library-spec §2, Keyboard shortcuts). */
export interface DetailsKeyActions {
  /** Esc. */
  close(): void;
  /** Left/Right: the carousel, or a skip in the player when the Player tab is shown. */
  left(): void;
  right(): void;
  /** O / P. */
  previous(): void;
  next(): void;
  /** G: Gallery ↔ Player. */
  toggleMedia(): void;
  /** The keys that change a real scene; null in an alternate-source view (read-only). */
  scene: {
    /** F favourite, W watchlist, Shift+W watched, T trailer list. */
    toggle(list: SceneToggleList): void;
    /** E. */
    edit(): void;
    /** 0. */
    resetRating(): void;
    /** S: search StashDB for the scene. */
    searchStashdb(): void;
  } | null;
}

/** The scene flag each key flips. */
const FLAG_KEYS: Readonly<Record<string, SceneToggleList>> = {
  f: 'favourite',
  w: 'watchlist',
  'Shift+W': 'watched',
  t: 'trailerlist',
};

/**
 * True when a key press belongs to the overlay: the focus is in it, or anywhere outside every dialog (the
 * body, or an element of the page behind that kept the focus when a tab or a scene was swapped) — but not in
 * a dialog opened over it (Quick find, a confirmation, the edit dialog), which handles its own keys.
 */
function isOwnKey(event: KeyboardEvent, root: HTMLElement | null): boolean {
  const target = event.target;
  if (root === null) return false;
  if (target instanceof Node && root.contains(target)) return true;
  if (!(target instanceof Element)) return target === document || target === window;
  return target.closest('[role="dialog"], [aria-modal="true"]') === null;
}

/** Every key the overlay takes. */
const DETAILS_KEYS = [
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'o',
  'p',
  'g',
  'e',
  's',
  '0',
  ...Object.keys(FLAG_KEYS),
];

/** Runs the action of a key (canonical form, see eventKey); false when the key does nothing here. */
function runDetailsKey(key: string, actions: DetailsKeyActions): boolean {
  const flag = FLAG_KEYS[key];
  if (flag !== undefined) {
    actions.scene?.toggle(flag);
    return actions.scene !== null;
  }
  switch (key) {
    case 'Escape':
      actions.close();
      return true;
    case 'ArrowLeft':
      actions.left();
      return true;
    case 'ArrowRight':
      actions.right();
      return true;
    case 'o':
      actions.previous();
      return true;
    case 'p':
      actions.next();
      return true;
    case 'g':
      actions.toggleMedia();
      return true;
    case 'e':
      actions.scene?.edit();
      return actions.scene !== null;
    case 's':
      actions.scene?.searchStashdb();
      return actions.scene !== null;
    case '0':
      actions.scene?.resetRating();
      return actions.scene !== null;
    default:
      return false;
  }
}

/**
 * The scene details keys, while the overlay is open and `enabled` (off while the edit dialog or the StashDB
 * search is open). None fires while typing in a field, nor while the focus is in a dialog opened over the
 * overlay. The keys that change the scene (F, W, Shift+W, T, E, S, 0) do nothing in an alternate-source view.
 */
export function useDetailsShortcuts(
  actions: DetailsKeyActions,
  { enabled, rootRef }: { enabled: boolean; rootRef: RefObject<HTMLElement | null> },
): void {
  useShortcut(
    DETAILS_KEYS,
    (event) => {
      const key = eventKey(event);
      if (key !== null && isOwnKey(event, rootRef.current)) runDetailsKey(key, actions);
    },
    { enabled },
  );
}
