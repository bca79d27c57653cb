import type { AddressBlock } from '@ampere/contract/admin';
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { errorText } from '@/i18n/errorText';
import { useAddressBlocks, useRemoveBlock } from '../api/access';

const when = (iso: string | null) => (iso === null ? '—' : new Date(iso).toLocaleString());

/** How many addresses: exact up to a million, then as a power of two (IPv6 ranges are vast). */
function sizeOf(size: string): string {
  const n = BigInt(size);
  if (n <= 1_000_000n) return n.toLocaleString();
  return `2^${(n.toString(2).length - 1).toString()}`;
}

const STATE_COLOR = { active: 'red', expired: 'default', removed: 'default' } as const;

/**
 * The blocks in force, or the history (expired and removed ones), newest first, a page at a
 * time; a block in force can be lifted (access.manage), after a confirmation.
 */
export function BlocksTable({ state, canEdit }: { state: 'active' | 'past'; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const blocks = useAddressBlocks(state);
  const remove = useRemoveBlock();
  if (blocks.isError)
    return <QueryError error={blocks.error} onRetry={() => void blocks.refetch()} />;
  const rows = blocks.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<AddressBlock>
        rowKey="id"
        size="middle"
        loading={blocks.isPending}
        dataSource={rows}
        pagination={false}
        locale={{
          emptyText:
            state === 'active' ? t('access.blocks.noneActive') : t('access.blocks.nonePast'),
        }}
        columns={[
          {
            title: t('access.blocks.cidr'),
            key: 'cidr',
            render: (_, b) => (
              <Space direction="vertical" size={2}>
                <Typography.Text code copyable style={{ whiteSpace: 'nowrap' }}>
                  {b.cidr}
                </Typography.Text>
                <Tag>{b.family === 'ipv4' ? 'IPv4' : 'IPv6'}</Tag>
              </Space>
            ),
          },
          {
            title: t('access.blocks.size'),
            key: 'size',
            render: (_, b) => sizeOf(b.size),
          },
          { title: t('access.blocks.note'), dataIndex: 'note', key: 'note' },
          {
            title: t('access.blocks.expiresAt'),
            key: 'expiresAt',
            render: (_, b) => (b.expiresAt === null ? t('access.blocks.never') : when(b.expiresAt)),
          },
          {
            title: t('access.blocks.created'),
            key: 'created',
            render: (_, b) => (
              <Space direction="vertical" size={0}>
                <span>{when(b.createdAt)}</span>
                <Typography.Text type="secondary">{b.createdBy}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('access.blocks.state'),
            key: 'state',
            render: (_, b) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATE_COLOR[b.state]}>{t(`access.blocks.states.${b.state}`)}</Tag>
                {b.removedBy !== null && (
                  <Typography.Text type="secondary">
                    {when(b.removedAt)} · {b.removedBy}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          ...(canEdit && state === 'active'
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, b: AddressBlock) => (
                    <Popconfirm
                      title={t('access.blocks.confirmRemove', { cidr: b.cidr })}
                      okText={t('access.blocks.remove')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => {
                        remove.mutateAsync(b.id).then(
                          () => void message.success(t('access.blocks.removed', { cidr: b.cidr })),
                          (error: unknown) => void message.error(errorText(error, t)),
                        );
                      }}
                    >
                      <Button type="link" size="small">
                        {t('access.blocks.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {blocks.hasNextPage && (
        <Button loading={blocks.isFetchingNextPage} onClick={() => void blocks.fetchNextPage()}>
          {t('access.blocks.loadMore')}
        </Button>
      )}
    </Space>
  );
}

/** The number of blocks in force, from the first page of the list. */
export function useActiveCount(): number | undefined {
  return useAddressBlocks('active').data?.pages[0]?.active;
}
