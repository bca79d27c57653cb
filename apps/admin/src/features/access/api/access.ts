import {
  accessSettingsSchema,
  addressBlockListSchema,
  addressBlockSchema,
  type AddressBlockChange,
} from '@ampere/contract/admin';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

/** A body with a null (no expiry): handed to the request layer as its flat type, here only. */
type PostBody = Parameters<typeof api.post>[2];
const asBody = (body: AddressBlockChange) => body as unknown as PostBody;

/** Rows per page of the block lists. */
export const BLOCKS_PAGE_SIZE = 50;

const BLOCKS = ['access', 'blocks'] as const;
const SETTINGS = ['access', 'settings'] as const;
const first = undefined as string | undefined;

/** Blocks in force (`active`) or the history (`past`), newest first, a page at a time. */
export function useAddressBlocks(state: 'active' | 'past') {
  return useInfiniteQuery({
    queryKey: [...BLOCKS, state],
    initialPageParam: first,
    queryFn: ({ pageParam }) =>
      api.get('access/blocks', addressBlockListSchema, {
        state,
        cursor: pageParam,
        limit: BLOCKS_PAGE_SIZE,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useAddBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AddressBlockChange) =>
      api.post('access/blocks', addressBlockSchema, asBody(change)),
    onSettled: () => client.invalidateQueries({ queryKey: BLOCKS }),
  });
}

export function useRemoveBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`access/blocks/${id}/delete`, addressBlockSchema),
    onSettled: () => client.invalidateQueries({ queryKey: BLOCKS }),
  });
}

export const useAccessSettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => api.get('access/settings', accessSettingsSchema) });

export function useSaveAccessSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blackRunUrl: string) =>
      api.post('access/settings', accessSettingsSchema, { blackRunUrl }),
    onSettled: () => client.invalidateQueries({ queryKey: SETTINGS }),
  });
}
