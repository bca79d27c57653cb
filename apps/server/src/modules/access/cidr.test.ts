import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { BlockSet, clientAddress, parseRange } from './cidr.js';

const refusal = (input: string) => {
  try {
    parseRange(input);
  } catch (error) {
    return error instanceof AppError ? error.def.code : error;
  }
  return 'accepted';
};

describe('parseRange', () => {
  it.each([
    ['203.0.113.0/24', '203.0.113.0/24', 'ipv4', 256n],
    // Host bits are cleared: the block covers the whole network it names.
    ['203.0.113.77/24', '203.0.113.0/24', 'ipv4', 256n],
    ['198.51.100.5', '198.51.100.5/32', 'ipv4', 1n],
    ['  10.0.0.0/8 ', '10.0.0.0/8', 'ipv4', 16_777_216n],
    ['2001:DB8::1/32', '2001:db8::/32', 'ipv6', 2n ** 96n],
    ['2001:db8:abcd:0012::1', '2001:db8:abcd:12::1/128', 'ipv6', 1n],
    ['2001:db8::/16', '2001::/16', 'ipv6', 2n ** 112n],
    // An IPv4-mapped range is the IPv4 range it maps: that is how such clients are matched.
    ['::ffff:198.51.100.0/120', '198.51.100.0/24', 'ipv4', 256n],
  ])('%s is %s', (input, cidr, family, size) => {
    expect(parseRange(input)).toMatchObject({ cidr, family, size });
  });

  it.each([
    ['', 7430],
    ['abc', 7430],
    ['203.0.113.0/33', 7430],
    ['203.0.113.0/', 7430],
    ['203.0.113.0/24/1', 7430],
    ['203.0.113.0/-1', 7430],
    ['203.0.113.0/+8', 7430],
    // Short and hexadecimal IPv4 forms are not how anyone writes a range: refused, not guessed.
    ['127.1', 7430],
    ['0x7f.0.0.1', 7430],
    ['010.0.0.1', 7430],
    ['2001:db8::/129', 7430],
    ['fe80::1%eth0', 7430],
    ['2001:db8::g', 7430],
    ['10.0.0.0/7', 7431],
    ['0.0.0.0/0', 7431],
    ['::/0', 7431],
    ['2001:db8::/15', 7431],
  ])('refuses %j (%i)', (input, code) => {
    expect(refusal(input)).toBe(code);
  });
});

describe('clientAddress', () => {
  it('takes a dual-stack socket’s IPv4-mapped address as the IPv4 address', () => {
    expect(clientAddress('::ffff:203.0.113.7')?.toString()).toBe('203.0.113.7');
    expect(clientAddress('2001:db8::1')?.kind()).toBe('ipv6');
    expect(clientAddress('not an address')).toBeUndefined();
  });
});

describe('BlockSet', () => {
  const block = (cidr: string, id: number, expiresAtMs: number | null = null) => ({
    range: parseRange(cidr),
    entry: { id: BigInt(id), expiresAtMs },
  });
  const at = (ip: string) => ipaddr.process(ip);

  it('matches an address inside any range of its family, and nothing else', () => {
    const set = new BlockSet([
      block('203.0.113.0/24', 1),
      block('198.51.100.7', 2),
      block('2001:db8:abcd::/48', 3),
      block('10.0.0.0/8', 4),
    ]);
    expect(set.match(at('203.0.113.0'), 0)?.id).toBe(1n);
    expect(set.match(at('203.0.113.255'), 0)?.id).toBe(1n);
    expect(set.match(at('203.0.114.0'), 0)).toBeUndefined();
    expect(set.match(at('198.51.100.7'), 0)?.id).toBe(2n);
    expect(set.match(at('198.51.100.8'), 0)).toBeUndefined();
    expect(set.match(at('10.255.255.255'), 0)?.id).toBe(4n);
    expect(set.match(at('2001:db8:abcd:ffff::1'), 0)?.id).toBe(3n);
    expect(set.match(at('2001:db8:abce::1'), 0)).toBeUndefined();
    // The IPv4 space and the IPv6 space never match each other.
    expect(set.match(at('::cb00:7100'), 0)).toBeUndefined();
  });

  it('lets a block lapse at its expiry, falling back to a wider one still in force', () => {
    const set = new BlockSet([block('203.0.113.7', 1, 1_000), block('203.0.113.0/24', 2, 5_000)]);
    expect(set.match(at('203.0.113.7'), 999)?.id).toBe(1n);
    expect(set.match(at('203.0.113.7'), 1_000)?.id).toBe(2n);
    expect(set.match(at('203.0.113.7'), 5_000)).toBeUndefined();
  });

  it('keeps the longer-lasting of two blocks of one range', () => {
    const set = new BlockSet([block('203.0.113.0/24', 1, 1_000), block('203.0.113.0/24', 2, null)]);
    expect(set.match(at('203.0.113.1'), 2_000)?.id).toBe(2n);
  });

  it('finds the one block among 5,000 of one prefix length', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      block(`10.${Math.floor(i / 256)}.${i % 256}.0/24`, i + 1),
    );
    const set = new BlockSet(many);
    expect(set.match(at('192.0.2.1'), 0)).toBeUndefined();
    expect(set.match(at('10.19.135.9'), 0)?.id).toBe(BigInt(19 * 256 + 135 + 1));
  });
});
