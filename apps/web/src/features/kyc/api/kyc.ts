import type { Api } from '@ampere/client';
import {
  realnameAuthSchema,
  type RealnameAuth,
  type RealnameAuthRequest,
  type Upload,
} from '@ampere/contract';
import { IMAGE_TYPES, uploadImage } from '@/core/uploader';

/** What the page says per document type (`kyc.docs.<type>.<text>`). */
export type DocText =
  'number' | 'placeholder' | 'numberHint' | 'front' | 'back' | 'frontHint' | 'backHint';

export const REALNAME_QUERY_KEY = ['kyc', 'realname'] as const;

/** What the picker takes (the server checks the bytes again and re-encodes). */
export const KYC_IMAGE_TYPES = IMAGE_TYPES;

export async function fetchRealname(api: Api): Promise<RealnameAuth> {
  return realnameAuthSchema.parse(await api.get('user/getRealnameAuth'));
}

export async function submitRealname(api: Api, body: RealnameAuthRequest): Promise<RealnameAuth> {
  return realnameAuthSchema.parse(await api.post('user/realnameAuth', { body: { ...body } }));
}

/** Deletes an upload the user replaced before submitting (GET common/deleteUploader). */
export async function deleteUpload(api: Api, id: string): Promise<void> {
  await api.get('common/deleteUploader', { query: { id } });
}

/** POST common/uploader for an identity document, with upload progress (core/uploader). */
export function uploadWithProgress(
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<Upload> {
  return uploadImage(file, 'kyc', onProgress);
}
