import type { AuditVerification } from '@ampere/contract/admin';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import { Alert, Button, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HashText } from '@/components/HashText';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { formatDateTime } from '@/lib/time';
import { useVerifyChain } from '../api/audit';

function VerificationResult({ result }: { result: AuditVerification }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { recordedHead, recordedHeadMatches } = result;
  let headline: string = t('audit.verify.ok');
  if (!result.ok) {
    headline =
      result.brokenAt === null
        ? t('audit.verify.failed')
        : t('audit.verify.broken', { id: result.brokenAt });
  }
  return (
    <>
      <Alert
        type={result.ok ? 'success' : 'error'}
        showIcon
        role="status"
        message={headline}
        style={{ marginBottom: 16 }}
      />
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('audit.verify.entries')}>{result.entries}</Descriptions.Item>
        <Descriptions.Item label={t('audit.verify.checkedAt')}>
          {formatDateTime(result.checkedAt, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.verify.headHash')} span={2}>
          <HashText value={result.headHash} full />
        </Descriptions.Item>
        {recordedHead === null ? (
          <Descriptions.Item label={t('audit.verify.recordedHead')} span={2}>
            {t('audit.verify.noRecordedHead')}
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={t('audit.verify.recordedHead')} span={2}>
              <HashText value={recordedHead.hash} full />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.verify.recordedEntries')}>
              {recordedHead.entries}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.verify.recordedAt')}>
              {formatDateTime(recordedHead.recordedAt, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.verify.recordedMatches')} span={2}>
              {recordedHeadMatches === true ? (
                <Tag color="success">{t('audit.verify.matches')}</Tag>
              ) : (
                <Tag color="error">{t('audit.verify.mismatch')}</Tag>
              )}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
    </>
  );
}

/** "Verify chain": the server recomputes every hash and link, and compares the recorded head. */
export function VerifyChainCard() {
  const { t } = useTranslation();
  const verify = useVerifyChain();
  return (
    <ProCard
      title={t('audit.verify.title')}
      bordered
      extra={
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined />}
          loading={verify.isPending}
          onClick={() => {
            verify.mutate();
          }}
        >
          {t('audit.verify.run')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('audit.verify.hint')}</Typography.Paragraph>
      {verify.isError && (
        <Alert type="error" showIcon role="alert" message={errorText(verify.error, t)} />
      )}
      {verify.data && <VerificationResult result={verify.data} />}
    </ProCard>
  );
}
