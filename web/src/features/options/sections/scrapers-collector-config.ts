import { COLLECTOR_NAME_MAX_LENGTH, SaveCollectorConfigBody } from '@fovea/contract';
import type { CollectorConfig, CollectorCookie, CollectorKeyValue } from '@fovea/contract';

/** A collector config being edited: the headers and cookies as rows, the body as text. */
export interface CollectorDraft {
  domainKey: string;
  headers: CollectorKeyValue[];
  cookies: CollectorCookie[];
  body: string;
  /** Not edited here; kept as loaded and saved back. */
  other: CollectorKeyValue[];
}

export const EMPTY_HEADER: CollectorKeyValue = { key: '', value: '' };
export const EMPTY_COOKIE: CollectorCookie = { name: '', value: '', domain: '', path: '', host: '' };

/**
 * The existing config a typed name loads: the one named exactly so, else the only one named so ignoring
 * case; null when none (or several) match.
 */
export function findCollectorConfig(
  configs: readonly CollectorConfig[],
  typed: string,
): CollectorConfig | null {
  const name = typed.trim();
  if (name === '') return null;
  const exact = configs.find((config) => config.domain_key === name);
  if (exact !== undefined) return exact;
  const folded = configs.filter((config) => config.domain_key.toLowerCase() === name.toLowerCase());
  return folded.length === 1 ? (folded[0] ?? null) : null;
}

/** Why a typed name cannot become a new config (options-spec §5: at most 20 characters), or null. */
export function newNameProblem(typed: string): 'empty' | 'tooLong' | null {
  const name = typed.trim();
  if (name === '') return 'empty';
  return name.length > COLLECTOR_NAME_MAX_LENGTH ? 'tooLong' : null;
}

export function emptyDraft(domainKey: string): CollectorDraft {
  return { domainKey, headers: [], cookies: [], body: '', other: [] };
}

export function draftFromConfig(config: CollectorConfig): CollectorDraft {
  return {
    domainKey: config.domain_key,
    headers: (config.config.headers ?? []).map((header) => ({ ...header })),
    cookies: (config.config.cookies ?? []).map((cookie) => ({ ...cookie })),
    body: config.config.body,
    other: (config.config.other ?? []).map((entry) => ({ ...entry })),
  };
}

/** The save body of a draft; rows without a header key or a cookie name are left out. */
export function draftToBody(draft: CollectorDraft): SaveCollectorConfigBody {
  return {
    domain_key: draft.domainKey.trim(),
    body: draft.body,
    headers: draft.headers.filter((header) => header.key.trim() !== ''),
    cookies: draft.cookies.filter((cookie) => cookie.name.trim() !== ''),
    other: draft.other,
  };
}

/** The draft an imported file describes, when it has the save shape (else null: it is still posted). */
export function draftFromImport(parsed: unknown): CollectorDraft | null {
  const body = SaveCollectorConfigBody.safeParse(parsed);
  if (!body.success) return null;
  return {
    domainKey: body.data.domain_key,
    headers: body.data.headers ?? [],
    cookies: body.data.cookies ?? [],
    body: body.data.body,
    other: body.data.other ?? [],
  };
}
