import {
  adminEarnProductListSchema,
  adminEarnProductSchema,
  type EarnProductChange,
} from '@ampere/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

const KEY = ['earn', 'products'] as const;

/** The body nests (texts per locale): handed to the request layer as its flat type, here only. */
type PostBody = Parameters<typeof api.post>[2];
const asBody = (body: EarnProductChange) => body as unknown as PostBody;

/** Every Earn product with what was subscribed and what is Hosting (earn.read). */
export function useEarnProducts() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get('earn/products', adminEarnProductListSchema)).items,
  });
}

/** Creates a product (no id) or replaces one's terms, whole (earn.products; audited). */
export function useSaveEarnProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string | undefined; change: EarnProductChange }) =>
      api.post(
        id === undefined ? 'earn/products' : `earn/products/${id}`,
        adminEarnProductSchema,
        asBody(change),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
