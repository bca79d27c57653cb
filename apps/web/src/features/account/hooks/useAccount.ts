import { useQuery } from '@tanstack/react-query';
import type { Api } from '@ampere/client';
import {
  accountQueryKeys,
  fetchFundPasswordSet,
  fetchHome,
  fetchLoginHistory,
  fetchQrcode,
} from '../api/account';

/**
 * The signed-in user's account reads. Callers pass the app's request client and the username
 * the session holds (features do not reach into the app layer); without a username (the moment
 * a session ends) nothing is fetched.
 */
export function useHome(api: Api, username: string) {
  return useQuery({
    queryKey: accountQueryKeys.home(username),
    queryFn: () => fetchHome(api),
    enabled: username !== '',
  });
}

export function useFundPasswordSet(api: Api, username: string) {
  return useQuery({
    queryKey: accountQueryKeys.fundPasswordSet(username),
    queryFn: () => fetchFundPasswordSet(api),
    enabled: username !== '',
  });
}

export function useLoginHistory(api: Api, username: string) {
  return useQuery({
    queryKey: accountQueryKeys.loginHistory(username),
    queryFn: () => fetchLoginHistory(api),
    enabled: username !== '',
  });
}

export function useQrcode(api: Api, username: string) {
  return useQuery({
    queryKey: accountQueryKeys.qrcode(username),
    queryFn: () => fetchQrcode(api),
    enabled: username !== '',
    // The invite code never changes; a share page reopened later needs no new request.
    staleTime: Infinity,
  });
}
