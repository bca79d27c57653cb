import type { AdminBanner } from '@ampere/contract/admin';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { errorText } from '@/i18n/errorText';
import { useBanners, useDeleteBanner } from '../api/content';
import { BannerForm } from './BannerForm';

const when = (ms: number | null) => (ms === null ? '…' : new Date(ms).toLocaleString());

/** Home's banners in display order. */
export function BannersTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const banners = useBanners();
  const remove = useDeleteBanner();
  if (banners.isError)
    return <QueryError error={banners.error} onRetry={() => void banners.refetch()} />;
  return (
    <Table<AdminBanner>
      rowKey="id"
      loading={banners.isPending}
      dataSource={banners.data ?? []}
      pagination={false}
      columns={[
        {
          title: t('content.banners.image'),
          key: 'image',
          render: (_, b) => (
            <img src={b.imageUrl} alt={b.title} style={{ height: 48, borderRadius: 4 }} />
          ),
        },
        { title: t('content.banners.title'), dataIndex: 'title' },
        {
          title: t('content.banners.link'),
          key: 'link',
          render: (_, b) =>
            b.link ? `${t(`content.banners.modes.${b.link.mode}`)} · ${b.link.target}` : '—',
        },
        {
          title: t('content.banners.window'),
          key: 'window',
          render: (_, b) => `${when(b.startsAt)} – ${when(b.endsAt)}`,
        },
        { title: t('content.banners.sortOrder'), dataIndex: 'sortOrder' },
        {
          title: t('content.banners.enabled'),
          key: 'enabled',
          render: (_, b) => (
            <Tag color={b.enabled ? 'green' : 'default'}>
              {b.enabled ? t('content.on') : t('content.off')}
            </Tag>
          ),
        },
        ...(canEdit
          ? [
              {
                title: '',
                key: 'actions',
                render: (_: unknown, b: AdminBanner) => (
                  <Space>
                    <BannerForm banner={b} />
                    <Popconfirm
                      title={t('content.confirmDelete')}
                      okText={t('content.delete')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => {
                        remove.mutateAsync(b.id).catch((error: unknown) => {
                          void message.error(errorText(error, t));
                        });
                      }}
                    >
                      <Button type="link" size="small" danger>
                        {t('content.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
