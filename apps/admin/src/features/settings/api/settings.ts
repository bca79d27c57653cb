import {
  adminProductListSchema,
  adminProductSchema,
  fundingSettingsSchema,
  memberLevelsSchema,
  type FundingChange,
  type FundingKind,
  type MemberLevels,
  type PeriodChange,
  type ProductChange,
} from '@ampere/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

const FUNDING_KEY = ['settings', 'funding'] as const;
const PRODUCTS_KEY = ['settings', 'products'] as const;
const LEVELS_KEY = ['settings', 'levels'] as const;

/**
 * These bodies nest (tips per locale, limits per currency, thresholds per level). The request
 * layer sends JSON bodies whole, but types them as flat fields (`api.post`'s third parameter):
 * a contract-typed body is handed over as that type here, in one place.
 */
type PostBody = Parameters<typeof api.post>[2];
const asBody = (body: FundingChange | ProductChange | PeriodChange | MemberLevels) =>
  body as unknown as PostBody;

/** Recharge and withdrawal: open or closed, and the tip per locale while closed. */
export function useFunding() {
  return useQuery({
    queryKey: FUNDING_KEY,
    queryFn: () => api.get('settings/funding', fundingSettingsSchema),
  });
}

export function useChangeFunding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, change }: { kind: FundingKind; change: FundingChange }) =>
      api.post(`settings/funding/${kind}`, fundingSettingsSchema, asBody(change)),
    onSuccess: (funding) => {
      queryClient.setQueryData(FUNDING_KEY, funding);
    },
  });
}

/** Every product with every period (disabled ones too). */
export function useAdminProducts() {
  return useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: async () => (await api.get('settings/products', adminProductListSchema)).items,
  });
}

function useProductMutation<Vars>(mutationFn: (vars: Vars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

/** A product's trading state (open / closed for new orders) and sort order. */
export function useChangeProduct() {
  return useProductMutation((change: ProductChange) =>
    api.post('settings/products', adminProductSchema, asBody(change)),
  );
}

/** A period's payout rate, stake limits and availability: for orders placed afterwards. */
export function useChangePeriod() {
  return useProductMutation((change: PeriodChange) =>
    api.post('settings/periods', adminProductSchema, asBody(change)),
  );
}

/** The member-level thresholds. */
export function useLevels() {
  return useQuery({
    queryKey: LEVELS_KEY,
    queryFn: () => api.get('settings/levels', memberLevelsSchema),
  });
}

export function useChangeLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: MemberLevels) =>
      api.post('settings/levels', memberLevelsSchema, asBody(levels)),
    onSuccess: (levels) => {
      queryClient.setQueryData(LEVELS_KEY, levels);
    },
  });
}
