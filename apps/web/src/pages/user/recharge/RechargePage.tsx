import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '@/components/QueryState';
import { RetryState } from '@/components/RetryState';
import { PATHS } from '@/config/paths';
import { RechargePanel } from '@/features/funding/components/RechargePanel';
import { useRechargeConfig } from '@/features/funding/hooks/useFunding';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';
import styles from './RechargePage.module.css';

/** Recharge (SPEC §2): the methods the server offers (GET user/recharge), or the closed notice. */
export default function RechargePage() {
  useFeatureMessages('funding');
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const config = useRechargeConfig();
  useFundingPushes();
  if (config.data === undefined) {
    // SPEC §8: the methods could not be read.
    return config.isError ? (
      <RetryState message={t('errors.transaction_method')} onRetry={() => void config.refetch()} />
    ) : (
      <QueryFallback query={config} />
    );
  }
  return (
    <>
      <RechargePanel
        config={config.data}
        onContact={() => {
          navigate(PATHS.dedicatedService);
        }}
        onSubmitted={(record) => {
          navigate(`${PATHS.rechargeDetail}?id=${encodeURIComponent(record.id)}`, 'redirect');
        }}
      />
      <div className={styles.records}>
        <Button
          fill="none"
          color="primary"
          onClick={() => {
            navigate(PATHS.rechargeList);
          }}
        >
          {t('pages.rechargeList.title')}
        </Button>
      </div>
    </>
  );
}
