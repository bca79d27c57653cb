import { ApiError } from '@ampere/client';
import { NETWORK_ERRORS, uploadSchema, type Upload, type UploadPurpose } from '@ampere/contract';
import { currentLocale } from '@/i18n';
import { getSession, replaceToken } from './session';

/** What an image picker takes (the server checks the bytes again and re-encodes to JPEG). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type);

/**
 * POST common/uploader (multipart `file` and `purpose`) with upload progress: fetch cannot
 * report it, so this one request is an XMLHttpRequest that does what the request layer does
 * (bearer token, language, a rotated token from the response, the envelope's code as an
 * ApiError, 602001 when nothing came back). The purpose decides who else may see the image.
 */
export function uploadImage(
  file: Blob,
  purpose: UploadPurpose,
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
    // The purpose first: the server reads fields that come before the file.
    form.append('purpose', purpose);
    form.append('file', file);
    xhr.send(form);
  });
}
