import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressAllowed,
  classifyAddress,
  ForbiddenAddressError,
  OutgoingAddressGuard,
  type ResolvedAddress,
} from '../../src/http/outgoing-address';

describe('classifyAddress', () => {
  it.each([
    // This machine: never.
    ['127.0.0.1', 'local'],
    ['127.255.10.3', 'local'],
    ['0.0.0.0', 'local'],
    ['0.1.2.3', 'local'],
    ['::1', 'local'],
    ['[::1]', 'local'],
    ['::', 'local'],
    ['0:0:0:0:0:0:0:1', 'local'],
    ['::ffff:127.0.0.1', 'local'],
    ['[::ffff:7f00:1]', 'local'],
    ['::ffff:0.0.0.0', 'local'],
    ['64:ff9b::127.0.0.1', 'local'],
    ['2002:7f00:1::', 'local'],
    // The LAN: with the option only.
    ['10.0.0.1', 'lan'],
    ['10.255.255.255', 'lan'],
    ['172.16.0.1', 'lan'],
    ['172.31.255.254', 'lan'],
    ['192.168.1.20', 'lan'],
    ['100.64.0.1', 'lan'],
    ['100.127.255.255', 'lan'],
    ['169.254.169.254', 'lan'],
    ['fc00::1', 'lan'],
    ['fd12:3456::1', 'lan'],
    ['fe80::1', 'lan'],
    ['febf::1', 'lan'],
    ['fe80::1%eth0', 'lan'],
    ['::ffff:10.1.2.3', 'lan'],
    ['::ffff:192.168.0.1', 'lan'],
    ['::ffff:169.254.169.254', 'lan'],
    // Special purpose: never.
    ['224.0.0.1', 'reserved'],
    ['239.255.255.250', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['::8.8.8.8', 'reserved'], // the old IPv4-compatible form
    ['::ffff:224.0.0.1', 'reserved'],
    // Public.
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['192.169.0.1', 'public'],
    ['11.0.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    ['[2a00:1450:4001::200e]', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:808:808::1', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['example.com', 'localhost', '', '1.2.3', '::ffff:1.2.3.4.5', '[::1'])(
    '%s is not an IP address',
    (text) => {
      expect(classifyAddress(text)).toBeNull();
    },
  );

  it('classifies every IPv4-mapped IPv6 address as its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(classifyAddress(`::ffff:${ip}`)).toBe(classifyAddress(ip));
      }),
    );
  });

  it('allows public addresses, LAN ones only with the option, this machine and special ranges never', () => {
    expect(addressAllowed('public', false)).toBe(true);
    expect(addressAllowed('lan', false)).toBe(false);
    expect(addressAllowed('lan', true)).toBe(true);
    for (const kind of ['local', 'reserved'] as const) {
      expect(addressAllowed(kind, false)).toBe(false);
      expect(addressAllowed(kind, true)).toBe(false);
    }
  });
});

describe('OutgoingAddressGuard', () => {
  const dns: Record<string, ResolvedAddress[]> = {
    'cdn.example': [{ address: '93.184.216.34', family: 4 }],
    'nas.example': [{ address: '192.168.1.5', family: 4 }],
    'mixed.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    'loop.example': [{ address: '::1', family: 6 }],
  };
  const guard = (allowLan: boolean, trustedHosts?: Record<string, string>) =>
    new OutgoingAddressGuard({
      allowLan: () => allowLan,
      resolve: async (host) => {
        const found = dns[host];
        if (!found) throw new Error(`ENOTFOUND ${host}`);
        return found;
      },
      ...(trustedHosts ? { trustedHosts } : {}),
    });

  it('answers the resolved addresses of a public name, to connect to', async () => {
    expect(await guard(false).check('CDN.example.')).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    await expect(guard(false).check('mixed.example')).rejects.toThrow(ForbiddenAddressError);
    await expect(guard(true).check('mixed.example')).resolves.toHaveLength(2);
  });

  it('allows LAN names and literals with the option, never this machine', async () => {
    await expect(guard(false).check('nas.example')).rejects.toThrow(/192\.168\.1\.5, a lan address/);
    await expect(guard(true).check('nas.example')).resolves.toEqual([{ address: '192.168.1.5', family: 4 }]);
    await expect(guard(true).check('loop.example')).rejects.toThrow(/::1, a local address/);
    expect(guard(false).literalRefusal('10.0.0.1')).toBe('10.0.0.1 is a lan address');
    expect(guard(true).literalRefusal('10.0.0.1')).toBeNull();
    expect(guard(true).literalRefusal('127.0.0.1')).toBe('127.0.0.1 is a local address');
    expect(guard(true).literalRefusal('[::ffff:7f00:1]')).toBe('::ffff:7f00:1 is a local address');
    expect(guard(false).literalRefusal('cdn.example')).toBeNull();
    await expect(guard(true).check('[::1]')).rejects.toThrow(ForbiddenAddressError);
  });

  it('lets a name that does not resolve fail as a lookup error, not as a refusal', async () => {
    const failure = await guard(false)
      .check('nowhere.example')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ForbiddenAddressError);
  });

  it('answers trusted host names by their fixed address without resolving them', async () => {
    const trusted = guard(false, { 'Images.test': '127.0.0.1' });
    expect(await trusted.check('images.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    // Only the name is trusted: the address itself stays refused.
    await expect(trusted.check('127.0.0.1')).rejects.toThrow(ForbiddenAddressError);
  });
});
