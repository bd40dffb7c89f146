import { useContext, useEffect, useRef } from 'react';
import { ShortcutContext } from './shortcut-context';
import type { ShortcutOptions } from './shortcut-context';
import { normaliseShortcut } from './shortcut-keys';

/**
 * Runs the handler when one of the keys is pressed (e.g. 'o', 'Shift+W', '?', 'ArrowLeft'). Ignored while
 * typing in a field (unless allowInInputs) and when Ctrl, Meta or Alt is held.
 */
export function useShortcut(
  keys: string | readonly string[],
  handler: (event: KeyboardEvent) => void,
  { enabled = true, allowInInputs = false }: ShortcutOptions = {},
): void {
  const registry = useContext(ShortcutContext);
  if (!registry) throw new Error('useShortcut must be used inside <ShortcutProvider>');
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const keyList = (typeof keys === 'string' ? [keys] : keys).map(normaliseShortcut).join('\n');

  useEffect(() => {
    if (!enabled) return undefined;
    return registry.register({
      keys: keyList.split('\n'),
      handler: (event) => handlerRef.current(event),
      allowInInputs,
    });
  }, [registry, keyList, enabled, allowInInputs]);
}
