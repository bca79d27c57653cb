import { PageContainer } from '@ant-design/pro-components';
import { Alert, Card, Col, Flex, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/core/session';
import { AddBlockForm } from '@/features/access/components/AddBlockForm';
import { BlackRunForm } from '@/features/access/components/BlackRunForm';
import { BlocksTable, useActiveCount } from '@/features/access/components/BlocksTable';

/**
 * Access restriction (access.read; changes: access.manage): address ranges blocked from the user
 * app, and where restricted users are sent. Disabling one account is on its user page.
 */
export default function AccessPage() {
  const { t } = useTranslation();
  const canEdit = useCan('access.manage');
  const active = useActiveCount();
  return (
    <PageContainer title={t('access.title')} content={t('access.subtitle')}>
      <Flex vertical gap={16}>
        {!canEdit && <Alert type="info" showIcon message={t('access.readOnly')} />}
        <Row gutter={[16, 16]}>
          {canEdit && (
            <Col xs={24} xl={8}>
              <Card title={t('access.blocks.addTitle')}>
                <AddBlockForm />
              </Card>
            </Col>
          )}
          <Col xs={24} xl={canEdit ? 16 : 24}>
            <Card title={t('access.blocks.title')}>
              <Tabs
                items={[
                  {
                    key: 'active',
                    label:
                      active === undefined
                        ? t('access.blocks.active')
                        : t('access.blocks.activeN', { count: active }),
                    children: <BlocksTable state="active" canEdit={canEdit} />,
                  },
                  {
                    key: 'past',
                    label: t('access.blocks.past'),
                    children: <BlocksTable state="past" canEdit={false} />,
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
        <Card title={t('access.blackRun.title')}>
          <BlackRunForm canEdit={canEdit} />
        </Card>
      </Flex>
    </PageContainer>
  );
}
