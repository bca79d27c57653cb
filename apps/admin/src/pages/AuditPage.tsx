import { PageContainer } from '@ant-design/pro-components';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/core/session';
import { AuditTable } from '@/features/audit/components/AuditTable';
import { VerifyChainCard } from '@/features/audit/components/VerifyChainCard';

export default function AuditPage() {
  const { t } = useTranslation();
  const canVerify = useCan('audit.verify');
  return (
    <PageContainer title={t('audit.title')} content={t('audit.subtitle')}>
      <Flex vertical gap={16}>
        {canVerify && <VerifyChainCard />}
        <AuditTable />
      </Flex>
    </PageContainer>
  );
}
