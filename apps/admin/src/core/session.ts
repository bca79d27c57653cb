import { STAFF_IDLE_MS, type Permission, type StaffSession } from '@ampere/contract/admin';
import { createContext, useContext } from 'react';
import { createStore } from '@/lib/store';

/** Something to tell the member on the sign-in page: why they are there. */
export type Notice =
  | { tone: 'success'; key: 'signIn.signedOut' | 'session.signedOutAll' }
  | { tone: 'warning'; key: 'errors.session_ended' }
  | { tone: 'warning'; text: string };

/**
 * Where the back office stands with the server. The session itself is an httpOnly cookie the page
 * never sees; what the page holds is the server's description of it (`GET auth/session`): the
 * member, their permissions, the CSRF token every POST must carry, and when it ends.
 */
export type SessionState =
  | { status: 'loading' }
  /** The launch check got no answer: nothing is known yet, so nothing is shown but a retry. */
  | { status: 'unreachable'; error: unknown }
  | { status: 'signedOut'; notice: Notice | undefined }
  | {
      status: 'signedIn';
      session: StaffSession;
      /**
       * When the session ends if nothing more happens. The server slides it by STAFF_IDLE_MS on
       * every request, up to `expiresAt`; the page follows the same rule on every answer, so
       * the estimate is never later than the truth.
       */
      idleEndsMs: number;
    };

export const sessionStore = createStore<SessionState>({ status: 'loading' });

export const useSessionState = sessionStore.use;

export function signedIn(session: StaffSession): void {
  const idleEndsMs = Math.min(Date.parse(session.idleExpiresAt), Date.parse(session.expiresAt));
  sessionStore.set({ status: 'signedIn', session, idleEndsMs });
}

export function signedOut(notice?: Notice): void {
  sessionStore.set({ status: 'signedOut', notice });
}

export function unreachable(error: unknown): void {
  sessionStore.set({ status: 'unreachable', error });
}

/** The server answered a signed-in request: the idle deadline moved on. */
export function touchSession(nowMs = Date.now()): void {
  const state = sessionStore.get();
  if (state.status !== 'signedIn') return;
  const idleEndsMs = Math.min(nowMs + STAFF_IDLE_MS, Date.parse(state.session.expiresAt));
  if (idleEndsMs > state.idleEndsMs) sessionStore.set({ ...state, idleEndsMs });
}

/** The CSRF token of the current session, for the header of every request. */
export function csrfToken(): string | undefined {
  const state = sessionStore.get();
  return state.status === 'signedIn' ? state.session.csrfToken : undefined;
}

/**
 * The signed-in member's session, provided by the gate that renders the shell (app/SessionGate),
 * so a view never renders without one: when the session ends the gate replaces the shell.
 */
export const SessionContext = createContext<StaffSession | undefined>(undefined);

export function useSession(): StaffSession {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('useSession outside the signed-in shell');
  return session;
}

/** Whether the signed-in member holds a permission (the server checks it again on every call). */
export function useCan(permission: Permission): boolean {
  return useSession().staff.permissions.includes(permission);
}
