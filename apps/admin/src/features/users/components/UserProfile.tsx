import { CURRENCIES, LEVELS, type CurrencyKey } from '@ampere/contract';
import type { UserDetail } from '@ampere/contract/admin';
import { ProDescriptions } from '@ant-design/pro-components';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, currencyName } from '@/components/Amount';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { LevelTag, UserStatusBadge } from './UserTags';

/** Who the user is: identity, status, level, referral links and when they joined. */
export function UserProfile({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { user, counts } = detail;
  return (
    <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} bordered size="small">
      <ProDescriptions.Item label={t('users.uid')}>
        <Typography.Text copyable>{user.uid}</Typography.Text>
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.username')}>{user.username}</ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.status')}>
        <UserStatusBadge status={user.status} />
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.level')}>
        <LevelTag name={user.levelName} />
        {user.levelFloor > 0 && (
          <Typography.Text type="secondary">
            {t('users.levelFloor', {
              level: t(`users.levels.${LEVELS[user.levelFloor] ?? 'ordinary'}`),
            })}
          </Typography.Text>
        )}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.inviteCode')}>
        <Typography.Text code copyable>
          {user.inviteCode}
        </Typography.Text>
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.referrer')}>
        {user.referrer ? (
          <Link to={`/users/${user.referrer.uid}`}>
            {user.referrer.username} ({user.referrer.uid})
          </Link>
        ) : (
          t('common.none')
        )}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.referrals')}>{counts.referrals}</ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.fundPassword')}>
        {user.fundPasswordSet ? t('common.yes') : t('common.no')}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.creditScore')}>{user.creditScore}</ProDescriptions.Item>
      <ProDescriptions.Item label={t('users.createdAt')}>
        {formatDateTime(user.createdAt, locale)}
      </ProDescriptions.Item>
    </ProDescriptions>
  );
}

interface BalanceRow {
  currency: CurrencyKey;
  available: string;
  inOrder: string;
  earnPrincipal: string;
  withdrawHold: string;
  total: string;
}

/** Each currency's balance per purpose, as the ledger holds it. */
export function UserBalances({ balances }: { balances: UserDetail['balances'] }) {
  const { t } = useTranslation();
  const rows: BalanceRow[] = CURRENCIES.map(({ key }) => {
    const b = balances[key];
    return {
      currency: key,
      available: b.available,
      inOrder: b.frozen.inOrder,
      earnPrincipal: b.frozen.earnPrincipal,
      withdrawHold: b.frozen.withdrawHold,
      total: b.total,
    };
  });
  const amount = (key: keyof Omit<BalanceRow, 'currency'>) => ({
    title: t(`users.balances.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (_: unknown, row: BalanceRow) => <Amount value={row[key]} currency={row.currency} />,
  });
  return (
    <Table<BalanceRow>
      rowKey="currency"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: t('users.balances.currency'),
          dataIndex: 'currency',
          render: (_, row) => currencyName(row.currency),
        },
        amount('available'),
        amount('inOrder'),
        amount('earnPrincipal'),
        amount('withdrawHold'),
        amount('total'),
      ]}
    />
  );
}
