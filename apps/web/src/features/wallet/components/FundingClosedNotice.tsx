import { Button } from 'antd-mobile';
import { StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { useConfig } from '@/core/config';

interface Props {
  kind: 'recharge' | 'withdraw';
  onContact: () => void;
}

/**
 * SPEC §1: recharge or withdrawal switched off by the system; customer service can help. The
 * operator's close tip (config `rechargeCloseTip` / `withdrawCloseTip`, in the user's language
 * or English) when there is one, else the app's own words.
 */
export function FundingClosedNotice({ kind, onContact }: Props) {
  const { t } = useTranslation();
  const config = useConfig();
  const tip = kind === 'recharge' ? config.rechargeCloseTip : config.withdrawCloseTip;
  return (
    <EmptyState
      icon={<StopOutline />}
      message={tip ?? t(`wallet.closed.${kind}`)}
      action={
        <Button color="primary" onClick={onContact}>
          {t('common.contactService')}
        </Button>
      }
    />
  );
}
