import { FUNDING_KINDS } from '@ampere/contract/admin';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { FundingDeskSettings } from '@/features/funding/components/FundingDeskSettings';
import { useFunding } from '@/features/settings/api/settings';
import { FundingCard } from '@/features/settings/components/FundingCard';

/**
 * Recharge and withdrawal switches with their close tips (settings.read; changes:
 * settings.funding), and for funding staff the receiving accounts, rules and exchange rate.
 */
export default function FundingPage() {
  const { t } = useTranslation();
  const canEdit = useCan('settings.funding');
  const canSeeFunding = useCan('funding.read');
  const funding = useFunding();
  let body;
  if (funding.data !== undefined) {
    const data = funding.data;
    body = (
      <Row gutter={[16, 16]}>
        {FUNDING_KINDS.map((kind) => (
          <Col xs={24} xxl={12} key={kind}>
            <FundingCard kind={kind} value={data[kind]} canEdit={canEdit} />
          </Col>
        ))}
      </Row>
    );
  } else if (funding.isError) {
    body = <QueryError error={funding.error} onRetry={() => void funding.refetch()} />;
  } else {
    body = <Skeleton active />;
  }
  return (
    <PageContainer title={t('funding.title')} content={t('funding.subtitle')}>
      {!canEdit && (
        <Alert type="info" showIcon message={t('funding.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {body}
      {canSeeFunding && <FundingDeskSettings />}
    </PageContainer>
  );
}
