import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERRORS, ERRORS, NETWORK_ERRORS } from './errors.js';

const doc = fs.readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

/** Rows of the markdown tables as arrays of trimmed cells. */
const rows = doc
  .split('\n')
  .filter((line) => /^\| \d/.test(line))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

describe('docs/errors.md', () => {
  it('documents every server code with its HTTP status and key, and nothing else', () => {
    const documented = rows
      .filter((r) => r.length === 5)
      .map(([code, status, key]) => [Number(code), Number(status), key]);
    const catalogue = Object.values(ERRORS).map((e) => [e.code, e.status, e.key]);
    expect(documented).toEqual(catalogue);
  });

  it('documents every client-side code', () => {
    const documented = rows.filter((r) => r.length === 2).map(([code]) => Number(code));
    expect(documented.sort()).toEqual(
      [...Object.values(CLIENT_ERRORS), ...Object.values(NETWORK_ERRORS)].sort(),
    );
  });
});
