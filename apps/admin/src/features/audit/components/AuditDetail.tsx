import type { AuditEntryView } from '@ampere/contract/admin';
import { Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HashText } from '@/components/HashText';
import { JsonBlock } from './JsonBlock';

/**
 * One entry in full: its place in the chain, and what it recorded. A change's `before` and
 * `after` sit side by side; whatever else the entry holds follows as it is.
 */
export function AuditDetail({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  const { before, after, ...rest } = entry.detail;
  const hasChange = before !== undefined || after !== undefined;
  const hasRest = Object.keys(rest).length > 0;
  return (
    <div style={{ padding: '4px 8px' }}>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('audit.id')}>{entry.id}</Descriptions.Item>
        <Descriptions.Item label={t('audit.hash')}>
          <HashText value={entry.hash} full />
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.prevHash')}>
          <HashText value={entry.prevHash} full />
        </Descriptions.Item>
      </Descriptions>
      {hasChange && (
        <Row gutter={16} style={{ marginBottom: hasRest ? 12 : 0 }}>
          <Col span={12}>
            <Typography.Text type="secondary">{t('audit.before')}</Typography.Text>
            <JsonBlock value={before ?? null} />
          </Col>
          <Col span={12}>
            <Typography.Text type="secondary">{t('audit.after')}</Typography.Text>
            <JsonBlock value={after ?? null} />
          </Col>
        </Row>
      )}
      {hasRest && (
        <>
          <Typography.Text type="secondary">{t('audit.detail')}</Typography.Text>
          <JsonBlock value={rest} />
        </>
      )}
      {!hasChange && !hasRest && (
        <Typography.Text type="secondary">{t('audit.noDetail')}</Typography.Text>
      )}
    </div>
  );
}
