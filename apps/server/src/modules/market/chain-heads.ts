// Publishing the chain's signed heads each minute, and listing them.
import type { Db } from '../../db/client.js';
import type { ChainSigner, HeadFields } from './chain-signing.js';
import { createMarketRepository } from './market.repository.js';

/** `publishHeads`, `heads` and the key they are signed with. */
export function createChainHeads(deps: {
  db: Db;
  now: () => number;
  signer?: ChainSigner | undefined;
  appendHeads?: ((heads: (HeadFields & { signature: string })[]) => Promise<void>) | undefined;
  scaleOf: (symbol: string) => Promise<number | undefined>;
}) {
  const { now, scaleOf } = deps;
  const repo = () => createMarketRepository(deps.db);

  return {
    /**
     * Publishes each symbol's chain head as of the start of the current minute: signed, recorded
     * (append-only) and appended to the heads file. Returns how many were new.
     */
    async publishHeads(nowMs: number = now()): Promise<number> {
      const minuteMs = Math.floor(nowMs / 60_000) * 60_000;
      const due = await repo().headsDue(minuteMs);
      const heads = due.map((h) => {
        const fields = { symbol: h.symbol, minuteMs, tickId: h.tickId.toString(), hash: h.hash };
        return { ...fields, signature: deps.signer?.sign(fields) ?? null };
      });
      const recorded = new Set(
        (await repo().insertHeads(heads.map((h) => ({ ...h, tickId: BigInt(h.tickId) })))).map(
          (r) => r.symbol,
        ),
      );
      const signed = heads.filter(
        (h): h is typeof h & { signature: string } =>
          recorded.has(h.symbol) && h.signature !== null,
      );
      await deps.appendHeads?.(signed);
      return recorded.size;
    },

    async heads(symbol: string, limit: number) {
      if ((await scaleOf(symbol)) === undefined) return undefined;
      return (await repo().heads(symbol, limit)).map((h) => ({
        symbol: h.symbol,
        minuteMs: h.minuteMs,
        tickId: h.tickId.toString(),
        hash: h.hash,
        signature: h.signature,
      }));
    },

    /** The key heads are signed with (base64, raw 32 bytes); empty when heads are unsigned. */
    chainPublicKey: () => deps.signer?.publicKey ?? '',
  };
}
