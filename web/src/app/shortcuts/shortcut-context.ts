import { createContext } from 'react';

export interface ShortcutOptions {
  /** Default true. */
  enabled?: boolean;
  /** Also fire while the focus is in an input, textarea, select or contenteditable. Default false. */
  allowInInputs?: boolean;
}

export interface ShortcutEntry {
  keys: readonly string[];
  handler: (event: KeyboardEvent) => void;
  allowInInputs: boolean;
}

export interface ShortcutRegistry {
  /** Registers a shortcut; the most recently registered one wins a key. Returns the unregister function. */
  register(entry: ShortcutEntry): () => void;
}

export const ShortcutContext = createContext<ShortcutRegistry | null>(null);
