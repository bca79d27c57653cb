import type { AuditEntryView } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashText } from '@/components/HashText';
import { QueryError } from '@/components/QueryError';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useAuditLog, type AuditFilters } from '../api/audit';
import { AuditDetail } from './AuditDetail';

/** A search field's value as the API wants it: trimmed, and absent rather than empty. */
const filterValue = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The log, newest first, filtered by actor, action and subject. The API pages by cursor
 * ("before this entry"), so the table grows with "Load more" instead of numbered pages.
 */
export function AuditTable() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);
  const locale = currentLocale();
  const entries = log.data?.pages.flatMap((page) => page.items);

  const columns: ProColumns<AuditEntryView>[] = [
    {
      title: t('audit.time'),
      dataIndex: 'createdAt',
      search: false,
      width: 190,
      render: (_, entry) => formatDateTime(entry.createdAt, locale),
    },
    { title: t('audit.actor'), dataIndex: 'actor', ellipsis: true },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (_, entry) => <Tag bordered={false}>{entry.action}</Tag>,
    },
    {
      title: t('audit.subject'),
      dataIndex: 'subject',
      ellipsis: true,
      render: (_, entry) => entry.subject ?? '—',
    },
    {
      title: t('audit.hash'),
      dataIndex: 'hash',
      search: false,
      width: 230,
      render: (_, entry) => <HashText value={entry.hash} />,
    },
  ];

  return (
    <ProTable<AuditEntryView, Record<string, unknown>>
      rowKey="id"
      columns={columns}
      dataSource={entries}
      loading={log.isFetching && !log.isFetchingNextPage}
      pagination={false}
      cardBordered
      search={{ labelWidth: 'auto', span: 6, collapseRender: false }}
      onSubmit={(values) => {
        const next = {
          actor: filterValue(values.actor),
          action: filterValue(values.action),
          subject: filterValue(values.subject),
        };
        // The same filters again mean "show me what is new": the query key would not change.
        if (JSON.stringify(next) === JSON.stringify(filters)) void log.refetch();
        else setFilters(next);
      }}
      onReset={() => {
        setFilters({});
      }}
      options={false}
      toolBarRender={false}
      expandable={{ expandedRowRender: (entry) => <AuditDetail entry={entry} /> }}
      locale={
        log.isError && entries === undefined
          ? { emptyText: <QueryError error={log.error} onRetry={() => void log.refetch()} /> }
          : undefined
      }
      footer={() => (
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {t('audit.shown', { count: entries?.length ?? 0 })}
          </Typography.Text>
          {log.hasNextPage ? (
            <Button loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {t('audit.loadMore')}
            </Button>
          ) : (
            entries !== undefined && (
              <Typography.Text type="secondary">{t('audit.end')}</Typography.Text>
            )
          )}
        </Flex>
      )}
    />
  );
}
