import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where an outgoing request may go, by the IP address it would connect to:
 * - `public`: a globally routable address;
 * - `lan`: private, carrier-grade NAT, link-local and unique-local ranges (reachable when the owner allows LAN);
 * - `local`: loopback and unspecified addresses, i.e. this machine (never reachable: it is Fovea itself);
 * - `reserved`: multicast, broadcast, documentation, benchmarking and other special-purpose ranges (never).
 */
export type AddressClass = 'public' | 'lan' | 'local' | 'reserved';

function blockList(v4: [string, number][], v6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

// BlockList matches an IPv4-mapped IPv6 address (::ffff:a.b.c.d) against the IPv4 ranges, and an IPv4 address
// against IPv6 ranges covering ::ffff:0:0/96, so no IPv6 range below may cover that block.
const LOCAL = blockList(
  [
    ['0.0.0.0', 8],
    ['127.0.0.0', 8],
  ],
  [
    ['::', 128],
    ['::1', 128],
  ],
);

const LAN = blockList(
  [
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ],
  [
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10], // the old site-local range
  ],
);

const RESERVED = blockList(
  [
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation (TEST-NET-1)
    ['192.88.99.0', 24], // the old 6to4 relay anycast
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation (TEST-NET-2)
    ['203.0.113.0', 24], // documentation (TEST-NET-3)
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, 255.255.255.255 (broadcast) included
  ],
  [
    ['100::', 64], // discard
    ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID...)
    ['2001:db8::', 32], // documentation
    ['3fff::', 20], // documentation
    ['ff00::', 8], // multicast
  ],
);

/** The eight 16-bit groups of a valid IPv6 address (dotted IPv4 tails included). */
export function ipv6Groups(address: string): number[] {
  // The URL parser writes any valid IPv6 address in its canonical form, with the IPv4 tail as hex groups.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4), or null. */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeros = (...values: (number | undefined)[]) => values.every((value) => value === 0);
  if (zeros(g0, g1, g2, g3, g4) && g5 === 0xffff) return dotted(g6, g7); // ::ffff:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return dotted(g6, g7); // 64:ff9b::a.b.c.d
  if (g0 === 0x2002) return dotted(g1 ?? 0, g2 ?? 0); // 6to4: 2002:AABB:CCDD::
  return null;
}

function classifyIpv4(address: string): AddressClass {
  if (LOCAL.check(address, 'ipv4')) return 'local';
  if (LAN.check(address, 'ipv4')) return 'lan';
  if (RESERVED.check(address, 'ipv4')) return 'reserved';
  return 'public';
}

function classifyIpv6(withZone: string): AddressClass {
  // A zone (fe80::1%eth0) names the interface, not the address.
  const address = withZone.replace(/%.*$/, '');
  const groups = ipv6Groups(address);
  const inner = embeddedIpv4(groups);
  if (inner !== null) return classifyIpv4(inner);
  if (LOCAL.check(address, 'ipv6')) return 'local';
  if (LAN.check(address, 'ipv6')) return 'lan';
  if (RESERVED.check(address, 'ipv6')) return 'reserved';
  // Only 2000::/3 is global unicast; the rest (the old IPv4-compatible ::a.b.c.d included) is not routable.
  return ((groups[0] ?? 0) & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/** The class of an IP address (IPv6 with or without brackets); null when `address` is not an IP address. */
export function classifyAddress(address: string): AddressClass | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  switch (isIP(bare)) {
    case 4:
      return classifyIpv4(bare);
    case 6:
      return classifyIpv6(bare);
    default:
      return null;
  }
}

/** Whether an outgoing request may connect to an address of this class. */
export function addressAllowed(kind: AddressClass, allowLan: boolean): boolean {
  return kind === 'public' || (kind === 'lan' && allowLan);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to. */
export type ResolveAll = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolveAll: ResolveAll = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** An outgoing request refused by the address policy. */
export class ForbiddenAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenAddressError';
  }
}

export interface OutgoingAddressPolicy {
  /** Read at every check, so changing the option applies at once. */
  allowLan: () => boolean;
  /** Name resolution (default: the system resolver, as the connection itself would use). */
  resolve?: ResolveAll;
  /**
   * Host names answered by fixed addresses taken as public, whatever they are (tests reach their local
   * servers this way: 'images.test' -> '127.0.0.1'). Empty in the program.
   */
  trustedHosts?: Record<string, string>;
}

const normaliseHost = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * Checks where an outgoing request would connect: an IP literal by its class; a name by every address it
 * resolves to (one refused address refuses the name, so a name cannot mix a public and a private answer).
 * `check` answers the addresses to connect to, which the caller pins the connection to.
 */
export class OutgoingAddressGuard {
  private readonly resolve: ResolveAll;
  private readonly trusted: Map<string, ResolvedAddress>;

  constructor(private readonly policy: OutgoingAddressPolicy) {
    this.resolve = policy.resolve ?? systemResolveAll;
    this.trusted = new Map(
      Object.entries(policy.trustedHosts ?? {}).map(([name, address]) => [
        normaliseHost(name),
        { address, family: isIP(address) === 6 ? 6 : 4 },
      ]),
    );
  }

  /** Refuses an IP literal host at once; null for a name (checked when it is resolved) or an allowed literal. */
  literalRefusal(hostname: string): string | null {
    const host = normaliseHost(hostname);
    const kind = classifyAddress(host);
    if (kind === null || addressAllowed(kind, this.policy.allowLan())) return null;
    return `${host} is a ${kind} address`;
  }

  /** The checked addresses of `hostname`; throws ForbiddenAddressError when one is refused. */
  async check(hostname: string): Promise<ResolvedAddress[]> {
    const host = normaliseHost(hostname);
    const trusted = this.trusted.get(host);
    if (trusted) return [trusted];
    const literal = isIP(host);
    if (literal !== 0) {
      const refusal = this.literalRefusal(host);
      if (refusal) throw new ForbiddenAddressError(refusal);
      return [{ address: host, family: literal === 6 ? 6 : 4 }];
    }
    const addresses = await this.resolve(host);
    if (addresses.length === 0) throw new Error(`${host} did not resolve`);
    const allowLan = this.policy.allowLan();
    for (const { address } of addresses) {
      const kind = classifyAddress(address) ?? 'reserved';
      if (!addressAllowed(kind, allowLan)) {
        throw new ForbiddenAddressError(`${host} resolves to ${address}, a ${kind} address`);
      }
    }
    return addresses;
  }
}
