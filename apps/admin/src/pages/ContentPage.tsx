import { PageContainer } from '@ant-design/pro-components';
import { Alert, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { useAgreementVersions } from '@/features/content/api/content';
import { AgreementEditor } from '@/features/content/components/AgreementEditor';
import { AgreementVersionsTable } from '@/features/content/components/AgreementVersionsTable';
import { BannerForm } from '@/features/content/components/BannerForm';
import { BannersTable } from '@/features/content/components/BannersTable';
import { CustomerServiceEditor } from '@/features/content/components/CustomerServiceEditor';
import { NoticeEditor } from '@/features/content/components/NoticeEditor';
import { NoticesTable } from '@/features/content/components/NoticesTable';

/** The user agreement's versions and the editor of the next one. */
function AgreementTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const versions = useAgreementVersions();
  const items = versions.data ?? [];
  if (versions.isError)
    return <QueryError error={versions.error} onRetry={() => void versions.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon message={t('content.agreement.explain')} />
      {canEdit && versions.data && (
        <div>
          <AgreementEditor
            current={items.find((v) => v.state === 'current')}
            next={(items[0]?.version ?? 0) + 1}
          />
        </div>
      )}
      <AgreementVersionsTable versions={items} loading={versions.isPending} />
    </Flex>
  );
}

/**
 * Announcements, Home's banners, customer service and the user agreement's versions
 * (content.read; changes: content.manage).
 */
export default function ContentPage() {
  const { t } = useTranslation();
  const canEdit = useCan('content.manage');
  return (
    <PageContainer title={t('content.title')} content={t('content.subtitle')}>
      <Flex vertical gap={16}>
        {!canEdit && <Alert type="info" showIcon message={t('content.readOnly')} />}
        <Tabs
          items={[
            {
              key: 'notices',
              label: t('content.tabs.notices'),
              children: (
                <Flex vertical gap={12}>
                  {canEdit && (
                    <div>
                      <NoticeEditor />
                    </div>
                  )}
                  <NoticesTable canEdit={canEdit} />
                </Flex>
              ),
            },
            {
              key: 'banners',
              label: t('content.tabs.banners'),
              children: (
                <Flex vertical gap={12}>
                  {canEdit && (
                    <div>
                      <BannerForm />
                    </div>
                  )}
                  <BannersTable canEdit={canEdit} />
                </Flex>
              ),
            },
            {
              key: 'service',
              label: t('content.tabs.service'),
              children: <CustomerServiceEditor canEdit={canEdit} />,
            },
            {
              key: 'agreement',
              label: t('content.tabs.agreement'),
              children: <AgreementTab canEdit={canEdit} />,
            },
          ]}
        />
      </Flex>
    </PageContainer>
  );
}
