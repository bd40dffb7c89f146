import type { DlnaOptions, DlnaOptionsBody } from '@fovea/contract';

/** What the DLNA section edits (the PUT body names serviceName `name` and serviceImage `image`). */
export interface DlnaValues {
  enabled: boolean;
  name: string;
  image: string;
  allowedIp: string[];
}

export const DLNA_NAME_MAX = 64;

export function pickDlnaValues(dlna: DlnaOptions): DlnaValues {
  return {
    enabled: dlna.enabled,
    name: dlna.serviceName,
    image: dlna.serviceImage,
    allowedIp: [...dlna.allowedIp],
  };
}

export function dlnaBody(values: DlnaValues): DlnaOptionsBody {
  return { ...values, name: values.name.trim() };
}

export const sameDlnaValues = (a: DlnaValues, b: DlnaValues): boolean =>
  a.enabled === b.enabled &&
  a.name === b.name &&
  a.image === b.image &&
  a.allowedIp.length === b.allowedIp.length &&
  a.allowedIp.every((ip, index) => ip === b.allowedIp[index]);

export type AllowedIpError = 'empty' | 'duplicate';

/** Adds an address to the allowed list (trimmed); an empty or already listed one is refused. */
export function addAllowedIp(
  list: readonly string[],
  entry: string,
): { list: string[]; error: null } | { list: readonly string[]; error: AllowedIpError } {
  const ip = entry.trim();
  if (ip === '') return { list, error: 'empty' };
  if (list.includes(ip)) return { list, error: 'duplicate' };
  return { list: [...list, ip], error: null };
}

export type DlnaNameError = 'required' | 'tooLong' | null;

export function dlnaNameError(name: string): DlnaNameError {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > DLNA_NAME_MAX ? 'tooLong' : null;
}
