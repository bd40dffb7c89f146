import { apiRoutes } from '@fovea/contract';
import type {
  BundleBackupQuery,
  BundleRestoreBody,
  BundleRestoreQuery,
  DataTransferAccepted,
  XbvrImportBody,
} from '@fovea/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, apiCall, buildQuery } from '../client';

/** Query keys of the data transfer calls. */
export const dataTransferKeys = {
  /** GET /api/task/data/reports: the latest report of each kind. */
  reports: ['data-transfer', 'reports'] as const,
};

/** GET /api/task/data/reports: the latest backup, restore, move-in and dry-run reports (null = never run). */
export function useDataTransferReports() {
  return useQuery({
    queryKey: dataTransferKeys.reports,
    queryFn: ({ signal }) => apiCall('dataTransferReports', { signal }),
  });
}

function refreshReports(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: dataTransferKeys.reports });
}

/** GET /api/task/bundle/backup?…&download=true: writes the bundle for /download/…; answers `{status}`. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: z.input<typeof BundleBackupQuery>) =>
      apiCall('bundleBackup', { query: { ...query, download: 'true' } }),
    onSettled: () => refreshReports(queryClient),
  });
}

/** The message of a failed answer: the server's `{message}`, else its text, else the status line. */
async function failure(response: Response): Promise<ApiRequestError> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      const error = 'error' in body && typeof body.error === 'string' ? body.error : response.statusText;
      return new ApiRequestError(response.status, error, body.message);
    }
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  const message = text.trim() === '' ? response.statusText : text.trim();
  return new ApiRequestError(response.status, response.statusText, message);
}

/** POSTs to the restore route; the body is a File (streamed by the browser) or the wire's JSON text. */
async function postRestore(
  url: string,
  body: Blob | string,
  contentType: string,
): Promise<DataTransferAccepted> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      body,
    });
  } catch (cause) {
    throw new ApiRequestError(0, 'Network Error', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as DataTransferAccepted;
}

export interface RestoreFileRequest {
  file: Blob;
  options: z.input<typeof BundleRestoreQuery>;
}

/**
 * POST /api/task/bundle/restore?<options> with the bundle file as the raw body (application/octet-stream):
 * the browser streams the file, the page never reads it into a string. Answers the restore job's id.
 */
export function useRestoreBundleFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: RestoreFileRequest) =>
      postRestore(apiRoutes.bundleRestore.path + buildQuery(options), file, 'application/octet-stream'),
    onSettled: () => refreshReports(queryClient),
  });
}

/** The wire form of a restore from a URL: every option, `uploadData` "{}" and the bundle's URL. */
export type RestoreUrlRequest = Omit<z.input<typeof BundleRestoreBody>, 'uploadData' | 'inclSqlCmds'> & {
  bundleUrl: string;
};

/** POST /api/task/bundle/restore with the wire's JSON body: the server downloads `bundleUrl`. */
export function useRestoreBundleUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RestoreUrlRequest) =>
      postRestore(
        apiRoutes.bundleRestore.path,
        JSON.stringify({ ...request, uploadData: '{}' }),
        'application/json',
      ),
    onSettled: () => refreshReports(queryClient),
  });
}

/** POST /api/task/xbvr-import: a dry run (counts only) or the move-in itself; answers the job's id. */
export function useXbvrImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof XbvrImportBody>) => apiCall('xbvrImport', { body }),
    onSettled: () => refreshReports(queryClient),
  });
}
