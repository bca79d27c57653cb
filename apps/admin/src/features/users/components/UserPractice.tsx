import type { UserPractice as Practice } from '@ampere/contract/admin';
import { ProDescriptions } from '@ant-design/pro-components';
import { Alert, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/Amount';
import { QueryError } from '@/components/QueryError';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useUserPractice } from '../api/users';
import { UserOrders } from './UserLists';

/** Practice is amber wherever it is shown, as in the app: never read as real money. */
export const PRACTICE_COLOR = 'orange';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The user's practice book (virtual USDT, docs/trading-rules.md, Practice): its balance, resets
 * and practice orders in numbers, then the practice orders themselves — apart from real money,
 * which the Balances, Statement and Orders tabs show.
 */
export function UserPractice({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const query = useUserPractice(uid);
  if (query.isError && query.data === undefined)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Flex vertical gap={16} data-testid="user-practice">
      <Alert
        type="warning"
        showIcon
        message={
          <>
            <Tag color={PRACTICE_COLOR} bordered={false}>
              {t('users.practice.tag')}
            </Tag>
            {t('users.practice.note')}
          </>
        }
      />
      {query.data !== undefined &&
        (query.data.account === null ? (
          <Empty description={t('users.practice.notOpened')} />
        ) : (
          <PracticeBook practice={query.data} />
        ))}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('users.practice.orders')}
      </Typography.Title>
      <UserOrders uid={uid} book="practice" />
    </Flex>
  );
}

function PracticeBook({ practice }: { practice: Practice }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { account, orders } = practice;
  if (account === null) return null;
  const usdt = (value: string, signed = false) => (
    <Amount value={value} currency="usdt" signed={signed} showCurrency />
  );
  const Item = ProDescriptions.Item;
  return (
    <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} bordered size="small">
      <Item label={t('users.practice.available')}>{usdt(account.available)}</Item>
      <Item label={t('users.practice.inOrder')}>{usdt(account.inOrder)}</Item>
      <Item label={t('users.practice.start')}>{usdt(account.start)}</Item>
      <Item label={t('users.practice.resets')}>{account.resets}</Item>
      <Item label={t('users.practice.lastReset')}>
        {account.lastResetAt === null
          ? t('users.practice.never')
          : formatDateTime(iso(account.lastResetAt), locale)}
      </Item>
      <Item label={t('users.practice.nextReset')}>
        {account.nextResetAt === null
          ? t('users.practice.resetNow')
          : formatDateTime(iso(account.nextResetAt), locale)}
      </Item>
      <Item label={t('users.practice.ordersTotal')}>{orders.total}</Item>
      <Item label={t('users.practice.ordersOpen')}>{orders.open}</Item>
      <Item label={t('users.practice.wonLost')}>
        {t('users.practice.wonLostValue', { won: orders.won, lost: orders.lost })}
      </Item>
      <Item label={t('users.practice.staked')}>{usdt(orders.staked)}</Item>
      <Item label={t('users.practice.net')}>{usdt(orders.net, true)}</Item>
    </ProDescriptions>
  );
}
