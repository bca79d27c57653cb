import { Button } from 'antd-mobile';
import { StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';

interface Props {
  kind: 'recharge' | 'withdraw';
  /** The operator's close tip in the user's language; the app's own words without one. */
  tip: string | undefined;
  onContact: () => void;
}

/** SPEC §1: recharge or withdrawal switched off; customer service can help. */
export function ClosedNotice({ kind, tip, onContact }: Props) {
  const { t } = useTranslation();
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
