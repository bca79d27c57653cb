import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Button, Col, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useSession } from '@/core/session';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { MemberSummary } from '@/features/account/components/MemberSummary';
import { SessionSummary } from '@/features/account/components/SessionSummary';
import { useDashboard } from '@/features/dashboard/api/dashboard';
import { ExposureCard } from '@/features/dashboard/components/ExposureCard';
import { FeedCard } from '@/features/dashboard/components/FeedCard';
import { QueuesCard } from '@/features/dashboard/components/QueuesCard';
import { ReconciliationCard } from '@/features/dashboard/components/ReconciliationCard';
import { TodayCard } from '@/features/dashboard/components/TodayCard';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ProCard title={title} bordered style={{ height: '100%' }}>
      {children}
    </ProCard>
  );
}

/**
 * Where the back office opens: who is signed in, then the figures (`GET dashboard`) — work
 * waiting for staff, today's journals, open exposure, the last reconciliation, the price feed.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { staff } = useSession();
  const dashboard = useDashboard();
  const locale = currentLocale();
  const data = dashboard.data;

  let figures: ReactNode;
  if (data !== undefined) {
    figures = (
      <>
        <Col xs={24} xl={12}>
          <Card title={t('overview.queues.title')}>
            <QueuesCard queues={data.queues} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('overview.reconciliation.title')}>
            <ReconciliationCard run={data.reconciliation} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('overview.today.title')}>
            <TodayCard today={data.today} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('overview.exposure.title')}>
            <ExposureCard exposure={data.exposure} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('overview.feed.title')}>
            <FeedCard feed={data.feed} />
          </Card>
        </Col>
      </>
    );
  } else if (dashboard.isError) {
    figures = (
      <Col span={24}>
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </Col>
    );
  } else {
    figures = (
      <Col span={24}>
        <Skeleton active />
      </Col>
    );
  }

  return (
    <PageContainer
      title={t('dashboard.welcome', { name: staff.username })}
      content={
        data === undefined
          ? undefined
          : t('overview.updatedAt', { time: formatDateTime(data.generatedAt, locale) })
      }
      extra={
        <Button onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
          {t('overview.refresh')}
        </Button>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('member.profile')}>
            <MemberSummary />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('member.session')}>
            <SessionSummary />
          </Card>
        </Col>
        {figures}
      </Row>
    </PageContainer>
  );
}
