import type { Scene, SceneToggleList } from '@fovea/contract';
import { createContext, useContext } from 'react';

/**
 * What a card can do, provided once by the grid with stable functions, so a card re-renders only when its
 * own scene or the options change.
 */
export interface CardActions {
  /** Shows the scene's details, with the grid's scenes as previous/next. */
  open(sceneId: number): void;
  /** Opens the scene edit dialog. */
  edit(sceneId: number): void;
  toggle(scene: Scene, list: SceneToggleList): void;
  rate(scene: Scene, rating: number): void;
}

export const CardActionsContext = createContext<CardActions | null>(null);

export function useCardActions(): CardActions {
  const actions = useContext(CardActionsContext);
  if (actions === null) throw new Error('a scene card needs the SceneGrid around it');
  return actions;
}
