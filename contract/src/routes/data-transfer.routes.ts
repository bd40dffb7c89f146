import { z } from 'zod';
import {
  DataTransferAccepted,
  DataTransferReports,
  BundleRestoreQuery,
  XbvrImportBody,
} from '../data-transfer.schema';
import type { RouteSpec } from '../route-spec';
import { BundleBackupQuery, BundleBackupResponse } from '../task.schema';

/**
 * Bundle backup and restore (xbvr-wire §11.1–11.2) and the move-in from an XBVR database. The backup without
 * download=true answers with the bundle file itself (a stream, not JSON of this table); so does
 * GET /download/xbvr-content-bundle.json. The restore takes either the wire's JSON body (BundleRestoreBody,
 * read as a stream so a large `uploadData` never becomes one string) or the bundle file as a raw body
 * (application/octet-stream) with the options in the query.
 */
export const dataTransferRoutes = {
  bundleBackup: {
    method: 'GET',
    path: '/api/task/bundle/backup',
    query: BundleBackupQuery,
    response: z.union([BundleBackupResponse, z.looseObject({ bundleVersion: z.string() })]),
  },
  bundleRestore: {
    method: 'POST',
    path: '/api/task/bundle/restore',
    query: BundleRestoreQuery,
    response: DataTransferAccepted,
  },
  dataTransferReports: {
    method: 'GET',
    path: '/api/task/data/reports',
    response: DataTransferReports,
  },
  xbvrImport: {
    method: 'POST',
    path: '/api/task/xbvr-import',
    body: XbvrImportBody,
    response: DataTransferAccepted,
  },
} as const satisfies Record<string, RouteSpec>;
