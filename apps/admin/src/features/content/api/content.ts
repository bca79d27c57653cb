import {
  adminAgreementListSchema,
  adminAgreementVersionSchema,
  adminBannerListSchema,
  adminBannerSchema,
  adminCustomerServiceSchema,
  adminNoticeListSchema,
  adminNoticeSchema,
  contentImageSchema,
  contentRemovedSchema,
  type AgreementVersionChange,
  type BannerChange,
  type CustomerServiceChange,
  type NoticeChange,
} from '@ampere/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

/** Bodies nest (texts per locale, agents): handed to the request layer as its flat type, here only. */
type PostBody = Parameters<typeof api.post>[2];
const asBody = (body: object) => body as unknown as PostBody;
const removed = contentRemovedSchema;

const NOTICES = ['content', 'notices'] as const;
const BANNERS = ['content', 'banners'] as const;
const SERVICE = ['content', 'customer-service'] as const;
const AGREEMENTS = ['content', 'agreements'] as const;

export const useNotices = () =>
  useQuery({
    queryKey: NOTICES,
    queryFn: async () => (await api.get('content/notices', adminNoticeListSchema)).items,
  });

export function useSaveNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string | undefined; change: NoticeChange }) =>
      api.post(
        id === undefined ? 'content/notices' : `content/notices/${id}`,
        adminNoticeSchema,
        asBody(change),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: NOTICES }),
  });
}

export function useDeleteNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`content/notices/${id}/delete`, removed),
    onSettled: () => client.invalidateQueries({ queryKey: NOTICES }),
  });
}

export const useBanners = () =>
  useQuery({
    queryKey: BANNERS,
    queryFn: async () => (await api.get('content/banners', adminBannerListSchema)).items,
  });

export function useSaveBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string | undefined; change: BannerChange }) =>
      api.post(
        id === undefined ? 'content/banners' : `content/banners/${id}`,
        adminBannerSchema,
        asBody(change),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: BANNERS }),
  });
}

export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`content/banners/${id}/delete`, removed),
    onSettled: () => client.invalidateQueries({ queryKey: BANNERS }),
  });
}

export const useCustomerService = () =>
  useQuery({
    queryKey: SERVICE,
    queryFn: () => api.get('content/customer-service', adminCustomerServiceSchema),
  });

export function useSaveCustomerService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CustomerServiceChange) =>
      api.post('content/customer-service', adminCustomerServiceSchema, asBody(change)),
    onSettled: () => client.invalidateQueries({ queryKey: SERVICE }),
  });
}

/** Uploads a public image (re-encoded by the server) for `purpose`. */
export const uploadImage = (file: Blob, purpose: 'banner' | 'avatar' | 'qr' | 'notice') =>
  api.upload('content/images', contentImageSchema, file, { purpose });

/** The user agreement's versions, newest first (texts, state, acceptances). */
export const useAgreementVersions = () =>
  useQuery({
    queryKey: AGREEMENTS,
    queryFn: async () => (await api.get('content/agreements', adminAgreementListSchema)).items,
  });

/** Publishes the next version; users are asked to accept it at their next launch. */
export function usePublishAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AgreementVersionChange) =>
      api.post('content/agreements', adminAgreementVersionSchema, asBody(change)),
    onSettled: () => client.invalidateQueries({ queryKey: AGREEMENTS }),
  });
}
