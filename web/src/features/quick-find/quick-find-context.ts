import { createContext, useContext } from 'react';

export interface QuickFindControls {
  opened: boolean;
  open: () => void;
  close: () => void;
}

export const QuickFindContext = createContext<QuickFindControls | null>(null);

/** Opens and closes the Quick find dialog. */
export function useQuickFind(): QuickFindControls {
  const controls = useContext(QuickFindContext);
  if (!controls) throw new Error('useQuickFind must be used inside <QuickFindProvider>');
  return controls;
}
