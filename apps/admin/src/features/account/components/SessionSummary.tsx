import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession, useSessionState } from '@/core/session';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';

/** When this session ends: after 30 idle minutes, and at the latest 12 hours after sign-in. */
export function SessionSummary() {
  const { t } = useTranslation();
  const session = useSession();
  const state = useSessionState();
  const locale = currentLocale();
  const idleEnds = state.status === 'signedIn' ? new Date(state.idleEndsMs).toISOString() : null;
  return (
    <Flex vertical gap={8}>
      <Descriptions column={1} styles={{ label: { width: 160 } }}>
        <Descriptions.Item label={t('member.idleEnds')}>
          {formatDateTime(idleEnds, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('member.maxEnds')}>
          {formatDateTime(session.expiresAt, locale)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('member.idleNote')}</Typography.Text>
    </Flex>
  );
}
