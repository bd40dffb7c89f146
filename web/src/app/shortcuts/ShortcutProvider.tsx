import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ShortcutContext } from './shortcut-context';
import type { ShortcutEntry, ShortcutRegistry } from './shortcut-context';
import { eventKey, isTypingTarget } from './shortcut-keys';

/**
 * One keydown listener on the document; dispatches to the shortcuts registered with useShortcut. On the
 * document (added at start, so before any other document listener), not the window: a tooltip shown under the
 * mouse dismisses itself on Escape with a document listener that stops the event there, which would otherwise
 * swallow the Escape that closes an overlay.
 */
export function ShortcutProvider({ children }: { children: ReactNode }) {
  const [entries] = useState(() => new Set<ShortcutEntry>());
  const [registry] = useState<ShortcutRegistry>(() => ({
    register(entry) {
      entries.add(entry);
      return () => entries.delete(entry);
    },
  }));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const key = eventKey(event);
      if (key === null) return;
      const typing = isTypingTarget(event.target);
      const candidates = [...entries].reverse();
      const entry = candidates.find((e) => e.keys.includes(key) && (!typing || e.allowInInputs));
      if (!entry) return;
      event.preventDefault();
      entry.handler(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [entries]);

  return <ShortcutContext.Provider value={registry}>{children}</ShortcutContext.Provider>;
}
