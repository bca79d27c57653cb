import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealedBox, DATA_KEY_FILE } from './sealed.js';

describe('sealed secrets', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-sealed-'));

  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const box = createSealedBox({ key: randomBytes(32).toString('base64'), dataDir: dir() });
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered value and another key', () => {
    const box = createSealedBox({ key: randomBytes(32).toString('base64'), dataDir: dir() });
    const sealed = box.seal('secret');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    const other = createSealedBox({ key: randomBytes(32).toString('base64'), dataDir: dir() });
    expect(() => other.open(sealed)).toThrow();
  });

  it('makes a key once in DATA_DIR, readable by the owner only, and keeps using it', () => {
    const dataDir = dir();
    const sealed = createSealedBox({ dataDir }).seal('kept');
    const file = path.join(dataDir, DATA_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(createSealedBox({ dataDir }).open(sealed)).toBe('kept');
  });
});

describe('keyed hashes', () => {
  it('are stable per key and label, and differ across keys and labels', () => {
    const key = randomBytes(32).toString('base64');
    const a = createSealedBox({ key, dataDir: '/nonexistent' });
    const b = createSealedBox({ key, dataDir: '/nonexistent' });
    expect(a.mac('id', '110101199003077777')).toBe(b.mac('id', '110101199003077777'));
    expect(a.mac('id', '110101199003077777')).not.toBe(a.mac('url', '110101199003077777'));
    const other = createSealedBox({ key: randomBytes(32).toString('base64'), dataDir: '/x' });
    expect(other.mac('id', '110101199003077777')).not.toBe(a.mac('id', '110101199003077777'));
  });
});
