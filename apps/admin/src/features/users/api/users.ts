import {
  loginHistorySchema,
  orderListSchema,
  statementPageSchema,
  type Book,
  type CurrencyKey,
  type OrderStatus,
} from '@ampere/contract';
import {
  userDetailSchema,
  userListSchema,
  userPasswordResetResultSchema,
  userPracticeSchema,
  userSummarySchema,
  type UserPasswordResetResult,
  type UserStatus,
} from '@ampere/contract/admin';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

/** Rows per page of every list here: the contract allows up to 50 (orders) or 100. */
export const USERS_PAGE_SIZE = 20;

/** What the search form sends: a term, optionally one field, whole or its beginning. */
export interface UserSearch {
  q?: string | undefined;
  by?: 'uid' | 'username' | 'inviteCode' | undefined;
  match?: 'exact' | 'prefix' | undefined;
}

const USERS_KEY = ['users'] as const;
const userPath = (uid: string, rest = '') => `users/${encodeURIComponent(uid)}${rest}`;
const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
const first = undefined as string | undefined;

/** Users newest first, a page at a time (each continues after the last one shown). */
export function useUserSearch(search: UserSearch) {
  return useInfiniteQuery({
    queryKey: [...USERS_KEY, 'search', search],
    initialPageParam: first,
    queryFn: ({ pageParam }) =>
      api.get('users', userListSchema, { ...search, cursor: pageParam, limit: USERS_PAGE_SIZE }),
    getNextPageParam: nextCursor,
  });
}

/** Profile, balances and referral count. */
export function useUser(uid: string) {
  return useQuery({
    queryKey: [...USERS_KEY, uid],
    queryFn: () => api.get(userPath(uid), userDetailSchema),
  });
}

export function useUserStatement(uid: string, currency: CurrencyKey | undefined) {
  return useInfiniteQuery({
    queryKey: [...USERS_KEY, uid, 'statement', currency],
    initialPageParam: first,
    queryFn: ({ pageParam }) =>
      api.get(userPath(uid, '/statement'), statementPageSchema, {
        currency,
        cursor: pageParam,
        limit: USERS_PAGE_SIZE,
      }),
    getNextPageParam: nextCursor,
  });
}

/** One book's orders: real money by default, or the practice book's, listed apart. */
export function useUserOrders(uid: string, status: OrderStatus | undefined, book: Book = 'real') {
  return useInfiniteQuery({
    queryKey: [...USERS_KEY, uid, 'orders', book, status],
    initialPageParam: first,
    queryFn: ({ pageParam }) =>
      api.get(userPath(uid, '/orders'), orderListSchema, {
        ...(book === 'practice' && { book }),
        status,
        cursor: pageParam,
        limit: USERS_PAGE_SIZE,
      }),
    getNextPageParam: nextCursor,
  });
}

/** The practice book (null until the user first opens Practice) and its orders in numbers. */
export function useUserPractice(uid: string) {
  return useQuery({
    queryKey: [...USERS_KEY, uid, 'practice'],
    queryFn: () => api.get(userPath(uid, '/practice'), userPracticeSchema),
  });
}

export function useUserLogins(uid: string) {
  return useQuery({
    queryKey: [...USERS_KEY, uid, 'logins'],
    queryFn: async () => (await api.get(userPath(uid, '/logins'), loginHistorySchema)).items,
  });
}

export function useUserReferrals(uid: string) {
  return useInfiniteQuery({
    queryKey: [...USERS_KEY, uid, 'referrals'],
    initialPageParam: first,
    queryFn: ({ pageParam }) =>
      api.get(userPath(uid, '/referrals'), userListSchema, {
        cursor: pageParam,
        limit: USERS_PAGE_SIZE,
      }),
    getNextPageParam: nextCursor,
  });
}

/** A change to one user: their page and every list they may appear in are read again. */
function useUserMutation<Vars extends { uid: string }, T>(mutationFn: (vars: Vars) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** Disable (every session of theirs ends at once) or enable again. */
export function useSetUserStatus() {
  return useUserMutation(
    ({ uid, status, reason }: { uid: string; status: UserStatus; reason?: string }) =>
      api.post(userPath(uid, '/status'), userSummarySchema, { status, reason }),
  );
}

export function useSetUserLevel() {
  return useUserMutation(
    ({ uid, level, reason }: { uid: string; level: number; reason?: string }) =>
      api.post(userPath(uid, '/level'), userSummarySchema, { level, reason }),
  );
}

/** A temporary password, in the answer only: shown once to the member. */
export function useResetUserPassword() {
  return useUserMutation(
    ({ uid, reason }: { uid: string; reason?: string }): Promise<UserPasswordResetResult> =>
      api.post(userPath(uid, '/password-reset'), userPasswordResetResultSchema, { reason }),
  );
}
