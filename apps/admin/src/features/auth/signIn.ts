import { ERRORS } from '@ampere/contract';
import type { StaffChallenge } from '@ampere/contract/admin';
import { isApiError } from '@ampere/client';

/**
 * The sign-in steps as a state machine. Step 1 (password) answers a challenge; step 2 (code)
 * turns it into a session, after enrolling the authenticator when the challenge carries an
 * enrolment. What follows a session — the forced password change, then the shell — is the
 * session's business (core/session.ts, app/SessionGate.tsx), not this machine's.
 */
export type SignInState =
  | { step: 'password'; error: unknown }
  | { step: 'code'; challenge: StaffChallenge; username: string; error: unknown };

export type SignInEvent =
  | { type: 'challenged'; challenge: StaffChallenge; username: string }
  | { type: 'failed'; error: unknown }
  | { type: 'restart' };

export const initialSignIn: SignInState = { step: 'password', error: undefined };

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'challenged':
      return {
        step: 'code',
        challenge: event.challenge,
        username: event.username,
        error: undefined,
      };
    case 'failed':
      // The challenge is unknown, used or older than 5 minutes: only a new password step helps.
      if (isApiError(event.error) && event.error.code === ERRORS.SIGN_IN_EXPIRED.code) {
        return { step: 'password', error: event.error };
      }
      // A wrong or replayed code (7001), a wrong password (2001), a throttle (2003), the network:
      // the member stays where they are and reads why.
      return { ...state, error: event.error };
    case 'restart':
      return initialSignIn;
  }
}
