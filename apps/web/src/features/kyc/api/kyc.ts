import { ApiError, type Api } from '@ampere/client';
import {
  NETWORK_ERRORS,
  realnameAuthSchema,
  uploadSchema,
  type RealnameAuth,
  type RealnameAuthRequest,
  type Upload,
} from '@ampere/contract';
import { getSession, replaceToken } from '@/core/session';
import { currentLocale } from '@/i18n';

/** What the page says per document type (`kyc.docs.<type>.<text>`). */
export type DocText =
  'number' | 'placeholder' | 'numberHint' | 'front' | 'back' | 'frontHint' | 'backHint';

export const REALNAME_QUERY_KEY = ['kyc', 'realname'] as const;

/** What the picker takes (the server checks the bytes again and re-encodes). */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

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

/**
 * POST common/uploader with upload progress: fetch cannot report it, so this one request is an
 * XMLHttpRequest that does what the request layer does (bearer token, language, a rotated
 * token from the response, the envelope's code as an ApiError, 602001 when nothing came back).
 */
export function uploadWithProgress(
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const locale = currentLocale();
    xhr.open('POST', `${location.origin}/api/v1/common/uploader?lang=${locale}`);
    const { token } = getSession();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('language', locale);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded * 100) / e.total));
    };
    const failed = () => {
      reject(new ApiError(NETWORK_ERRORS.UPLOAD_ERROR, ''));
    };
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onload = () => {
      const rotated = /^Bearer (.+)$/.exec(xhr.getResponseHeader('authorization') ?? '')?.[1];
      if (rotated) replaceToken(rotated);
      let body: { code?: unknown; msg?: unknown; data?: unknown };
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        failed();
        return;
      }
      if (body.code === 0) {
        const parsed = uploadSchema.safeParse(body.data);
        if (parsed.success) resolve(parsed.data);
        else failed();
        return;
      }
      reject(
        new ApiError(
          typeof body.code === 'number' ? body.code : NETWORK_ERRORS.UPLOAD_ERROR,
          typeof body.msg === 'string' ? body.msg : '',
          body.data,
          xhr.status,
        ),
      );
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
