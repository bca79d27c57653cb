import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api } from '@ampere/client';
import { fetchPractice, practiceKeys, resetPractice } from '../api/practice';

/** The practice book; `enabled` false while the real account is shown. */
export function usePractice(api: Api, enabled = true) {
  return useQuery({
    queryKey: practiceKeys.account(),
    queryFn: ({ signal }) => fetchPractice(api, signal),
    enabled,
  });
}

/** Resets the book; the answer is the book as it now stands. */
export function useResetPractice(api: Api) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => resetPractice(api, key),
    onSuccess: (account) => {
      client.setQueryData(practiceKeys.account(), account);
    },
  });
}
