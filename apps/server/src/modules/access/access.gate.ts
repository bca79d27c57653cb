import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { requestOrigin } from '../../http/origin.js';
import type { CommonService } from '../common/common.service.js';
import type { AccessService } from './access.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A user-API route a blocked address may still call: what the app needs to show the
     * restricted page and reach customer service (`common/base`, `common/customerService`,
     * `common/image/:id`).
     */
    openWhenBlocked?: boolean;
  }
}

/**
 * The address check of the user API (docs/content.md, Access restriction): an onRequest hook
 * under /api/v1, so a blocked address is refused before its body is read or its session looked
 * up. It answers 2011 with `data.redirect`, the address `Black_run` names. The client address
 * is `req.ip`, which follows TRUST_PROXY as the rate limit and the throttles do. The staff API,
 * the back office, the app's files and the probes are outside /api/v1 and never checked.
 */
export function createAccessGate(deps: { access: AccessService; common: CommonService }) {
  return async (req: FastifyRequest): Promise<void> => {
    if (req.routeOptions.config.openWhenBlocked === true) return;
    const block = await deps.access.blockOf(req.ip, (error) => {
      req.log.warn({ err: error }, 'address blocks: reading failed, using the last copy');
    });
    if (!block) return;
    throw new AppError(
      'ADDRESS_BLOCKED',
      {},
      { redirect: await deps.common.blackRunUrl(requestOrigin(req)) },
    );
  };
}
