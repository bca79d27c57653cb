import { Card, Flex, Space, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';

/** The frame of the pages before the shell: sign-in and the forced password change. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      style={{ minHeight: '100vh', background: token.colorBgLayout, padding: '16px 24px' }}
    >
      <Flex justify="end">
        <Space size={4}>
          <LanguageSwitch />
          <ThemeSwitch />
        </Space>
      </Flex>
      <Flex
        flex={1}
        vertical
        align="center"
        justify="center"
        gap={24}
        style={{ paddingBottom: 64 }}
      >
        <Flex align="center" gap={12}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={40} height={40} />
          <Flex vertical>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('app.name')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </Flex>
        </Flex>
        <Card style={{ width: 460, maxWidth: '100%' }} title={title}>
          {children}
        </Card>
      </Flex>
    </Flex>
  );
}
