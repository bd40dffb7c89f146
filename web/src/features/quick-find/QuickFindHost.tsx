import type { Scene } from '@fovea/contract';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sceneKeys } from '../../api/query-keys';
import { detailsSearch, pushedState } from '../../app/details-url/details-url';
import { useSceneDetails } from '../scene-details/scene-details-context';
import { useQuickFind } from './quick-find-context';
import { QuickFindDialog } from './QuickFindDialog';

/**
 * The app's Quick find dialog (rendered by the layout, inside the router and the scene details provider):
 * picking a result switches to the scenes route when elsewhere and opens the scene's details.
 */
export function QuickFindHost() {
  const { opened, close } = useQuickFind();
  const details = useSceneDetails();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const showDetails = (scene: Scene) => {
    // The search answers fully loaded scenes: the overlay can draw this one while it refreshes it.
    queryClient.setQueryData<Scene>(sceneKeys.detail(scene.id), (cached) => cached ?? scene);
    if (pathname === '/') {
      details.open(scene.id);
      return;
    }
    // One update with the list's address naming the scene, so that address and overlay agree at once.
    const entry = { kind: 'scene', id: scene.id } as const;
    startTransition(() => {
      void navigate(
        { pathname: '/', search: detailsSearch('', [entry]) },
        { state: pushedState(entry.kind) },
      );
      details.open(scene.id);
    });
  };

  return <QuickFindDialog opened={opened} onClose={close} onSelect={showDetails} />;
}
