import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept at rest under a data key the database does not hold (TOTP secrets now; card
 * numbers with funding): AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>` in base64url. A database
 * dump alone opens none of them. The key is DATA_ENCRYPTION_KEY (base64 of 32 bytes), or a key
 * made once under DATA_DIR (mode 0600); every node of a cluster must share it.
 */
export interface SealedBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * A keyed hash (HMAC-SHA-256, base64url) under a key derived from the data key for `label`:
   * equal texts give equal hashes (a uniqueness check on an ID number without storing it in
   * the clear), and nobody without the data key can make or check one. Labels keep uses apart.
   */
  mac(label: string, text: string): string;
}

export const DATA_KEY_FILE = 'data-encryption.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;

function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, DATA_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64') + '\n', {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      // Another process made it first: use that one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseDataKey(fs.readFileSync(file, 'utf8'));
}

export function parseDataKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error('must be the base64 of 32 bytes');
  return key;
}

export function createSealedBox(opts: { key?: string | undefined; dataDir: string }): SealedBox {
  const key = opts.key ? parseDataKey(opts.key) : keyFromDataDir(opts.dataDir);
  const derived = new Map<string, Buffer>();
  const macKey = (label: string) => {
    let k = derived.get(label);
    if (!k) {
      k = createHmac('sha256', key).update(`ampere-mac:${label}`).digest();
      derived.set(label, k);
    }
    return k;
  };
  return {
    mac(label, text) {
      return createHmac('sha256', macKey(label)).update(text, 'utf8').digest('base64url');
    },
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
