import { useQuery } from '@tanstack/react-query';
import type { LocaleKey } from '@ampere/contract';
import type { Api } from '@ampere/client';
import { agreementQueryKey, fetchAgreement } from '../api/agreement';

export function useAgreement(api: Api, locale: LocaleKey) {
  return useQuery({ queryKey: agreementQueryKey(locale), queryFn: () => fetchAgreement(api) });
}
