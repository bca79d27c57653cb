import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { PATHS } from '@/config/paths';
import { ExchangeForm } from '@/features/funding/components/ExchangeForm';
import { useExchangeConfig } from '@/features/funding/hooks/useFunding';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';
import styles from './ExchangePage.module.css';

/** Exchange CNY↔USDT (SPEC §1, §9) at a quoted rate held 30 s. */
export default function ExchangePage() {
  useFeatureMessages('funding');
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const config = useExchangeConfig();
  return (
    <QueryState query={config}>
      {(data) => (
        <>
          {data.available ? (
            <ExchangeForm
              config={data}
              onDone={(record) => {
                navigate(`${PATHS.exchangeDetail}?id=${encodeURIComponent(record.id)}`);
              }}
            />
          ) : (
            <EmptyState message={t('wallet.exchange.unavailable')} />
          )}
          <div className={styles.records}>
            <Button
              fill="none"
              color="primary"
              onClick={() => {
                navigate(PATHS.exchangeList);
              }}
            >
              {t('pages.exchangeList.title')}
            </Button>
          </div>
        </>
      )}
    </QueryState>
  );
}
