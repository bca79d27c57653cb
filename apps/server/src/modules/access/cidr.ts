import { ACCESS_LIMITS } from '@ampere/contract/admin';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors.js';

/**
 * Address ranges as staff write them and as requests are matched against them
 * (docs/content.md, Access restriction). Parsing is ipaddr.js's; this file adds only the rules
 * of what staff may write and a lookup that costs the same however many blocks there are.
 */

export type Family = 'ipv4' | 'ipv6';
type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A range in canonical form: the network address (host bits zero) and the prefix length. */
export interface Range {
  family: Family;
  /** `203.0.113.0/24`, `2001:db8::/32`; a single address as `/32` or `/128`. */
  cidr: string;
  prefix: number;
  /** How many addresses it covers. */
  size: bigint;
}

const BITS: Record<Family, number> = { ipv4: 32, ipv6: 128 };
const PREFIX = /^[0-9]{1,3}$/;

/** The address with every bit after `prefix` cleared. */
function networkBytes(bytes: readonly number[], prefix: number): number[] {
  return bytes.map((byte, i) => {
    const keep = Math.min(8, Math.max(0, prefix - i * 8));
    return keep === 8 ? byte : byte & ((0xff << (8 - keep)) & 0xff);
  });
}

/** An address as staff may write it: IPv4 in four decimal parts, IPv6 without a zone. */
function parseAddress(text: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes('%') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return undefined;
}

/**
 * Staff's text (`203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`) as a canonical range. Host
 * bits are cleared (`203.0.113.7/24` is `203.0.113.0/24`); an IPv4-mapped IPv6 range
 * (`::ffff:203.0.113.0/120`) is the IPv4 range it maps, because that is how requests from such
 * addresses are matched. Refused: anything else (7430), and ranges wider than a /8 of IPv4 or a
 * /16 of IPv6 (7431), so one slip cannot shut out a continent.
 */
export function parseRange(input: string): Range {
  const [addressText = '', prefixText, ...rest] = input.trim().split('/');
  let address = parseAddress(addressText);
  if (!address || rest.length > 0 || (prefixText !== undefined && !PREFIX.test(prefixText)))
    throw new AppError('ACCESS_CIDR_INVALID');
  let prefix = prefixText === undefined ? BITS[address.kind()] : Number(prefixText);
  if (prefix > BITS[address.kind()]) throw new AppError('ACCESS_CIDR_INVALID');
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
    address = (address as ipaddr.IPv6).toIPv4Address();
    prefix -= 96;
  }
  const family = address.kind();
  const min = family === 'ipv4' ? ACCESS_LIMITS.minPrefixV4 : ACCESS_LIMITS.minPrefixV6;
  if (prefix < min) throw new AppError('ACCESS_RANGE_TOO_WIDE');
  const network = ipaddr.fromByteArray(networkBytes(address.toByteArray(), prefix));
  return {
    family,
    cidr: `${network.toString()}/${prefix}`,
    prefix,
    size: 1n << BigInt(BITS[family] - prefix),
  };
}

/**
 * A client address as the server sees it (`req.ip`): an IPv4-mapped IPv6 address (a dual-stack
 * socket's `::ffff:203.0.113.7`) is the IPv4 address. Undefined when it is not an address.
 */
export function clientAddress(ip: string): Address | undefined {
  try {
    return ipaddr.process(ip);
  } catch {
    return undefined;
  }
}

const keyOf = (bytes: readonly number[]) => bytes.join('.');

/** What a block carries into the lookup: its id and when it stops applying. */
export interface BlockEntry {
  id: bigint;
  /** Epoch ms; null: until removed. */
  expiresAtMs: number | null;
}

/**
 * The active blocks, for matching one address at a time. Ranges are grouped by family and
 * prefix length; an address is masked once per prefix length present and looked up in a hash
 * map, so a lookup costs at most 33 (IPv4) or 129 (IPv6) map reads, not one per block.
 */
export class BlockSet {
  private readonly byFamily = new Map<Family, Map<number, Map<string, BlockEntry>>>();
  readonly size: number;

  constructor(blocks: readonly { range: Range; entry: BlockEntry }[]) {
    for (const { range, entry } of blocks) {
      const prefixes =
        this.byFamily.get(range.family) ?? new Map<number, Map<string, BlockEntry>>();
      this.byFamily.set(range.family, prefixes);
      const networks = prefixes.get(range.prefix) ?? new Map<string, BlockEntry>();
      prefixes.set(range.prefix, networks);
      const network = ipaddr.parseCIDR(range.cidr)[0].toByteArray();
      const key = keyOf(network);
      // Two blocks of one range (a race staff lost): the one that lasts longer decides.
      const held = networks.get(key);
      if (!held || lasts(entry, held)) networks.set(key, entry);
    }
    this.size = blocks.length;
  }

  /** The block covering `address` that still applies at `nowMs`, if any. */
  match(address: Address, nowMs: number): BlockEntry | undefined {
    const prefixes = this.byFamily.get(address.kind());
    if (!prefixes) return undefined;
    const bytes = address.toByteArray();
    for (const [prefix, networks] of prefixes) {
      const entry = networks.get(keyOf(networkBytes(bytes, prefix)));
      if (entry && (entry.expiresAtMs === null || entry.expiresAtMs > nowMs)) return entry;
    }
    return undefined;
  }
}

const lasts = (a: BlockEntry, b: BlockEntry) =>
  b.expiresAtMs !== null && (a.expiresAtMs === null || a.expiresAtMs > b.expiresAtMs);
