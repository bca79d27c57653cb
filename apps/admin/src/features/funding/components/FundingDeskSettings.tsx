import { Col, Row, Skeleton } from 'antd';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { useExchangeRate, useFundingRules, useReceivingAccounts } from '../api/funding';
import { ExchangeRateCard } from './ExchangeRateCard';
import { FundingRulesCard } from './FundingRulesCard';
import { ReceivingAccountsCard } from './ReceivingAccountsCard';

/** A card's data: a skeleton while it loads, the error with a retry, then the card. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return <Skeleton active />;
}

/**
 * The funding settings beside the switches (funding.read to see them): receiving bank accounts
 * and the rules (funding.settings to change), the exchange rate (funding.rates).
 */
export function FundingDeskSettings() {
  const canSettings = useCan('funding.settings');
  const canRates = useCan('funding.rates');
  const accounts = useReceivingAccounts();
  const rules = useFundingRules();
  const rate = useExchangeRate();
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col span={24}>
        <Loaded query={accounts}>
          {(data) => <ReceivingAccountsCard accounts={data} canEdit={canSettings} />}
        </Loaded>
      </Col>
      <Col span={24}>
        <Loaded query={rate}>
          {(data) => <ExchangeRateCard rate={data} canEdit={canRates} />}
        </Loaded>
      </Col>
      <Col span={24}>
        <Loaded query={rules}>
          {(data) => <FundingRulesCard rules={data} canEdit={canSettings} />}
        </Loaded>
      </Col>
    </Row>
  );
}
