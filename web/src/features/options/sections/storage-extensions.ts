import { normalizeVideoExt } from '@fovea/contract';

export type ExtensionCheck =
  | { ok: true; ext: string }
  | { ok: false; reason: 'invalid'; text: string }
  | { ok: false; reason: 'forbidden' | 'unknown' | 'duplicate'; ext: string };

/**
 * Checks a typed extension before it joins the list: normalised as the server stores it (lowercase, leading
 * dot), and refused when it is not an extension, is one of the forbidden ones, is not a video container the
 * server knows (`known`), or is already there.
 */
export function checkVideoExtension(
  text: string,
  current: readonly string[],
  forbidden: readonly string[],
  known: readonly string[],
): ExtensionCheck {
  const ext = normalizeVideoExt(text);
  if (ext === null) return { ok: false, reason: 'invalid', text: text.trim() };
  if (forbidden.some((item) => normalizeVideoExt(item) === ext))
    return { ok: false, reason: 'forbidden', ext };
  if (!known.includes(ext)) return { ok: false, reason: 'unknown', ext };
  if (current.includes(ext)) return { ok: false, reason: 'duplicate', ext };
  return { ok: true, ext };
}

/** Same extensions, in any order. */
export function sameExtensions(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((ext) => set.has(ext));
}
