import { ERRORS } from '@ampere/contract';
import type { StaffChallenge } from '@ampere/contract/admin';
import { ApiError } from '@ampere/client';
import { describe, expect, it } from 'vitest';
import { initialSignIn, signInReducer, type SignInState } from './signIn';

const challenge: StaffChallenge = {
  challenge: 'ch-1',
  expiresAt: '2026-01-01T00:05:00.000Z',
  enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Ampere:ann?secret=X' },
};
const apiError = (code: number) => new ApiError(code, `code ${code}`, null, 400);

describe('signInReducer', () => {
  const atCode: SignInState = signInReducer(initialSignIn, {
    type: 'challenged',
    challenge,
    username: 'ann',
  });

  it('goes from the password step to the code step with the challenge', () => {
    expect(atCode).toEqual({ step: 'code', challenge, username: 'ann', error: undefined });
  });

  it('stays on the code step after a wrong or replayed code (7001)', () => {
    const error = apiError(ERRORS.TOTP_CODE_INVALID.code);
    expect(signInReducer(atCode, { type: 'failed', error })).toEqual({ ...atCode, error });
  });

  it('goes back to the password step when the challenge expired (7002)', () => {
    const error = apiError(ERRORS.SIGN_IN_EXPIRED.code);
    expect(signInReducer(atCode, { type: 'failed', error })).toEqual({ step: 'password', error });
  });

  it('stays on the password step after a wrong password (2001) or a throttle (2003)', () => {
    for (const code of [ERRORS.INVALID_CREDENTIALS.code, ERRORS.TOO_MANY_ATTEMPTS.code]) {
      const error = apiError(code);
      expect(signInReducer(initialSignIn, { type: 'failed', error })).toEqual({
        step: 'password',
        error,
      });
    }
  });

  it('clears the error when a new challenge comes, and starts over on restart', () => {
    const failed = signInReducer(atCode, { type: 'failed', error: new Error('offline') });
    expect(
      signInReducer(failed, { type: 'challenged', challenge, username: 'ann' }).error,
    ).toBeUndefined();
    expect(signInReducer(failed, { type: 'restart' })).toBe(initialSignIn);
  });
});
