import { timingSafeEqual } from 'node:crypto';
import type { SealedBox } from '../../crypto/sealed.js';

/**
 * Short-lived signed addresses of uploads: `…/common/file/<id>?exp=<unix s>&sig=<hmac>`. The
 * server hands one out only to the owner and to staff with the permission; the signature covers
 * the id and the expiry, so an address cannot be stretched in time or pointed at another file.
 * An <img> cannot send the bearer token, so the address itself is the short-lived capability.
 */
export function createUrlSigner(deps: {
  box: Pick<SealedBox, 'mac'>;
  ttlS: number;
  now: () => Date;
}) {
  const sign = (id: string, exp: number) => deps.box.mac('upload-url', `${id}.${exp}`);
  return {
    /** The path (under /api/v1) and when it stops working. */
    sign(id: string): { url: string; expiresAt: Date } {
      const exp = Math.floor(deps.now().getTime() / 1000) + deps.ttlS;
      return {
        url: `/api/v1/common/file/${id}?exp=${exp}&sig=${sign(id, exp)}`,
        expiresAt: new Date(exp * 1000),
      };
    },
    /** True when `sig` is ours for `id` and `exp`, and `exp` has not passed. */
    verify(id: string, exp: string, sig: string): boolean {
      if (!/^[0-9]{1,12}$/.test(exp)) return false;
      const at = Number(exp);
      if (at * 1000 <= deps.now().getTime()) return false;
      const expected = Buffer.from(sign(id, at));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
