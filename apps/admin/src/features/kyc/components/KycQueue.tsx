import type { KycCaseSummary } from '@ampere/contract/admin';
import { Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useKycCases, type QueueStatus } from '../api/kyc';

const STATUSES: readonly QueueStatus[] = ['pending', 'declined', 'approved'];

/** The queue, oldest first, by status; picking a row opens it. */
export function KycQueue({
  status,
  onStatus,
  selected,
  onSelect,
}: {
  status: QueueStatus;
  onStatus: (s: QueueStatus) => void;
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const query = useKycCases(status);
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          onStatus(k as QueueStatus);
        }}
        items={STATUSES.map((s) => ({ key: s, label: t(`kyc.status.${s}`) }))}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<KycCaseSummary>
          size="small"
          rowKey="id"
          loading={query.isPending}
          dataSource={query.data?.items ?? []}
          pagination={false}
          scroll={{ y: 240 }}
          onRow={(row) => ({
            onClick: () => {
              onSelect(row.id);
            },
            style: { cursor: 'pointer' },
          })}
          rowClassName={(row) => (row.id === selected ? 'ant-table-row-selected' : '')}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            {
              title: t('kyc.fields.user'),
              render: (_, r) => `${r.user.username} (${r.user.uid})`,
            },
            { title: t('kyc.fields.name'), dataIndex: 'name' },
            {
              title: t('kyc.fields.docType'),
              render: (_, r) => (
                <Tag data-testid="kyc-row-doc">{t(`kyc.docTypes.${r.docType}`)}</Tag>
              ),
            },
            { title: t('kyc.fields.idcard'), dataIndex: 'idcardMasked' },
            { title: t('kyc.fields.round'), dataIndex: 'round', width: 70 },
            {
              title: t('kyc.fields.submittedAt'),
              render: (_, r) => formatDateTime(r.submittedAt, locale),
            },
            {
              title: t('kyc.fields.claim'),
              render: (_, r) => (r.claimedBy ? <Tag>{r.claimedBy.username}</Tag> : null),
            },
          ]}
        />
      )}
    </>
  );
}
