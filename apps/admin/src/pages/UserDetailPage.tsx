import { PageContainer } from '@ant-design/pro-components';
import { Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryError } from '@/components/QueryError';
import { useUser } from '@/features/users/api/users';
import { UserActions } from '@/features/users/components/UserActions';
import {
  UserLogins,
  UserOrders,
  UserReferrals,
  UserStatement,
} from '@/features/users/components/UserLists';
import { UserPractice } from '@/features/users/components/UserPractice';
import { UserBalances, UserProfile } from '@/features/users/components/UserProfile';

/**
 * One user: profile and actions, then balances, statement, orders, the practice book (apart from
 * real money), sign-ins and referrals.
 */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const uid = useParams().uid ?? '';
  const user = useUser(uid);
  const detail = user.data;

  return (
    <PageContainer
      title={detail ? `${detail.user.username} · ${detail.user.uid}` : t('users.detailTitle')}
      onBack={() => void navigate('/users')}
      loading={user.isPending}
      extra={detail ? <UserActions user={detail.user} /> : undefined}
    >
      {user.isError && detail === undefined ? (
        <QueryError error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        detail && (
          <Flex vertical gap={16}>
            <Card>
              <UserProfile detail={detail} />
            </Card>
            <Card>
              <Tabs
                destroyOnHidden
                items={[
                  {
                    key: 'balances',
                    label: t('users.tabs.balances'),
                    children: <UserBalances balances={detail.balances} />,
                  },
                  {
                    key: 'statement',
                    label: t('users.tabs.statement'),
                    children: <UserStatement uid={uid} />,
                  },
                  {
                    key: 'orders',
                    label: t('users.tabs.orders'),
                    children: <UserOrders uid={uid} />,
                  },
                  {
                    key: 'practice',
                    label: t('users.tabs.practice'),
                    children: <UserPractice uid={uid} />,
                  },
                  {
                    key: 'logins',
                    label: t('users.tabs.logins'),
                    children: <UserLogins uid={uid} />,
                  },
                  {
                    key: 'referrals',
                    label: t('users.tabs.referrals', { count: detail.counts.referrals }),
                    children: <UserReferrals uid={uid} />,
                  },
                ]}
              />
            </Card>
          </Flex>
        )
      )}
    </PageContainer>
  );
}
