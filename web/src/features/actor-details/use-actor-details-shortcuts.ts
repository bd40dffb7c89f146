import type { ActorToggleList } from '@fovea/contract';
import type { RefObject } from 'react';
import { eventKey, useShortcut } from '../../app/shortcuts';

/** What the keys of actor details do (library-spec §2, Keyboard shortcuts). */
export interface ActorDetailsKeyActions {
  /** Esc. */
  close(): void;
  /** Left/Right: the picture carousel. */
  left(): void;
  right(): void;
  /** O / P. */
  previous(): void;
  next(): void;
  /** F favourite, W watchlist. */
  toggle(list: ActorToggleList): void;
  /** E. */
  edit(): void;
  /** S: search StashDB for the actor. */
  searchStashdb(): void;
  /** 0. */
  resetRating(): void;
}

const ACTOR_DETAILS_KEYS = ['Escape', 'ArrowLeft', 'ArrowRight', 'o', 'p', 'f', 'w', 'e', 's', '0'];

/**
 * True when a key press belongs to the overlay: the focus is in it (or nowhere), not in a dialog opened over
 * it (Quick find, a confirmation), which handles its own keys.
 */
function isOwnKey(event: KeyboardEvent, root: HTMLElement | null): boolean {
  const target = event.target;
  if (!(target instanceof Node) || root === null) return false;
  return target === document.body || target === document.documentElement || root.contains(target);
}

/** Runs the action of a key (canonical form, see eventKey). */
export function runActorDetailsKey(key: string, actions: ActorDetailsKeyActions): void {
  switch (key) {
    case 'Escape':
      return actions.close();
    case 'ArrowLeft':
      return actions.left();
    case 'ArrowRight':
      return actions.right();
    case 'o':
      return actions.previous();
    case 'p':
      return actions.next();
    case 'f':
      return actions.toggle('favourite');
    case 'w':
      return actions.toggle('watchlist');
    case 'e':
      return actions.edit();
    case 's':
      return actions.searchStashdb();
    case '0':
      return actions.resetRating();
    default:
      return undefined;
  }
}

/**
 * The actor details keys, while the overlay is the topmost one (`enabled` is off while a dialog of its own is
 * open or the scene details are shown over it). None fires while typing in a field, nor while the focus is
 * in a dialog opened over the overlay.
 */
export function useActorDetailsShortcuts(
  actions: ActorDetailsKeyActions,
  { enabled, rootRef }: { enabled: boolean; rootRef: RefObject<HTMLElement | null> },
): void {
  useShortcut(
    ACTOR_DETAILS_KEYS,
    (event) => {
      const key = eventKey(event);
      if (key !== null && isOwnKey(event, rootRef.current)) runActorDetailsKey(key, actions);
    },
    { enabled },
  );
}
