import type { UserSummary } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '@/components/QueryError';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useUserSearch, type UserSearch } from '../api/users';
import { LevelTag, UserStatusBadge } from './UserTags';

const BY = ['uid', 'username', 'inviteCode'] as const;
const MATCH = ['prefix', 'exact'] as const;

const pick = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.find((option) => option === value);

/**
 * Users by uid, username or invite code — whole or its beginning — newest first. Without a term,
 * every user. The API pages by cursor, so the table grows with "Load more".
 */
export function UserSearchTable() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<UserSearch>({});
  const users = useUserSearch(search);
  const locale = currentLocale();
  const rows = users.data?.pages.flatMap((page) => page.items);

  const columns: ProColumns<UserSummary>[] = [
    {
      title: t('users.search.term'),
      dataIndex: 'q',
      hideInTable: true,
      fieldProps: { placeholder: t('users.search.placeholder'), maxLength: 64 },
    },
    {
      title: t('users.search.by'),
      dataIndex: 'by',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(BY.map((by) => [by, { text: t(`users.search.fields.${by}`) }])),
      fieldProps: { placeholder: t('users.search.anyField') },
    },
    {
      title: t('users.search.match'),
      dataIndex: 'match',
      hideInTable: true,
      valueType: 'select',
      initialValue: 'prefix',
      valueEnum: Object.fromEntries(
        MATCH.map((match) => [match, { text: t(`users.search.matches.${match}`) }]),
      ),
      fieldProps: { allowClear: false },
    },
    {
      title: t('users.uid'),
      dataIndex: 'uid',
      search: false,
      render: (_, user) => <Link to={`/users/${user.uid}`}>{user.uid}</Link>,
    },
    { title: t('users.username'), dataIndex: 'username', search: false },
    {
      title: t('users.status'),
      dataIndex: 'status',
      search: false,
      render: (_, user) => <UserStatusBadge status={user.status} />,
    },
    {
      title: t('users.level'),
      dataIndex: 'level',
      search: false,
      render: (_, user) => <LevelTag name={user.levelName} />,
    },
    {
      title: t('users.inviteCode'),
      dataIndex: 'inviteCode',
      search: false,
      render: (_, user) => <Typography.Text code>{user.inviteCode}</Typography.Text>,
    },
    {
      title: t('users.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      render: (_, user) => formatDateTime(user.createdAt, locale, { seconds: false }),
    },
  ];

  return (
    <ProTable<UserSummary, Record<string, unknown>>
      rowKey="uid"
      columns={columns}
      dataSource={rows}
      loading={users.isFetching && !users.isFetchingNextPage}
      pagination={false}
      cardBordered
      search={{ labelWidth: 'auto', span: 6, collapseRender: false }}
      onSubmit={(values) => {
        const q = typeof values.q === 'string' ? values.q.trim() : '';
        setSearch({
          q: q === '' ? undefined : q,
          by: pick(BY, values.by),
          match: pick(MATCH, values.match),
        });
      }}
      onReset={() => {
        setSearch({});
      }}
      options={{ reload: () => void users.refetch(), density: false, setting: false }}
      locale={
        users.isError && rows === undefined
          ? { emptyText: <QueryError error={users.error} onRetry={() => void users.refetch()} /> }
          : undefined
      }
      footer={() => (
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {t('users.shown', { count: rows?.length ?? 0 })}
          </Typography.Text>
          {users.hasNextPage && (
            <Button loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
              {t('users.loadMore')}
            </Button>
          )}
        </Flex>
      )}
    />
  );
}
