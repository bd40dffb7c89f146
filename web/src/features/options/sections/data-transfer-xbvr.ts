import { XbvrSource } from '@fovea/contract';
import type { DataTransferReport, PathMapping, XbvrImportBody } from '@fovea/contract';
import type { z } from 'zod';

/** XBVR's own database file on a desktop install (Docker installs keep it under /root/.config/xbvr/). */
export const XBVR_SQLITE_PLACEHOLDER = '~/.config/xbvr/main.db';
export const XBVR_MYSQL_PLACEHOLDER = 'mysql://user:password@host:3306/xbvr';

export type XbvrSourceKind = XbvrSource['kind'];

/** The "Move in from XBVR" form: where the database is, how its paths are rewritten, and overwrite. */
export interface XbvrFormValues {
  kind: XbvrSourceKind;
  path: string;
  url: string;
  /** Rows of the mapping list as typed; fully empty rows are left out of the request. */
  mappings: PathMapping[];
  overwrite: boolean;
}

export function defaultXbvrValues(): XbvrFormValues {
  return { kind: 'sqlite', path: '', url: '', mappings: [], overwrite: true };
}

/** Why the form cannot be sent yet (no path, not a mysql:// URL, a mapping without its prefix), or null. */
export type XbvrProblem = 'pathRequired' | 'mysqlUrl' | 'mappingFrom' | null;

function sourceOf(values: XbvrFormValues): XbvrSource | null {
  const candidate =
    values.kind === 'sqlite' ? { kind: 'sqlite', path: values.path } : { kind: 'mysql', url: values.url };
  const parsed = XbvrSource.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

function usedMappings(values: XbvrFormValues): PathMapping[] {
  return values.mappings
    .map((mapping) => ({ from: mapping.from.trim(), to: mapping.to.trim() }))
    .filter((mapping) => mapping.from !== '' || mapping.to !== '');
}

export function xbvrProblem(values: XbvrFormValues): XbvrProblem {
  if (sourceOf(values) === null) return values.kind === 'sqlite' ? 'pathRequired' : 'mysqlUrl';
  if (usedMappings(values).some((mapping) => mapping.from === '')) return 'mappingFrom';
  return null;
}

/** The request of a dry run or a move-in; null while the form has a problem. */
export function xbvrImportBody(
  values: XbvrFormValues,
  dryRun: boolean,
): z.input<typeof XbvrImportBody> | null {
  const source = sourceOf(values);
  if (source === null || xbvrProblem(values) !== null) return null;
  return { source, pathMappings: usedMappings(values), dryRun, overwrite: values.overwrite };
}

/** What a dry run was made of: a move-in is offered only for exactly these settings. */
export function xbvrSettingsKey(values: XbvrFormValues): string {
  return JSON.stringify(xbvrImportBody(values, true));
}

/** The dry run the form started: its job and the settings it counted. */
export interface XbvrDryRun {
  jobId: number;
  settingsKey: string;
}

/** A move-in may start once the dry run of the same settings has finished well. */
export function canMoveIn(
  values: XbvrFormValues,
  dryRun: XbvrDryRun | null,
  report: DataTransferReport | null,
): boolean {
  return (
    dryRun !== null &&
    report !== null &&
    report.jobId === dryRun.jobId &&
    report.status === 'ok' &&
    dryRun.settingsKey === xbvrSettingsKey(values)
  );
}
