export { ShortcutProvider } from './ShortcutProvider';
export { useShortcut } from './use-shortcut';
export type { ShortcutOptions } from './shortcut-context';
export { canonicalKey, eventKey, isTypingTarget, normaliseShortcut } from './shortcut-keys';
