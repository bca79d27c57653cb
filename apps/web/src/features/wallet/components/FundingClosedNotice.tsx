import { Button } from 'antd-mobile';
import { StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';

interface Props {
  kind: 'recharge' | 'withdraw';
  onContact: () => void;
}

/** SPEC §1: recharge or withdrawal switched off by the system; customer service can help. */
export function FundingClosedNotice({ kind, onContact }: Props) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<StopOutline />}
      message={t(`wallet.closed.${kind}`)}
      action={
        <Button color="primary" onClick={onContact}>
          {t('common.contactService')}
        </Button>
      }
    />
  );
}
