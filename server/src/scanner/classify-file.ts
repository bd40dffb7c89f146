import { DEFAULT_VIDEO_EXT, isVideoContainerExt, normalizeVideoExt } from '@fovea/contract';
import type { FileType } from '../db/schema';

/** Script extensions (funscript and the older cmscript format). */
export const SCRIPT_EXTENSIONS: readonly string[] = ['.funscript', '.cmscript'];
export const HSP_EXTENSIONS: readonly string[] = ['.hsp'];
export const SUBTITLE_EXTENSIONS: readonly string[] = ['.srt', '.ssa', '.ass'];

/** A file's type from its name, or null when the scanner ignores it. */
export type FileClassifier = (filename: string) => FileType | null;

/**
 * The video extensions in use: the configured ones that are video containers (an options file written before
 * that rule, or by hand, may name others: they are not scanned), or the defaults when none are left.
 */
export function videoExtensions(configured: readonly string[]): string[] {
  const kept = configured.flatMap((text) => {
    const ext = normalizeVideoExt(text);
    return ext !== null && isVideoContainerExt(ext) ? [ext] : [];
  });
  return kept.length > 0 ? [...new Set(kept)] : [...DEFAULT_VIDEO_EXT];
}

/** The lowercase extension with its dot ('' when the name has none; a dot-file's name is no extension). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot).toLowerCase() : '';
}

/**
 * Classifies by extension, ignoring case for every type (the reference matches `.funscript`, `.hsp` and the
 * subtitle extensions case-sensitively, so `Scene.FUNSCRIPT` was silently ignored; Fovea takes it).
 * Script, hsp and subtitle extensions win over a video extension configured with the same name.
 */
export function fileClassifier(videoExts: readonly string[]): FileClassifier {
  const types = new Map<string, FileType>();
  for (const ext of videoExts) types.set(ext.toLowerCase(), 'video');
  for (const ext of SCRIPT_EXTENSIONS) types.set(ext, 'script');
  for (const ext of HSP_EXTENSIONS) types.set(ext, 'hsp');
  for (const ext of SUBTITLE_EXTENSIONS) types.set(ext, 'subtitles');
  return (filename) => types.get(extensionOf(filename)) ?? null;
}
