/**
 * Whether this process is shutting down (main.ts, on SIGTERM): /readyz answers 503 so the proxy
 * moves away, and new sockets are turned away with 1012 (docs/operations.md, Shutdown).
 */
export interface Lifecycle {
  draining: () => boolean;
  drain: () => void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    draining: () => draining,
    drain: () => {
      draining = true;
    },
  };
}
