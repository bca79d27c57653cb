import type { CurrencyKey } from '@ampere/contract';
import { useCallback } from 'react';
import { useChannel } from '@/core/realtime';

/**
 * Calls `onChange` with the currency whose balance changed, from the signed-in user's `balance`
 * channel: every flow that moves money pushes there after its commit (server
 * wallet/balance-push.ts).
 */
export function useBalancePushes(onChange: (currency: CurrencyKey) => void): void {
  useChannel(
    'balance',
    useCallback(
      (push: { currency: CurrencyKey }) => {
        onChange(push.currency);
      },
      [onChange],
    ),
  );
}
