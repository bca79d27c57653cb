import type { TradingService } from './trading.service.js';

export interface SettlementLog {
  warn(obj: object, msg: string): void;
}

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
 * Settles due orders every `everyMs`, draining full batches back to back. Every server process
 * runs one: claims use SKIP LOCKED, so they share the work and never settle an order twice.
 */
export function startSettlementWorker(
  trading: TradingService,
  log: SettlementLog,
  everyMs = 250,
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let busy = false;

  const loop = async () => {
    for (;;) {
      const n = await trading.settleDue(SETTLE_BATCH);
      if (n < SETTLE_BATCH || stopped) return;
    }
  };
  const drain = async () => {
    // Both loops finish (or fail) before the next round starts.
    const results = await Promise.allSettled(Array.from({ length: SETTLE_LOOPS }, loop));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };

  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    running = drain()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'settlement round failed; retrying');
      })
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
