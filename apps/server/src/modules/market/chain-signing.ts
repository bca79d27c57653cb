import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Chain heads are signed with an Ed25519 key the database does not hold (docs/market.md): a
 * user who saved a signed head can prove any later rewrite of the chain before it, since the
 * rewritten chain cannot end in the signed hash and nobody without the key can sign a new one.
 */

/** What a head's signature covers. */
export interface HeadFields {
  symbol: string;
  minuteMs: number;
  tickId: string;
  hash: string;
}

/** The signed text: fixed order, one field a line, prefixed so it can mean nothing else. */
export function headMessage(h: HeadFields): string {
  return `ampere-chain-head\n${h.symbol}\n${h.minuteMs}\n${h.tickId}\n${h.hash}`;
}

export interface ChainSigner {
  /** Base64 of the raw 32-byte public key. */
  publicKey: string;
  /** Base64 Ed25519 signature of `headMessage(head)`. */
  sign(head: HeadFields): string;
  /** Base64 Ed25519 signature of another prefixed message (the audit log's heads). */
  signMessage(message: string): string;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
export const SIGNING_KEY_FILE = 'chain-signing-key.pem';

/** The key from `CHAIN_SIGNING_KEY`: a PKCS#8 PEM, or the base64 of a raw 32-byte seed. */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPrivateKey(trimmed);
  const seed = Buffer.from(trimmed, 'base64');
  if (seed.length !== 32) throw new Error('must be a PKCS#8 PEM or the base64 of 32 bytes');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The key kept under DATA_DIR, created (mode 0600) on first use. */
function keyFromDataDir(dataDir: string): KeyObject {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    try {
      fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use that one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createPrivateKey(fs.readFileSync(file, 'utf8'));
}

export function rawPublicKey(privateKey: KeyObject): string {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

export function createChainSigner(opts: {
  key?: string | undefined;
  dataDir: string;
}): ChainSigner {
  const privateKey = opts.key ? parseSigningKey(opts.key) : keyFromDataDir(opts.dataDir);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the signing key is not Ed25519');
  return {
    publicKey: rawPublicKey(privateKey),
    sign: (head) => sign(null, Buffer.from(headMessage(head)), privateKey).toString('base64'),
    signMessage: (message) => sign(null, Buffer.from(message), privateKey).toString('base64'),
  };
}

/** Checks a head's signature against a raw base64 public key, as any user can. */
export function verifyHead(publicKey: string, head: HeadFields, signature: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  return verify(null, Buffer.from(headMessage(head)), key, Buffer.from(signature, 'base64'));
}

/** The append-only heads file under DATA_DIR: one JSON line per signed head, never rewritten. */
export const HEADS_FILE = 'chain-heads.jsonl';

export function headsFileAppender(dataDir: string) {
  const file = path.join(dataDir, HEADS_FILE);
  return async (heads: readonly (HeadFields & { signature: string })[]): Promise<void> => {
    if (heads.length === 0) return;
    const lines = heads.map((h) => JSON.stringify(h)).join('\n') + '\n';
    await fs.promises.mkdir(dataDir, { recursive: true });
    await fs.promises.appendFile(file, lines, { flag: 'a', mode: 0o644 });
  };
}
