import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RoleTag } from '@/components/RoleTag';
import { useSession, useSessionState } from '@/core/session';
import { useSignOut } from '@/features/auth/hooks/useSignOut';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';

/** The header's member menu: who, until when, their account, and the two ways out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { staff, expiresAt } = useSession();
  const state = useSessionState();
  const { signOut, signOutEverywhere } = useSignOut();
  const locale = currentLocale();
  const idleEnds =
    state.status === 'signedIn' ? new Date(state.idleEndsMs).toISOString() : undefined;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'session',
            type: 'group',
            label: (
              <Flex vertical style={{ maxWidth: 280 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('header.idleEnds', { time: formatDateTime(idleEnds, locale) })}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('header.maxEnds', { time: formatDateTime(expiresAt, locale) })}
                </Typography.Text>
              </Flex>
            ),
          },
          { type: 'divider' },
          {
            key: 'account',
            icon: <UserOutlined />,
            label: t('nav.account'),
            onClick: () => void navigate('/account'),
          },
          { type: 'divider' },
          {
            key: 'signOut',
            icon: <LogoutOutlined />,
            label: t('session.signOut'),
            onClick: signOut,
          },
          {
            key: 'signOutAll',
            danger: true,
            icon: <LogoutOutlined />,
            label: t('session.signOutAll'),
            onClick: signOutEverywhere,
          },
        ],
      }}
    >
      <Button type="text" aria-label={t('header.accountMenu')} style={{ height: 40 }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{staff.username}</span>
          <RoleTag role={staff.role} />
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}
