import type { StaffClient } from '../../test/staff.js';
import { multipart, photoJpeg, solidPng } from '../uploads/testing.js';

/** Tests only: content fixtures through the staff API. */

/** POST content/images as `who`; the answer. */
export function uploadContentImage(who: StaffClient, purpose: string, data: Buffer) {
  // The purpose field first: the route reads fields that come before the file.
  const { body, contentType } = multipart([
    { name: 'purpose', data: purpose },
    { name: 'file', data, filename: 'image.png', contentType: 'image/png' },
  ]);
  return who.call({
    method: 'POST',
    url: 'content/images',
    headers: { 'content-type': contentType },
    payload: body,
  });
}

/** Uploads a small image for `purpose` and returns its id (throws on refusal). */
export async function contentImageId(who: StaffClient, purpose: string, seed = 1): Promise<string> {
  const data = purpose === 'banner' ? await photoJpeg(750, 300, seed) : await solidPng(120, 120);
  const res = await uploadContentImage(who, purpose, data);
  const id = res.json<{ data?: { id?: string } }>().data?.id;
  if (!id) throw new Error(`content image refused: ${res.body}`);
  return id;
}

/** A valid notice change (English only unless `texts` are given). */
export const noticeChange = (over: Record<string, unknown> = {}) => ({
  texts: [{ locale: 'en-US', title: 'Maintenance tonight', body: '<p>From 02:00 to 03:00.</p>' }],
  pinned: false,
  popup: false,
  published: true,
  ...over,
});
