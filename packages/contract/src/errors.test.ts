import { describe, expect, it } from 'vitest';
import { CLIENT_ERRORS, ERRORS, errorByCode } from './errors.js';

describe('error catalogue', () => {
  const defs = Object.values(ERRORS);

  it('gives every error a unique code and message key', () => {
    expect(new Set(defs.map((d) => d.code)).size).toBe(defs.length);
    expect(new Set(defs.map((d) => d.key)).size).toBe(defs.length);
  });

  it('uses HTTP 401 with code 401 for a missing or invalid session', () => {
    expect(ERRORS.UNAUTHORIZED).toMatchObject({ code: 401, status: 401 });
  });

  it('keeps the client-side codes of SPEC §8 out of the server range', () => {
    expect(CLIENT_ERRORS).toEqual({
      REQUEST_TIMEOUT: 900408,
      REQUEST_FAILED: 900500,
      TASK_NOT_FOUND: 901404,
    });
    for (const code of Object.values(CLIENT_ERRORS)) expect(errorByCode(code)).toBeUndefined();
  });

  it('looks errors up by code', () => {
    expect(errorByCode(1004)).toBe(ERRORS.NOT_FOUND);
  });
});
