import { PageContainer } from '@ant-design/pro-components';
import { Alert, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/core/session';
import { BannerForm } from '@/features/content/components/BannerForm';
import { BannersTable } from '@/features/content/components/BannersTable';
import { CustomerServiceEditor } from '@/features/content/components/CustomerServiceEditor';
import { NoticeEditor } from '@/features/content/components/NoticeEditor';
import { NoticesTable } from '@/features/content/components/NoticesTable';

/** Announcements, Home's banners and customer service (content.read; changes: content.manage). */
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
          ]}
        />
      </Flex>
    </PageContainer>
  );
}
