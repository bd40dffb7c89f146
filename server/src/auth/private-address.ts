import { BlockList, isIP } from 'node:net';
import { ipv6Groups } from '../http/outgoing-address';

/**
 * The address ranges that count as "your own network" for the rule that refuses everybody else until a login is
 * set: loopback, RFC 1918, carrier-grade NAT (100.64/10, which Tailscale uses), link-local, and IPv6 loopback,
 * unique-local and link-local. IPv4-mapped IPv6 forms (::ffff:10.0.0.5, ::ffff:a00:5) match their IPv4 range.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** The address without an IPv6 zone (`fe80::1%eth0`) or brackets. */
function bare(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const zone = trimmed.indexOf('%');
  return zone >= 0 ? trimmed.slice(0, zone) : trimmed;
}

/** Whether a client address is on the owner's own network (an unreadable address is not). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const ip = bare(address);
  const family = isIP(ip);
  if (family === 0) return false;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The key failed logins are counted under: the IPv4 address (a mapped one unwrapped), or the /64 network of an
 * IPv6 address, since one IPv6 client can use every address of its /64.
 */
export function clientKey(address: string | undefined): string {
  const ip = bare(address ?? '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const network = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}
