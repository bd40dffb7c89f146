import { subtitleLanguage } from '@fovea/contract';
import type { Scene } from '@fovea/contract';

/** One subtitle file of a scene as a <track> of the web player. */
export interface SubtitleTrack {
  fileId: number;
  /** The file as WebVTT, converted by the server. */
  src: string;
  label: string;
  /** BCP 47 language tag, '' when the file name gives none. */
  srclang: string;
}

/** Extensions the server converts to WebVTT (other subtitle files are not offered). */
const BROWSER_SUBTITLES = /\.(srt|vtt|ass|ssa)$/i;

export const subtitleUrl = (fileId: number): string => `/api/dms/subtitles/${fileId}`;

/** The language's name in the interface language ("German"), or the English name the file name gave. */
function languageName(srclang: string, fallback: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(srclang) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * A scene's subtitle files the browser can show, by file name; labelled by their language (from the name:
 * clip.en.srt, clip.German.srt), or by the name itself. Two of one label are told apart by file name.
 */
export function subtitleTracks(scene: Pick<Scene, 'file'>, locale: string): SubtitleTrack[] {
  const tracks = scene.file
    .filter((file) => file.type === 'subtitles' && BROWSER_SUBTITLES.test(file.filename))
    .sort((a, b) => a.filename.localeCompare(b.filename) || a.id - b.id)
    .map((file) => {
      const { srclang, label } = subtitleLanguage(file.filename);
      const named = srclang === '' ? label : languageName(srclang, label, locale);
      return { fileId: file.id, src: subtitleUrl(file.id), label: named, srclang, filename: file.filename };
    });
  return tracks.map(({ filename, ...track }) =>
    tracks.filter((other) => other.label === track.label).length > 1
      ? { ...track, label: `${track.label} (${filename})` }
      : track,
  );
}
