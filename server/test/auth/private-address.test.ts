import { describe, expect, it } from 'vitest';
import { clientKey, isPrivateAddress } from '../../src/auth/private-address';

describe('isPrivateAddress', () => {
  it('takes loopback, RFC 1918, CGNAT, link-local, ULA and their IPv4-mapped forms as private', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.5',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.10.20',
      '::1',
      'fc00::1',
      'fd12:3456::9',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      '::ffff:127.0.0.1',
      '::ffff:10.9.8.7',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:c0a8:0101',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('takes every other address, and anything unreadable, as public', () => {
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '172.15.255.255',
      '100.63.255.255',
      '100.128.0.0',
      '192.169.0.1',
      '11.0.0.1',
      '2001:db8::1',
      '2a00:1450::1',
      'fec0::1',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '::',
      '',
      'localhost',
      'not an address',
      undefined,
    ]) {
      expect(isPrivateAddress(address), String(address)).toBe(false);
    }
  });
});

describe('clientKey', () => {
  it('counts an IPv4 client by its address (mapped or not) and an IPv6 client by its /64', () => {
    expect(clientKey('8.8.8.8')).toBe('8.8.8.8');
    expect(clientKey('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe(clientKey('2001:db8:1:2::9'));
    expect(clientKey('2001:db8:1:3::9')).not.toBe(clientKey('2001:db8:1:2::9'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
