import { ERRORS, FUND_PASSWORD_LENGTH, FUND_PASSWORD_PATTERN } from '@ampere/contract';
import { digitsOnly } from '@/components/formRules';
import { isApiError } from '@ampere/client';

/**
 * The fund password page sets a first fund password (no old one to confirm) or changes it;
 * which one comes from user/isUsedMpwd, never from a guess.
 */
export type FundPasswordMode = 'set' | 'change';

export function fundPasswordMode(isSet: boolean): FundPasswordMode {
  return isSet ? 'change' : 'set';
}

/** Six digits, as the server demands: the contract owns the number. */
export { FUND_PASSWORD_LENGTH };

export function isFundPassword(value: string): boolean {
  return FUND_PASSWORD_PATTERN.test(value);
}

/** What the user typed, kept to digits and cut at six, so the field never holds anything else. */
export const toFundPasswordInput = digitsOnly(FUND_PASSWORD_LENGTH);

/**
 * What a refused fund password means for the next try: how many attempts are left before it
 * locks (2006, data.remaining), or how long it stays locked (2007, data.retryAfterS).
 */
export type FundPasswordLockout =
  { kind: 'remaining'; remaining: number } | { kind: 'locked'; minutes: number };

function numberField(data: unknown, field: string): number | undefined {
  if (typeof data !== 'object' || data === null || !(field in data)) return undefined;
  const value: unknown = (data as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

export function fundPasswordLockout(error: unknown): FundPasswordLockout | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === ERRORS.FUND_PASSWORD_WRONG.code) {
    const remaining = numberField(error.data, 'remaining');
    return remaining === undefined ? undefined : { kind: 'remaining', remaining };
  }
  if (error.code === ERRORS.FUND_PASSWORD_LOCKED.code) {
    const retryAfterS = numberField(error.data, 'retryAfterS');
    // Rounded up: "try again in 0 minutes" would send the user straight back into the lock.
    return retryAfterS === undefined
      ? undefined
      : { kind: 'locked', minutes: Math.max(1, Math.ceil(retryAfterS / 60)) };
  }
  return undefined;
}
