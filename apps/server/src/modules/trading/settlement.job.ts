import { defineJob } from '../../jobs/runner.js';
import type { TradingService } from './trading.service.js';

/**
 * Orders settled per transaction: bounded, so a burst never holds one huge transaction. A batch
 * holds its users' accounts locked, and a buy by one of them waits for it: ≈ 0.3 s at this size.
 * Per order, fewer and larger batches cost less. 10,000 orders due at once took 505–637 ms in
 * batches of 2,000, 1.35–1.44× the set-based SQL anchor over six runs. In batches of 1,000 that
 * was 1.47–1.65× over nine runs, some alternated with those (bench/settle, BENCHMARKS.md).
 */
export const SETTLE_BATCH = 2_000;
/**
 * Settlement loops per process. Two overlap one batch's database work with the next one's
 * decisions: 10,000 orders due at once settle in ≈ 0.75 s instead of ≈ 1 s (bench/settle).
 */
export const SETTLE_LOOPS = 2;

/**
 * Settles due orders every 250 ms, draining full batches back to back. Every server process
 * runs it: claims use SKIP LOCKED, so they share the work and never settle an order twice.
 */
export function settlementJob(trading: TradingService, everyMs = 250) {
  return defineJob({
    name: 'trading.settle',
    mode: 'every-process',
    everyMs,
    async run(ctx) {
      const loop = async () => {
        for (;;) {
          const n = await trading.settleDue(SETTLE_BATCH);
          if (n < SETTLE_BATCH || ctx.stopping()) return;
        }
      };
      // Both loops finish (or fail) before the next round starts.
      const results = await Promise.allSettled(Array.from({ length: SETTLE_LOOPS }, loop));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      return undefined;
    },
  });
}
