import { z } from 'zod';
import { Timestamp } from './common.schema';
import { DEFAULT_FILE_SORT, DEFAULT_FILE_STATE } from './constants';
import { DateTimeInput, ShortText, UInt } from './fields.schema';

/** Kinds of files the scanner records. */
export const FileType = z.enum(['video', 'script', 'hsp', 'subtitles']);
export type FileType = z.infer<typeof FileType>;
export const FILE_TYPES = FileType.options;

/**
 * Projection of a video file. `flat` is 2D; '' means unknown (portrait video). `180_tb` is accepted by
 * filters but never assigned by detection.
 */
export const Projection = z.enum([
  'flat',
  '180_sbs',
  '180_mono',
  '180_tb',
  '360_tb',
  '360_mono',
  'mkx200',
  'mkx220',
  'vrca220',
  'rf52',
  'fisheye190',
  'fisheye',
  '',
]);
export type Projection = z.infer<typeof Projection>;
export const PROJECTIONS = Projection.options;

/** A file on disk (`models.File`), as nested in a scene's `file` list and in the files list. */
export const File = z.object({
  id: UInt,
  created_at: Timestamp,
  updated_at: Timestamp,
  volume_id: UInt,
  path: z.string().describe('the directory holding the file (for put.io: the put.io file id)'),
  filename: z.string(),
  size: z.number().int().nonnegative().describe('bytes'),
  oshash: z.string().describe('OpenSubtitles hash, lowercase hex; "" when not computed'),
  created_time: Timestamp,
  updated_time: Timestamp,
  type: FileType,
  scene_id: UInt.describe('numeric id of the matched scene; 0 = unmatched'),
  video_width: z.number().int().nonnegative(),
  video_height: z.number().int().nonnegative(),
  video_bitrate: z.number().int().nonnegative().describe('bits per second'),
  video_avgfps_val: z.number().nonnegative().describe('average frame rate, rounded up'),
  video_codec_name: z.string(),
  duration: z.number().nonnegative().describe('seconds (a scene duration is in minutes)'),
  projection: Projection,
  has_alpha: z.boolean(),
  has_heatmap: z.boolean(),
  is_selected_script: z.boolean(),
  is_exported: z.boolean(),
  refresh_heatmap_cache: z.boolean(),
});
export type File = z.infer<typeof File>;

// ---- POST /api/files/list ---------------------------------------------------------------------------------

export const FILE_SORT_FIELDS = [
  'filename',
  'created_time',
  'size',
  'video_width',
  'video_height',
  'video_bitrate',
  'duration',
  'video_avgfps_val',
] as const;
export type FileSortField = (typeof FILE_SORT_FIELDS)[number];

/** `<field>_<asc|desc>`; '' means unsorted. */
export const FileSortKey = z.enum([
  'filename_asc',
  'filename_desc',
  'created_time_asc',
  'created_time_desc',
  'size_asc',
  'size_desc',
  'video_width_asc',
  'video_width_desc',
  'video_height_asc',
  'video_height_desc',
  'video_bitrate_asc',
  'video_bitrate_desc',
  'duration_asc',
  'duration_desc',
  'video_avgfps_val_asc',
  'video_avgfps_val_desc',
  '',
]);
export type FileSortKey = z.infer<typeof FileSortKey>;

export const FileState = z.enum(['all', 'matched', 'unmatched']);
export type FileState = z.infer<typeof FileState>;

/** Buckets of the files filters; bounds in constants.ts (RESOLUTION_BUCKETS, BITRATE_BUCKETS, ...). */
export const FileResolution = z.enum(['below4k', '4k', '5k', '6k', 'above6k']);
export type FileResolution = z.infer<typeof FileResolution>;
export const FileFramerate = z.enum(['30fps', '60fps', 'other']);
export type FileFramerate = z.infer<typeof FileFramerate>;
export const FileBitrate = z.enum(['low', 'medium', 'high', 'ultra']);
export type FileBitrate = z.infer<typeof FileBitrate>;

/** The files filter state, which is also the body of POST /api/files/list. Every field is optional. */
export const FileListRequest = z.object({
  sort: FileSortKey.default(DEFAULT_FILE_SORT),
  state: FileState.default(DEFAULT_FILE_STATE),
  createdDate: z
    .union([z.tuple([]), z.tuple([DateTimeInput, DateTimeInput])])
    .default([])
    .describe('[] for any time, or [from, to] as RFC 3339 date-times'),
  resolutions: z.array(FileResolution).max(20).default([]),
  framerates: z.array(FileFramerate).max(20).default([]),
  bitrates: z.array(FileBitrate).max(20).default([]),
  filename: ShortText.default('').describe('substring of the file name; "" for any'),
});
export type FileListRequest = z.infer<typeof FileListRequest>;

export const FileListResponse = z.array(File);
export type FileListResponse = z.infer<typeof FileListResponse>;

/** POST /api/files/match: `scene_id` is the string scene_id (e.g. "slr-12345"). Answer: empty. */
export const FileMatchBody = z.object({
  file_id: UInt,
  scene_id: ShortText.min(1).describe('the string scene_id, not the numeric id'),
});
export type FileMatchBody = z.infer<typeof FileMatchBody>;

/** POST /api/files/unmatch. Answer: the scene the file was taken from (a zero scene when none). */
export const FileUnmatchBody = z.object({ file_id: UInt });
export type FileUnmatchBody = z.infer<typeof FileUnmatchBody>;

/**
 * POST /api/files/page (Fovea's addition): the files list one page at a time, with the total, so a table of
 * 20k matched files never travels whole. Same filters and sort as POST /api/files/list.
 */
export const FilePageRequest = FileListRequest.extend({
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(500).default(50),
});
export type FilePageRequest = z.infer<typeof FilePageRequest>;

/** The scene a listed file is matched to, so the Files table names it and links to it. */
export const FilePageScene = z.object({
  id: UInt.describe("numeric scene id (a file's scene_id)"),
  scene_id: z.string().describe('the string scene_id'),
  title: z.string(),
});
export type FilePageScene = z.infer<typeof FilePageScene>;

export const FilePageResponse = z.object({
  files: z.array(File),
  total: z.number().int().nonnegative(),
  /** The scenes the page's matched files belong to, each once (additive: older clients ignore it). */
  scenes: z.array(FilePageScene),
});
export type FilePageResponse = z.infer<typeof FilePageResponse>;
