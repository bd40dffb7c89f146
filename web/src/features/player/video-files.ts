import type { File, Scene } from '@fovea/contract';

type SortValue = (file: File) => number | string;

/** What each key of the players' video sort option (`video_sort_seq`) compares. */
const SORT_VALUES: Readonly<Record<string, SortValue>> = {
  filename: (file) => file.filename.toLowerCase(),
  created_time: (file) => file.created_time,
  updated_time: (file) => file.updated_time,
  resolution: (file) => file.video_width * file.video_height,
  size: (file) => file.size,
  bitrate: (file) => file.video_bitrate,
  frame_rate: (file) => file.video_avgfps_val,
  codec: (file) => file.video_codec_name.toLowerCase(),
  duration: (file) => file.duration,
};

interface SortTerm {
  value: SortValue;
  direction: 1 | -1;
}

/** The terms of a sort option like "resolution desc, filename"; unknown keys are skipped. */
export function parseVideoSort(sequence: string): SortTerm[] {
  return sequence
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .flatMap(([key, direction]) => {
      const value = key === undefined ? undefined : SORT_VALUES[key];
      return value ? [{ value, direction: direction === 'desc' ? -1 : 1 } as const] : [];
    });
}

const BY_SIZE_DESC: SortTerm[] = [{ value: (file) => file.size, direction: -1 }];

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A scene's video files in the order the players' sort option gives (Options → Players, `video_sort_seq`),
 * largest first when the option is empty or unusable; the first is the one played by default.
 */
export function sortedVideoFiles(scene: Pick<Scene, 'file'>, sequence = ''): File[] {
  const terms = parseVideoSort(sequence);
  const order = terms.length > 0 ? terms : BY_SIZE_DESC;
  return scene.file
    .filter((file) => file.type === 'video')
    .sort((a, b) => {
      for (const { value, direction } of order) {
        const result = compare(value(a), value(b)) * direction;
        if (result !== 0) return result;
      }
      return a.id - b.id;
    });
}
