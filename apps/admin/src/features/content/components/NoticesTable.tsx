import type { AdminNotice } from '@ampere/contract/admin';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { errorText } from '@/i18n/errorText';
import { useDeleteNotice, useNotices } from '../api/content';
import { NoticeEditor } from './NoticeEditor';

/** Every announcement, drafts too: title, languages, flags; edit and delete for content.manage. */
export function NoticesTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notices = useNotices();
  const remove = useDeleteNotice();
  if (notices.isError)
    return <QueryError error={notices.error} onRetry={() => void notices.refetch()} />;
  return (
    <Table<AdminNotice>
      rowKey="id"
      loading={notices.isPending}
      dataSource={notices.data ?? []}
      pagination={{ pageSize: 20 }}
      columns={[
        {
          title: t('content.notices.title'),
          key: 'title',
          render: (_, n) => (n.texts.find((x) => x.locale === 'en-US') ?? n.texts[0])?.title,
        },
        {
          title: t('content.notices.languages'),
          key: 'languages',
          render: (_, n) => n.texts.map((x) => x.locale).join(' · '),
        },
        {
          title: t('content.notices.state'),
          key: 'state',
          render: (_, n) => (
            <Space size={4} wrap>
              <Tag color={n.published ? 'green' : 'default'}>
                {n.published ? t('content.notices.published') : t('content.notices.draft')}
              </Tag>
              {n.pinned && <Tag color="blue">{t('content.notices.pinned')}</Tag>}
              {n.popup && <Tag color="purple">{t('content.notices.popup')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('content.notices.publishedAt'),
          key: 'publishedAt',
          render: (_, n) => (n.publishedAt ? new Date(n.publishedAt).toLocaleString() : '—'),
        },
        ...(canEdit
          ? [
              {
                title: '',
                key: 'actions',
                render: (_: unknown, n: AdminNotice) => (
                  <Space>
                    <NoticeEditor notice={n} />
                    <Popconfirm
                      title={t('content.confirmDelete')}
                      okText={t('content.delete')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => {
                        remove.mutateAsync(n.id).catch((error: unknown) => {
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
