import type { StaffChallenge } from '@ampere/contract/admin';
import { Alert, Flex, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { groupSecret } from '@/lib/hash';

type Enrolment = NonNullable<StaffChallenge['enrolment']>;

/**
 * First sign-in: the second factor's secret, once — as a QR code for the authenticator app and
 * as text to type, in groups of four. The QR code is drawn on a white ground in both themes:
 * scanners expect dark modules on light.
 */
export function EnrolmentPanel({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('signIn.enrolTitle')}
      </Typography.Title>
      <Flex gap={20} align="center">
        <div style={{ background: '#fff', padding: 8, borderRadius: 8, lineHeight: 0 }}>
          <QRCodeSVG
            value={enrolment.otpauthUri}
            size={152}
            role="img"
            aria-label={t('signIn.qrLabel')}
            title={t('signIn.qrLabel')}
          />
        </div>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{t('signIn.enrolStep1')}</li>
          <li>{t('signIn.enrolStep2')}</li>
          <li>{t('signIn.enrolStep3')}</li>
        </ol>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t('signIn.secret')}</Typography.Text>
        <Typography.Text
          code
          data-testid="totp-secret"
          style={{ fontSize: 15, whiteSpace: 'nowrap', alignSelf: 'flex-start' }}
          copyable={{ text: enrolment.secret, tooltips: [t('common.copy'), t('common.copied')] }}
        >
          {groupSecret(enrolment.secret)}
        </Typography.Text>
      </Flex>
      <Alert type="warning" showIcon message={t('signIn.enrolWarning')} />
    </Flex>
  );
}
