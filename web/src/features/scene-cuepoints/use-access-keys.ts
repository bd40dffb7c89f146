import { useEffect, useRef } from 'react';

/**
 * Access keys (library-spec §2): Alt (or Alt+Shift, Firefox's access-key chord) plus a letter runs an action,
 * also while typing in a field. Matched on the physical key (`KeyA`), so macOS's Option characters count too.
 * Done here rather than with the `accesskey` attribute, so every browser behaves alike and nothing fires twice.
 */
export function useAccessKeys<A extends string>(
  keys: Readonly<Record<A, string>>,
  run: (action: A) => void,
): void {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  const byCode = useRef(new Map<string, A>());
  useEffect(() => {
    byCode.current = new Map(
      (Object.entries(keys) as [A, string][]).map(([action, letter]) => [
        `Key${letter.toUpperCase()}`,
        action,
      ]),
    );
  }, [keys]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented || event.repeat) return;
      const action = byCode.current.get(event.code);
      if (action === undefined) return;
      event.preventDefault();
      runRef.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
