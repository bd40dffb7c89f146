import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useShortcut } from '../../app/shortcuts';
import { QuickFindContext } from './quick-find-context';
import { QuickFindDialog } from './QuickFindDialog';

/** Owns the Quick find dialog; '?' outside a field opens it. */
export function QuickFindProvider({ children }: { children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  useShortcut('?', open, { enabled: !opened });
  const controls = useMemo(() => ({ opened, open, close }), [opened, open, close]);
  return (
    <QuickFindContext.Provider value={controls}>
      {children}
      <QuickFindDialog opened={opened} onClose={close} />
    </QuickFindContext.Provider>
  );
}
