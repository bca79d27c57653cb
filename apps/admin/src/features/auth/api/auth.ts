import {
  staffChallengeSchema,
  staffSessionSchema,
  type StaffChallenge,
  type StaffCodeStep,
  type StaffPasswordChange,
  type StaffPasswordStep,
  type StaffSession,
} from '@ampere/contract/admin';
import { api, noData } from '@/core/api';
import { queryClient } from '@/core/queryClient';
import { signedIn, signedOut } from '@/core/session';

/** Sign-in step 1: name and password; answers the challenge for step 2 (and any enrolment). */
export function submitPassword(body: StaffPasswordStep): Promise<StaffChallenge> {
  return api.post('auth/password', staffChallengeSchema, body);
}

/** Sign-in step 2: the authenticator code; the server sets the session cookie. */
export async function submitCode(body: StaffCodeStep): Promise<StaffSession> {
  const session = await api.post('auth/code', staffSessionSchema, body);
  signedIn(session);
  return session;
}

export async function changePassword(body: StaffPasswordChange): Promise<StaffSession> {
  const session = await api.post('auth/password-change', staffSessionSchema, body);
  signedIn(session);
  return session;
}

/** Ends this session, or with `everywhere` every session of the member. */
export async function signOut(everywhere = false): Promise<void> {
  await api.post(everywhere ? 'auth/logout-all' : 'auth/logout', noData);
  queryClient.clear();
  signedOut({ tone: 'success', key: everywhere ? 'session.signedOutAll' : 'signIn.signedOut' });
}
