import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../hooks/useSignOut';

export function SignOutButtons() {
  const { t } = useTranslation();
  const { signOut: here, signOutEverywhere } = useSignOut();
  return (
    <Flex gap={8} wrap>
      <Button icon={<LogoutOutlined />} onClick={here}>
        {t('session.signOut')}
      </Button>
      <Button danger onClick={signOutEverywhere}>
        {t('session.signOutAll')}
      </Button>
    </Flex>
  );
}
