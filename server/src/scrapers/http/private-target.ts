import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a scraper may not reach unless the owner allows it: loopback, private, link-local, unique-local. */
function privateRanges(): BlockList {
  const list = new BlockList();
  list.addSubnet('0.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT, shared address space
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addAddress('255.255.255.255', 'ipv4');
  list.addAddress('::', 'ipv6');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  // IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList itself.
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
}

const PRIVATE = privateRanges();

/** True for an IP literal in a loopback, private, link-local or unique-local range; false for a name. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Every address a name resolves to. */
export type AddressLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: AddressLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why `url` may not be fetched, or null when it may: a non-http(s) URL always; `localhost` (and `*.localhost`),
 * a private IP literal, or (when `resolve` is given) a name resolving to a private address, unless allowed.
 * A name that does not resolve is left to the request itself, which then fails as a network error.
 */
export async function refusalOf(
  url: URL,
  options: { allowPrivate: boolean; resolve: AddressLookup | null },
): Promise<string | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `not an http(s) URL (${url.protocol})`;
  if (options.allowPrivate) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a local address`;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) {
    return isPrivateAddress(host) ? `${host} is a private or loopback address` : null;
  }
  if (!options.resolve) return null;
  let addresses: string[];
  try {
    addresses = await options.resolve(host);
  } catch {
    return null;
  }
  const hit = addresses.find(isPrivateAddress);
  return hit === undefined ? null : `${host} resolves to the private or loopback address ${hit}`;
}
