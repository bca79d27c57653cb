import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/QueryState';
import { PATHS } from '@/config/paths';
import { ClosedNotice } from '@/features/funding/components/ClosedNotice';
import { WithdrawForm } from '@/features/funding/components/WithdrawForm';
import { useWithdrawConfig } from '@/features/funding/hooks/useFunding';
import { useFundingPushes } from '@/features/funding/hooks/useFundingPushes';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';
import styles from './WithdrawPage.module.css';

/** Withdraw (SPEC §2, §5): bounds, fee and actual arrival from the server, or the closed notice. */
export default function WithdrawPage() {
  useFeatureMessages('funding');
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const config = useWithdrawConfig();
  useFundingPushes();
  return (
    <QueryState query={config}>
      {(data) =>
        !data.open ? (
          <ClosedNotice
            kind="withdraw"
            tip={data.closeTip}
            onContact={() => {
              navigate(PATHS.dedicatedService);
            }}
          />
        ) : (
          <>
            <WithdrawForm
              config={data}
              onManageCard={() => {
                navigate(PATHS.bindCards);
              }}
              onSetFundPassword={() => {
                navigate(PATHS.fundPassword);
              }}
              onSubmitted={(record) => {
                navigate(`${PATHS.withdrawDetail}?id=${encodeURIComponent(record.id)}`, 'redirect');
              }}
            />
            <div className={styles.records}>
              <Button
                fill="none"
                color="primary"
                onClick={() => {
                  navigate(PATHS.withdrawList);
                }}
              >
                {t('pages.withdrawList.title')}
              </Button>
            </div>
          </>
        )
      }
    </QueryState>
  );
}
