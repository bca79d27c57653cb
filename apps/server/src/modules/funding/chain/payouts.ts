import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../../../db/client.js';
import { chainPayout, chainPayoutNonce } from './chain.schema.js';
import { storedAddress } from './addresses.js';
import type { ChainSigner } from './signer.js';

export interface PayoutRequest {
  network: string;
  token: Address;
  to: Address;
  amountMinor: bigint;
  reference: string;
}

/**
 * Sends a payout once per reference. In one transaction (the wallet's nonce row locked, so
 * payouts take nonces one at a time): the reference is looked up, a nonce taken, the transfer
 * signed and stored with its hash. Only then is it broadcast. A retry with the same reference —
 * after a crash anywhere — finds the stored transaction and broadcasts that same one again: the
 * chain accepts one transaction per nonce, so the payout cannot happen twice (docs/chain.md).
 */
export async function sendPayout(
  deps: { db: Db; signer: ChainSigner; now: () => Date },
  req: PayoutRequest,
): Promise<{ txHash: string }> {
  const { db, signer } = deps;
  const from = storedAddress(signer.address);
  const payout = await db.transaction(async (tx) => {
    await tx
      .insert(chainPayoutNonce)
      .values({ network: req.network, address: from, nextNonce: 0n })
      .onConflictDoNothing();
    const [nonceRow] = await tx
      .select()
      .from(chainPayoutNonce)
      .where(and(eq(chainPayoutNonce.network, req.network), eq(chainPayoutNonce.address, from)))
      .for('update');
    if (!nonceRow) throw new Error('payout nonce row missing');
    const [existing] = await tx
      .select()
      .from(chainPayout)
      .where(eq(chainPayout.reference, req.reference));
    if (existing) {
      if (
        existing.network !== req.network ||
        existing.toAddress !== storedAddress(req.to) ||
        existing.amountMinor !== req.amountMinor
      )
        throw new Error(`payout ${req.reference} was sent before with other details`);
      return existing;
    }
    // The node's count covers transactions sent outside this table (an operator's own).
    const pending = await signer.pendingNonce();
    const nonce = nonceRow.nextNonce > pending ? nonceRow.nextNonce : pending;
    const signed = await signer.signTransfer({
      token: req.token,
      to: req.to,
      amountMinor: req.amountMinor,
      nonce,
    });
    const [row] = await tx
      .insert(chainPayout)
      .values({
        reference: req.reference,
        network: req.network,
        fromAddress: from,
        toAddress: storedAddress(req.to),
        amountMinor: req.amountMinor,
        nonce,
        txHash: signed.txHash,
        signedTx: signed.signedTx,
        createdAt: deps.now(),
      })
      .returning();
    await tx
      .update(chainPayoutNonce)
      .set({ nextNonce: nonce + 1n })
      .where(and(eq(chainPayoutNonce.network, req.network), eq(chainPayoutNonce.address, from)));
    if (!row) throw new Error('payout insert returned no row');
    return row;
  });
  await signer.broadcast(payout.signedTx as `0x${string}`, payout.txHash as `0x${string}`);
  if (payout.broadcastAt === null)
    await db
      .update(chainPayout)
      .set({ broadcastAt: sql`now()` })
      .where(eq(chainPayout.reference, payout.reference));
  return { txHash: payout.txHash };
}
