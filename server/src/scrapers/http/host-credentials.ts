import { NO_STASHDB_KEY } from '../../stashdb/stashdb-api-key';

/**
 * Credentials the HTTP layer adds by host, never seen by definitions: they cannot send them anywhere else,
 * and they are not in job rows, logs or answers. `missing` stops the request with that message.
 */
export type HostCredentials = { headers: Record<string, string> } | { missing: string };

/** The credentials for a request to `url`, or null when its host needs none. */
export type CredentialsFor = (url: URL) => HostCredentials | null;

/** StashDB's host: the `stashdb` definition's GraphQL requests go there (scraper-sites §3.6). */
export const STASHDB_HOST = 'stashdb.org';

/**
 * The owner's StashDB API key as the `ApiKey` header of every HTTPS request to StashDB's host, and only there
 * (a plain-HTTP request would show it on the wire, so it goes without).
 */
export function stashdbCredentials(apiKey: () => string | null): CredentialsFor {
  return (url) => {
    if (url.hostname !== STASHDB_HOST || url.protocol !== 'https:') return null;
    const key = apiKey();
    return key === null ? { missing: NO_STASHDB_KEY } : { headers: { apikey: key } };
  };
}
