import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, uuidV4FromBytes } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('returns a fresh v4 UUID each call', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
  });

  it('falls back to getRandomValues where randomUUID is missing (insecure contexts)', () => {
    const source = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        if (array instanceof Uint8Array) array.fill(0xff);
        return array;
      },
    };
    expect(newIdempotencyKey(source)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('sets the version and variant bits', () => {
    expect(uuidV4FromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(() => uuidV4FromBytes(new Uint8Array(15))).toThrow(RangeError);
  });
});
