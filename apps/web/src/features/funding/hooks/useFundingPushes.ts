import type { FundingPush } from '@ampere/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '@/core/realtime';
import { Toast } from '@/lib/overlays';
import { fundingKeys } from '../api/funding';

/**
 * Keeps the funding views live from the user's private `funding` channel: each state change of
 * a recharge, withdrawal or exchange reads the trackers, the open record and the wallet again,
 * and the two that are news — a recharge credited, a withdrawal paid — say so (SPEC §8 "Top up
 * successfully").
 */
export function useFundingPushes(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useChannel(
    'funding',
    useCallback(
      (push: FundingPush) => {
        void queryClient.invalidateQueries({ queryKey: fundingKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        if (push.kind === 'recharge' && push.status === 'credited') {
          Toast.show({ icon: 'success', content: t('success.recharge') });
        }
        if (push.kind === 'withdrawal' && push.status === 'paid') {
          Toast.show({ icon: 'success', content: t('funding.withdraw.paidToast') });
        }
      },
      [queryClient, t],
    ),
  );
}
