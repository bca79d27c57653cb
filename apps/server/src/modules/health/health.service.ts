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

export function createHealthService(deps: {
  database: Pingable;
  redis?: Pingable | undefined;
  /** True once the process is shutting down: it is no longer ready, whatever it can reach. */
  draining?: () => boolean;
}) {
  return {
    /** True when every dependency answers within its time limit (and the process stays up). */
    async ready(): Promise<boolean> {
      if (deps.draining?.()) return false;
      const checks = [deps.database, deps.redis].filter((d): d is Pingable => d !== undefined);
      const results = await Promise.allSettled(
        checks.map((d) => withTimeout(d.ping(), PING_TIMEOUT_MS)),
      );
      return results.every((r) => r.status === 'fulfilled');
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
