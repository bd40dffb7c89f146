import { useShortcut } from '../../app/shortcuts';
import { useActorDetails } from '../actor-details/actor-details-context';
import { useQuickFind } from '../quick-find/quick-find-context';
import { useSceneDetails } from '../scene-details/scene-details-context';

/** Anything modal on screen: an open Mantine modal or drawer, or any other dialog (quick find, confirmations...). */
export function isOverlayOnScreen(doc: Document = document): boolean {
  // Some dialogs stay mounted while closed (hidden), so only a shown one counts.
  return [...doc.querySelectorAll<HTMLElement>('[role="dialog"], [aria-modal="true"]')].some((element) =>
    typeof element.checkVisibility === 'function' ? element.checkVisibility() : true,
  );
}

/**
 * Left / o = previous page, Right / p = next page (wrapping; library-spec §2). The keys are not taken while
 * typing in a field (the shortcut registry's rule), nor while actor details, scene details, quick find or any
 * other dialog is open: those overlays keep their own O/P and arrow keys.
 */
export function useActorPagingKeys(onStep: (step: 1 | -1) => void, enabled = true): void {
  const actorDetails = useActorDetails();
  const sceneDetails = useSceneDetails();
  const quickFind = useQuickFind();
  const free =
    enabled && actorDetails.currentId === null && sceneDetails.currentId === null && !quickFind.opened;
  const run = (step: 1 | -1) => {
    if (!isOverlayOnScreen()) onStep(step);
  };
  useShortcut(['ArrowLeft', 'o'], () => run(-1), { enabled: free });
  useShortcut(['ArrowRight', 'p'], () => run(1), { enabled: free });
}
