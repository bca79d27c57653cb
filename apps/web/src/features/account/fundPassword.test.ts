import { ERRORS } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@ampere/client';
import {
  fundPasswordLockout,
  fundPasswordMode,
  isFundPassword,
  toFundPasswordInput,
} from './fundPassword';

describe('fundPasswordMode', () => {
  it('sets a first fund password and changes an existing one', () => {
    expect(fundPasswordMode(false)).toBe('set');
    expect(fundPasswordMode(true)).toBe('change');
  });
});

describe('fund password input', () => {
  it('keeps digits only, at most six', () => {
    expect(toFundPasswordInput('12a3 4-5678')).toBe('123456');
    expect(toFundPasswordInput('١٢٣')).toBe('');
    expect(toFundPasswordInput(undefined)).toBe('');
  });

  it('accepts exactly six ASCII digits', () => {
    expect(isFundPassword('012345')).toBe(true);
    expect(isFundPassword('12345')).toBe(false);
    expect(isFundPassword('1234567')).toBe(false);
    expect(isFundPassword('12345a')).toBe(false);
  });
});

describe('fundPasswordLockout', () => {
  const wrong = (data: unknown) =>
    new ApiError(ERRORS.FUND_PASSWORD_WRONG.code, 'wrong', data, 400);
  const locked = (data: unknown) =>
    new ApiError(ERRORS.FUND_PASSWORD_LOCKED.code, 'locked', data, 423);

  it('reads the attempts left from a wrong fund password', () => {
    expect(fundPasswordLockout(wrong({ remaining: 3 }))).toEqual({
      kind: 'remaining',
      remaining: 3,
    });
  });

  it('reads the lock time in whole minutes, rounded up', () => {
    expect(fundPasswordLockout(locked({ retryAfterS: 900 }))).toEqual({
      kind: 'locked',
      minutes: 15,
    });
    expect(fundPasswordLockout(locked({ retryAfterS: 61 }))).toEqual({
      kind: 'locked',
      minutes: 2,
    });
    expect(fundPasswordLockout(locked({ retryAfterS: 0 }))).toEqual({
      kind: 'locked',
      minutes: 1,
    });
  });

  it('says nothing when the answer is something else or malformed', () => {
    expect(fundPasswordLockout(wrong({ remaining: '3' }))).toBeUndefined();
    expect(fundPasswordLockout(wrong(null))).toBeUndefined();
    expect(fundPasswordLockout(locked({ retryAfterS: -1 }))).toBeUndefined();
    expect(fundPasswordLockout(new ApiError(ERRORS.WRONG_PASSWORD.code, 'x', {}, 400))).toBe(
      undefined,
    );
    expect(fundPasswordLockout(new Error('boom'))).toBeUndefined();
  });
});
