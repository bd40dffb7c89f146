import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useShortcut } from '../../app/shortcuts';
import { QuickFindContext } from './quick-find-context';

/**
 * Owns whether Quick find is open; '?' outside a field opens it. The dialog itself is QuickFindHost, which
 * the layout renders inside the router and the scene details provider.
 */
export function QuickFindProvider({ children }: { children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  useShortcut('?', open, { enabled: !opened });
  const controls = useMemo(() => ({ opened, open, close }), [opened, open, close]);
  return <QuickFindContext.Provider value={controls}>{children}</QuickFindContext.Provider>;
}
