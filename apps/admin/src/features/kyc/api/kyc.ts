import {
  kycCaseListSchema,
  kycCaseSchema,
  kycSettingsSchema,
  type KycCase,
  type KycDecide,
  type KycSettingsChange,
} from '@ampere/contract/admin';
import type { KycStatus } from '@ampere/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

const KYC_KEY = ['kyc'] as const;
export type QueueStatus = Exclude<KycStatus, 'uncertified'>;

/** Cases of one status, oldest submission first (the queue). */
export function useKycCases(status: QueueStatus) {
  return useQuery({
    queryKey: [...KYC_KEY, 'list', status],
    queryFn: () => api.get('kyc/cases', kycCaseListSchema, { status, limit: 100 }),
  });
}

/** One case with its images; the signed addresses live 5 minutes, so it is read again often. */
export function useKycCase(id: string | undefined) {
  return useQuery({
    queryKey: [...KYC_KEY, 'case', id],
    queryFn: () => api.get(`kyc/cases/${id ?? ''}`, kycCaseSchema),
    enabled: id !== undefined,
    refetchInterval: 4 * 60_000,
  });
}

function useCaseMutation<Vars>(send: (vars: Vars) => Promise<KycCase>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      client.setQueryData([...KYC_KEY, 'case', data.id], data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...KYC_KEY, 'list'] }),
  });
}

export const useClaimKycCase = () =>
  useCaseMutation((id: string) => api.post(`kyc/cases/${id}/claim`, kycCaseSchema, {}));

export const useDecideKycCase = () =>
  useCaseMutation(({ id, body }: { id: string; body: KycDecide }) =>
    api.post(`kyc/cases/${id}/decide`, kycCaseSchema, body),
  );

type PostBody = Parameters<typeof api.post>[2];
/** A typed body goes as JSON, whole (the request layer types bodies as flat fields). */
const asBody = (body: object) => body as unknown as PostBody;

/** The documents users may verify with (GET kyc/settings). */
export function useKycSettings() {
  return useQuery({
    queryKey: [...KYC_KEY, 'settings'],
    queryFn: () => api.get('kyc/settings', kycSettingsSchema),
  });
}

/** Sets them, whole (kyc.settings). */
export function useSaveKycSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KycSettingsChange) =>
      api.post('kyc/settings', kycSettingsSchema, asBody(body)),
    onSuccess: (data) => {
      client.setQueryData([...KYC_KEY, 'settings'], data);
    },
  });
}
