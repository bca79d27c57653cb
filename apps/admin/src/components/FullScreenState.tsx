import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The whole window for one thing: the launch check's spinner, or what stands in for the app. */
export function FullScreenState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      {children ?? <Spin size="large" aria-label={t('common.loading')} />}
    </Flex>
  );
}
