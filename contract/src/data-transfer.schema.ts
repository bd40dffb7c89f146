import { z } from 'zod';
import { BUNDLE_SECTIONS, type BundleSection } from './bundle.schema';
import { QueryFlag } from './fields.schema';
import { bodyBundleSwitches, DEFAULT_BUNDLE_OPTIONS, ExtRefSubset, queryBundleSwitches } from './task.schema';

/*
 * Moving data in and out: bundle backup and restore, and the move-in from an XBVR database. Each is a job; its
 * outcome is a DataTransferReport, pushed on the `data.transfer` topic and kept for GET /api/task/data/reports.
 */

export const BundleSectionName = z.enum(BUNDLE_SECTIONS as [BundleSection, ...BundleSection[]]);

/** What happened to the records of one section. */
export const SectionCounts = z.object({
  /** Rows found in the source. */
  read: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Left alone: already there and overwrite off, excluded by an option, or identical. */
  skipped: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type SectionCounts = z.infer<typeof SectionCounts>;

/** A record that could not be taken, and why (e.g. a file under no storage location, an unknown site). */
export const RejectedRecord = z.object({
  section: BundleSectionName,
  /** The record's natural key: scene_id, actor name, path/filename, … */
  key: z.string(),
  reason: z.string(),
});
export type RejectedRecord = z.infer<typeof RejectedRecord>;

export const DataTransferKind = z.enum(['backup', 'restore', 'xbvr-import', 'xbvr-dry-run']);
export type DataTransferKind = z.infer<typeof DataTransferKind>;

export const DataTransferStatus = z.enum(['running', 'ok', 'failed']);
export type DataTransferStatus = z.infer<typeof DataTransferStatus>;

/** The most rejections a report lists (the counts are always complete). */
export const MAX_LISTED_REJECTIONS = 200;

export const DataTransferReport = z.object({
  kind: DataTransferKind,
  status: DataTransferStatus,
  jobId: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** One line for people: what was done, or why it failed and what that left (e.g. "nothing was changed"). */
  message: z.string(),
  /** Per section, in bundle order; a section the source did not have is absent. */
  sections: z.partialRecord(BundleSectionName, SectionCounts),
  rejected: z.array(RejectedRecord).max(MAX_LISTED_REJECTIONS),
  rejectedTotal: z.number().int().nonnegative(),
  /** A backup's file: its download URL and size in bytes. */
  file: z.object({ url: z.string(), size: z.number().int().nonnegative() }).nullable(),
});
export type DataTransferReport = z.infer<typeof DataTransferReport>;

/** GET /api/task/data/reports: the latest report of each kind (null = never run). */
export const DataTransferReports = z.object({
  backup: DataTransferReport.nullable(),
  restore: DataTransferReport.nullable(),
  'xbvr-import': DataTransferReport.nullable(),
  'xbvr-dry-run': DataTransferReport.nullable(),
});
export type DataTransferReports = z.infer<typeof DataTransferReports>;

const qbool = (value: boolean) => QueryFlag.default(value);
const bbool = (value: boolean) => z.boolean().default(value);

/** The include switches and overwrite of a restore, as a JSON body's fields. */
export const BundleRestoreOptions = z.object({
  ...bodyBundleSwitches(),
  extRefSubset: ExtRefSubset.default(DEFAULT_BUNDLE_OPTIONS.extRefSubset),
  overwrite: bbool(DEFAULT_BUNDLE_OPTIONS.overwrite),
});
export type BundleRestoreOptions = z.infer<typeof BundleRestoreOptions>;

/**
 * POST /api/task/bundle/restore with a raw body (Content-Type application/octet-stream): the bundle file itself,
 * streamed to disk, with the options in the query string. (With application/json the body is the wire form,
 * BundleRestoreBody, read as a stream too.)
 */
export const BundleRestoreQuery = z.object({
  ...queryBundleSwitches(),
  extRefSubset: ExtRefSubset.default(DEFAULT_BUNDLE_OPTIONS.extRefSubset),
  overwrite: qbool(DEFAULT_BUNDLE_OPTIONS.overwrite),
});
export type BundleRestoreQuery = z.infer<typeof BundleRestoreQuery>;

/** The largest bundle a restore takes (a 100k-scene bundle is about 550 MB). */
export const MAX_BUNDLE_BYTES = 4 * 1024 ** 3;

/** Answer of a restore: the upload is on disk and the restore job is queued. */
export const DataTransferAccepted = z.object({ jobId: z.number().int() });
export type DataTransferAccepted = z.infer<typeof DataTransferAccepted>;

/** A "from prefix → to prefix" rewrite of XBVR's paths (XBVR often ran in Docker with other mount points). */
export const PathMapping = z.object({
  from: z.string().trim().min(1).max(4_096),
  to: z.string().trim().max(4_096),
});
export type PathMapping = z.infer<typeof PathMapping>;

/** Where XBVR's database is: its SQLite file (default ~/.config/xbvr/main.db) or a mysql:// URL. Read-only. */
export const XbvrSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sqlite'), path: z.string().trim().min(1).max(4_096) }),
  z.object({
    kind: z.literal('mysql'),
    url: z
      .string()
      .trim()
      .max(4_096)
      .regex(/^mysql:\/\/[^\s]+$/, 'a mysql:// URL, e.g. mysql://user:password@host:3306/xbvr'),
  }),
]);
export type XbvrSource = z.infer<typeof XbvrSource>;

/** POST /api/task/xbvr-import: a dry run counts what would come across; a real run brings it all in. */
export const XbvrImportBody = z.object({
  source: XbvrSource,
  pathMappings: z.array(PathMapping).max(50).default([]),
  dryRun: z.boolean().default(true),
  /** Replace what is already in Fovea (true) or keep it and add only what is missing (false). */
  overwrite: z.boolean().default(true),
});
export type XbvrImportBody = z.infer<typeof XbvrImportBody>;
