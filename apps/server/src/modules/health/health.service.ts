export interface Pingable {
  ping(): Promise<unknown>;
}

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`timed out after ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

export function createHealthService(deps: { database: Pingable; redis?: Pingable | undefined }) {
  return {
    /** True when every dependency answers within its time limit. */
    async ready(): Promise<boolean> {
      const checks = [deps.database, deps.redis].filter((d): d is Pingable => d !== undefined);
      const results = await Promise.allSettled(
        checks.map((d) => withTimeout(d.ping(), PING_TIMEOUT_MS)),
      );
      return results.every((r) => r.status === 'fulfilled');
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
