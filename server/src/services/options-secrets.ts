import {
  isSecretHeader,
  joinProxyUrl,
  PROXY_PASSWORD_MASK,
  SECRET_SET,
  maskProxyUrl,
  secretMarker,
  splitProxyUrl,
  type AdvancedOptions,
  type CollectorCookie,
  type CollectorKeyValue,
  type DeovrOptions,
  type Options,
} from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';

/*
 * The one rule for the owner's secrets in answers (issue 19, item 6): the players' password hash, the StashDB
 * API key, the TPDB token and the scraper proxy's password never leave the server. Answers carry SECRET_SET
 * ("set") for a stored value and '' for none, and the proxy URL carries PROXY_PASSWORD_MASK in place of its
 * password. Saves take those stand-ins back as "keep the stored value", so a client that saves what it read
 * never overwrites a secret.
 */

export function hideAdvancedSecrets(advanced: AdvancedOptions): AdvancedOptions {
  return {
    ...advanced,
    stashApiKey: secretMarker(advanced.stashApiKey),
    scraperProxy: maskProxyUrl(advanced.scraperProxy),
  };
}

export function hideDeovrSecrets<T extends Pick<DeovrOptions, 'password'>>(deovr: T): T {
  return { ...deovr, password: secretMarker(deovr.password) };
}

/** The options as answers show them. */
export function hideSecrets(options: Options): Options {
  return {
    ...options,
    advanced: hideAdvancedSecrets(options.advanced),
    vendor: {
      ...options.vendor,
      tpdb: { ...options.vendor.tpdb, apiToken: secretMarker(options.vendor.tpdb.apiToken) },
    },
    interfaces: { ...options.interfaces, deovr: hideDeovrSecrets(options.interfaces.deovr) },
  };
}

/** A sent secret: SECRET_SET keeps the stored value; anything else ('' clears) replaces it. */
export function sentSecret(sent: string, stored: string): string {
  return sent === SECRET_SET ? stored : sent;
}

/**
 * A sent proxy URL: PROXY_PASSWORD_MASK as its password stands for the stored proxy's password (the address
 * may change with it); a URL with another password, or none, replaces the stored one.
 */
export function sentProxyUrl(sent: string, stored: string): string {
  const parts = splitProxyUrl(sent);
  if (parts === null || parts.password !== PROXY_PASSWORD_MASK) return sent;
  const storedPassword = splitProxyUrl(stored)?.password ?? '';
  if (storedPassword === '') {
    throw new BadRequestError(
      `no proxy password is stored to keep; type it in place of ${PROXY_PASSWORD_MASK}`,
    );
  }
  return joinProxyUrl({ ...parts, password: storedPassword });
}

/** A save of advanced options with the stand-ins resolved against the stored values. */
export function withAdvancedSecrets<T extends Partial<AdvancedOptions>>(sent: T, stored: AdvancedOptions): T {
  const resolved = { ...sent };
  if (resolved.stashApiKey !== undefined)
    resolved.stashApiKey = sentSecret(resolved.stashApiKey, stored.stashApiKey);
  if (resolved.scraperProxy !== undefined)
    resolved.scraperProxy = sentProxyUrl(resolved.scraperProxy, stored.scraperProxy);
  return resolved;
}

/*
 * Collector configs (Advanced → Cookies/Headers) hold the owner's logins to studio sites: every cookie value,
 * and the value of any header whose name says it carries a credential (isSecretHeader), answer as SECRET_SET.
 */
interface CollectorLists {
  headers: CollectorKeyValue[] | null;
  cookies: CollectorCookie[] | null;
}

export function hideCollectorSecrets<T extends CollectorLists>(config: T): T {
  return {
    ...config,
    headers:
      config.headers?.map((header) =>
        isSecretHeader(header.key) ? { ...header, value: secretMarker(header.value) } : header,
      ) ?? null,
    cookies: config.cookies?.map((cookie) => ({ ...cookie, value: secretMarker(cookie.value) })) ?? null,
  };
}

/**
 * A saved collector config with SECRET_SET values taken from the stored config: a cookie's from the stored
 * cookie of the same name, domain and path, a secret header's from the stored header of the same name.
 */
export function withCollectorSecrets<T extends CollectorLists>(sent: T, stored: CollectorLists | null): T {
  const keep = (value: string, storedValue: string | undefined, what: string): string => {
    if (value !== SECRET_SET) return value;
    if (storedValue === undefined || storedValue === '') {
      throw new BadRequestError(`${what} has no stored value to keep; type its value`);
    }
    return storedValue;
  };
  return {
    ...sent,
    headers:
      sent.headers?.map((header) => {
        if (!isSecretHeader(header.key)) return header;
        const same = stored?.headers?.find((s) => s.key.toLowerCase() === header.key.toLowerCase());
        return { ...header, value: keep(header.value, same?.value, `header "${header.key}"`) };
      }) ?? null,
    cookies:
      sent.cookies?.map((cookie) => {
        const same = stored?.cookies?.find(
          (s) => s.name === cookie.name && s.domain === cookie.domain && s.path === cookie.path,
        );
        return { ...cookie, value: keep(cookie.value, same?.value, `cookie "${cookie.name}"`) };
      }) ?? null,
  };
}
