import { HDKey } from '@scure/bip32';
import { bytesToHex, getAddress, isAddress, type Address } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * Deposit addresses from an extended PUBLIC key (BIP32): the server can derive every user's
 * address but spend from none — the private key stays offline with whoever sweeps deposits.
 * Child `0/<index>` of the key (the external chain of a BIP44 account, m/44'/60'/a'), so a
 * wallet holding the account's private key finds the same addresses.
 */
export function createAddressDeriver(xpub: string) {
  const account = HDKey.fromExtendedKey(xpub);
  if (account.privateKey) throw new Error('CHAIN_XPUB must be a public key, not a private one');
  const external = account.deriveChild(0);
  return (index: bigint): Address => {
    if (index < 0n || index >= 2n ** 31n) throw new Error(`derivation index ${index} out of range`);
    const child = external.deriveChild(Number(index));
    if (!child.publicKey) throw new Error('derived key has no public key');
    // The compressed key from BIP32, uncompressed for the Ethereum address (keccak of X‖Y).
    const point = secp256k1.Point.fromBytes(child.publicKey);
    return publicKeyToAddress(bytesToHex(point.toBytes(false)));
  };
}

/**
 * An EVM address as a user typed it: 0x and 40 hex digits, and when it has mixed case, a correct
 * EIP-55 checksum (all-lower or all-upper carries no checksum and is accepted, as wallets do).
 */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  return isAddress(address, { strict: true });
}

/** The stored form of an address: lower-case. */
export const storedAddress = (address: string): string => address.toLowerCase();

/** The shown form: EIP-55 check-summed. */
export const shownAddress = (address: string): Address => getAddress(address);
