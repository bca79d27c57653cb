import { newIdempotencyKey } from '@ampere/client';
import { useRef } from 'react';

/**
 * The Idempotency-Key of one money-moving request. It is made before the first send and kept
 * while the same input is sent again (a retry after a timeout or a lost answer), so the server
 * acts once; an answer (`done`) or a different input starts a new one.
 */
export function useSendKey() {
  const current = useRef<{ input: string; key: string } | undefined>(undefined);
  return {
    keyFor(input: unknown): string {
      const text = JSON.stringify(input);
      if (current.current?.input !== text) {
        current.current = { input: text, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    done(): void {
      current.current = undefined;
    },
  };
}
