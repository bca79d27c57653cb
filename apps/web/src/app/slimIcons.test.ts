import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slimIcon } from './slimIcons';

const require = createRequire(import.meta.url);
const iconsDir = path.join(path.dirname(require.resolve('antd-mobile-icons/package.json')), 'es');
const source = (name: string) => fs.readFileSync(path.join(iconsDir, `${name}.js`), 'utf8');

/** Every number of every `d` attribute in a module, in order. */
const coordinates = (code: string): number[] =>
  [...code.matchAll(/\bd: "([^"]*)"/g)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/-?\d*\.?\d+/g)].map((n) => Number(n[0])),
  );

describe('slimIcon', () => {
  it('keeps every coordinate of every icon within 0.005 and drops only the ids', () => {
    const names = fs
      .readdirSync(iconsDir)
      .filter((f) => /^[A-Z]\w*\.js$/.test(f))
      .map((f) => f.slice(0, -3));
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) {
      const before = source(name);
      const after = slimIcon(before);
      const [a, b] = [coordinates(before), coordinates(after)];
      expect(b).toHaveLength(a.length);
      b.forEach((n, i) => {
        expect(Math.abs(n - (a[i] ?? NaN))).toBeLessThanOrEqual(0.005 + 1e-9);
      });
      expect(after).not.toMatch(/^\s*id: /m);
      // The rest of the component is untouched: its props, fills and export.
      expect(after.replace(/\bd: "[^"]*"/g, 'd')).toBe(
        before.replace(/^[ \t]*id: "[^"]*",?\r?\n/gm, '').replace(/\bd: "[^"]*"/g, 'd'),
      );
    }
  });

  it('keeps numbers apart where a rounded one would run into the next', () => {
    expect(slimIcon('d: "M1.99999.5 L3.14159,2"')).toBe('d: "M2.0.5 L3.14,2"');
  });

  it('still evaluates to a React component module, and is smaller', () => {
    const before = source('SoundOutline');
    const after = slimIcon(before);
    expect(after).toContain('export default SoundOutline');
    expect(after).toContain('fill: "currentColor"');
    expect(after.length).toBeLessThan(before.length * 0.8);
  });
});
