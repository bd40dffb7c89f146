import type { File } from '@fovea/contract';

export type FileOrderKind = 'video' | 'script' | 'subtitle';

type Compare = (a: File, b: File) => number;

const byNumber =
  (value: (file: File) => number): Compare =>
  (a, b) =>
    value(a) - value(b);

/** Binary text order, like SQLite's default collation; empty (unknown) times come first. */
const byText =
  (value: (file: File) => string): Compare =>
  (a, b) => {
    const left = value(a);
    const right = value(b);
    return left < right ? -1 : left > right ? 1 : 0;
  };

/** hevc/h265 first, then h264, then anything else (options-spec §5). */
export function codecRank(codec: string): number {
  const name = codec.toLowerCase();
  if (name === 'hevc' || name === 'h265' || name === 'x265') return 0;
  if (name === 'h264' || name === 'avc' || name === 'x264') return 1;
  return 2;
}

const COMMON: Record<string, Compare> = {
  filename: byText((f) => f.filename),
  created_time: byText((f) => f.created_time ?? ''),
  updated_time: byText((f) => f.updated_time ?? ''),
};

const VIDEO: Record<string, Compare> = {
  ...COMMON,
  // Resolution is the frame height; the width breaks ties (SBS and mono files of one height).
  resolution: (a, b) => a.video_height - b.video_height || a.video_width - b.video_width,
  size: byNumber((f) => f.size),
  bitrate: byNumber((f) => f.video_bitrate),
  frame_rate: byNumber((f) => f.video_avgfps_val),
  codec: byNumber((f) => codecRank(f.video_codec_name)),
  duration: byNumber((f) => f.duration),
};

const SCRIPT: Record<string, Compare> = {
  ...COMMON,
  is_selected: byNumber((f) => (f.is_selected_script ? 1 : 0)),
};

/** The comparators of a sort sequence such as "resolution desc,filename"; unknown keys are skipped. */
function comparators(sequence: string, kind: FileOrderKind): Compare[] {
  const table = kind === 'video' ? VIDEO : SCRIPT;
  const result: Compare[] = [];
  for (const part of sequence.split(',')) {
    const [key, direction] = part.trim().split(/\s+/);
    const compare = key === undefined ? undefined : table[key];
    if (compare === undefined) continue;
    result.push(direction?.toLowerCase() === 'desc' ? (a, b) => compare(b, a) : compare);
  }
  return result;
}

/**
 * A scene's files in a players sort sequence (interfaces.players video/script/subtitle_sort_seq). Keys sort
 * like SQL columns: ascending is smallest first ("codec" ranks hevc/h265 < h264 < others, "is_selected" puts
 * unselected scripts first, so "is_selected desc" puts the selected one first). Ties end in filename, then id
 * order, so the result is stable. Answers a new array.
 */
export function orderFiles<T extends File>(files: readonly T[], sequence: string, kind: FileOrderKind): T[] {
  const steps = [...comparators(sequence, kind), COMMON.filename as Compare, byNumber((f) => f.id)];
  return [...files].sort((a, b) => {
    for (const step of steps) {
      const order = step(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}
