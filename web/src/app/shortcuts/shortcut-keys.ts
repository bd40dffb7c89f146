/** Keyboard shortcut keys: 'w', 'Shift+W', '?', 'ArrowLeft', 'Escape', '0'. */

/** True when the event comes from a place where the user types: input, textarea, select, contenteditable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return Boolean(target.closest('[contenteditable="true"], [contenteditable=""]'));
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
    type,
  );
}

const isLetter = (key: string) => key.length === 1 && key.toLowerCase() !== key.toUpperCase();

/**
 * The canonical form of a key. Letters are lower-case with an explicit 'Shift+' ('Shift+W'); other single
 * characters ('?', '0') stand alone because Shift is already part of the character typed; named keys
 * ('ArrowLeft') take 'Shift+' when Shift is held.
 */
export function canonicalKey(key: string, shift: boolean): string {
  if (isLetter(key)) return shift ? `Shift+${key.toUpperCase()}` : key.toLowerCase();
  if (key.length === 1) return key;
  return shift ? `Shift+${key}` : key;
}

/** Normalises a registered key: 'Shift+W' or 'shift+w' (with Shift), 'w' or 'W' (without), '?', 'ArrowLeft'. */
export function normaliseShortcut(spec: string): string {
  const match = /^shift\+(.+)$/i.exec(spec);
  if (match?.[1] !== undefined) return canonicalKey(match[1], true);
  return canonicalKey(spec, false);
}

/** The canonical key of a keydown event, or null when the event carries Ctrl, Meta or Alt. */
export function eventKey(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === undefined || event.key === '' || event.key === 'Unidentified') return null;
  if (event.key === 'Shift' || event.key === 'Control' || event.key === 'Alt' || event.key === 'Meta')
    return null;
  return canonicalKey(event.key, event.shiftKey);
}
