import { DEFAULT_VIDEO_EXT, isVideoContainerExt, normalizeVideoExt } from '@fovea/contract';
import type { FileType } from '../db/schema';

/** Script extensions (funscript and the older cmscript format). */
export const SCRIPT_EXTENSIONS: readonly string[] = ['.funscript', '.cmscript'];
export const HSP_EXTENSIONS: readonly string[] = ['.hsp'];
// The reference's three, and WebVTT, which HereSphere and the browser player read as well.
export const SUBTITLE_EXTENSIONS: readonly string[] = ['.srt', '.ssa', '.ass', '.vtt'];

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

/**
 * Axis names of multi-axis scripts ("name.roll.funscript" goes with "name.mp4"), lowercase: the usual names and
 * the TCode channels L0-L2, R0-R2, V0-V2, A0-A2.
 */
const SCRIPT_AXES: ReadonlySet<string> = new Set([
  'roll', 'pitch', 'twist', 'surge', 'sway', 'stroke', 'vib', 'lube', 'pump', 'suck', 'valve',
  'l0', 'l1', 'l2', 'r0', 'r1', 'r2', 'v0', 'v1', 'v2', 'a0', 'a1', 'a2',
]); // prettier-ignore
/** A language code before a subtitle's extension: "en", "deu", "pt-BR", "zh_Hant" (as HereSphere reads it). */
const LANGUAGE_SUFFIX = /^(.+)\.[a-z]{2,3}(?:[-_][a-z0-9]{2,4})?$/i;

/** A script stem without its axis name ("clip.roll" → "clip"), or undefined when it names no axis. */
function withoutAxis(stem: string): string | undefined {
  const dot = stem.lastIndexOf('.');
  return dot > 0 && SCRIPT_AXES.has(stem.slice(dot + 1).toLowerCase()) ? stem.slice(0, dot) : undefined;
}

/**
 * The name rule of companion files (scripts, HereSphere files, subtitles): the stems of the video names such a
 * file goes with, closest first. Its own name without its extension; then, for a subtitle file with a language
 * code ("clip.en.srt") or a multi-axis script ("clip.roll.funscript"), that name without the code or axis.
 * [] for a file that is not a companion. Automatic matching and the manual match, unmatch and create calls all
 * use this rule, so a rescan agrees with what a manual change did.
 */
export function companionStems(filename: string): string[] {
  const extension = extensionOf(filename);
  const isScript = SCRIPT_EXTENSIONS.includes(extension);
  const isSubtitle = SUBTITLE_EXTENSIONS.includes(extension);
  if (!isScript && !isSubtitle && !HSP_EXTENSIONS.includes(extension)) return [];
  const stem = filename.slice(0, filename.length - extension.length);
  const looser = isSubtitle ? LANGUAGE_SUFFIX.exec(stem)?.[1] : isScript ? withoutAxis(stem) : undefined;
  return looser === undefined ? [stem] : [stem, looser];
}

/** A video's stem: its name without its extension (the name itself when it has none). */
export function videoStem(filename: string): string {
  return filename.slice(0, filename.length - extensionOf(filename).length);
}
