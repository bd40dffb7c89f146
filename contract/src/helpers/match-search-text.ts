/*
 * The search text the match-file-to-scene dialog starts from (library-spec §5): the file name without its
 * extension and without the technical words that name a format rather than the scene.
 */

/** Words that describe the video, not the scene; compared ignoring case, as whole words. */
export const TECHNICAL_WORDS: ReadonlySet<string> = new Set([
  // projection, field of view and stereo layout
  '180', '190', '200', '220', '360', '3d', '3dh', '3dv', 'sbs', 'lr', 'rl', 'tb', 'bt', 'ou', 'mono', 'vr',
  'fisheye', 'fisheye190', 'f180', '180f', 'mkx200', 'mkx220', 'vrca220', 'rf52', 'alpha', 'passthrough',
  // codecs, containers and quality labels
  'h264', 'h265', 'x264', 'x265', 'hevc', 'avc', 'av1', 'vp9', 'aac', 'hdr', 'mp4', 'mkv', 'avi', 'wmv', 'mov',
  'webm', 'm4v', 'uhd', 'fhd', 'qhd', 'hd', 'hq', 'lq', 'original',
  // headsets and devices
  'oculus', 'rift', 'quest', 'quest2', 'quest3', 'gearvr', 'psvr', 'vive', 'smartphone', 'desktop',
  // companion files
  'srt', 'funscript', 'cmscript', 'hsp',
]); // prettier-ignore

/** Technical words by shape: 4k, 8K; 60fps; 1080p, 2160p; 180x180, 7680x3840; 10bit. */
const TECHNICAL_PATTERNS = [/^\d{1,2}k$/, /^\d{2,3}fps$/, /^\d{3,4}p$/, /^\d{2,5}x\d{2,5}$/, /^\d{1,2}bit$/];

const isTechnical = (word: string): boolean => {
  const lower = word.toLowerCase();
  return TECHNICAL_WORDS.has(lower) || TECHNICAL_PATTERNS.some((pattern) => pattern.test(lower));
};

/**
 * The match search text of a file name: extension dropped; dots, underscores, plus signs and hyphens become
 * spaces; technical words dropped (case-insensitive); a lone "s" after a word becomes "'s" ("Jane s Day" →
 * "Jane's Day"); spaces collapsed and trimmed.
 */
export function matchSearchText(filename: string): string {
  const stem = filename.replace(/\.[A-Za-z0-9]{1,10}$/, '');
  const words = stem
    .replace(/[._+-]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !isTechnical(word));
  return words
    .join(' ')
    .replace(/ s( |$)/g, "'s$1")
    .trim();
}

/** A text for a search prefix ("title:", "cast:"...): quoted when it has more than one word. */
export function quoteForPrefix(text: string): string {
  const trimmed = text.trim();
  if (!/\s/.test(trimmed) || /^".*"$/.test(trimmed)) return trimmed;
  return `"${trimmed.replace(/"/g, '')}"`;
}
