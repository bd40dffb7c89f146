import { IconAdjustments, IconFiles, IconMovie, IconUsers } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

export interface NavItem {
  to: string;
  labelKey: 'nav.scenes' | 'nav.actors' | 'nav.files' | 'nav.options';
  icon: Icon;
  /** Active only on the exact path (the index route). */
  end?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.scenes', icon: IconMovie, end: true },
  { to: '/actors', labelKey: 'nav.actors', icon: IconUsers },
  { to: '/files', labelKey: 'nav.files', icon: IconFiles },
  { to: '/options', labelKey: 'nav.options', icon: IconAdjustments },
];
