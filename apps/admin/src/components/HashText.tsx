import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortenHash } from '@/lib/hash';

interface Props {
  value: string | null | undefined;
  /** Show it whole (detail views) rather than head…tail (table cells). */
  full?: boolean;
}

/** A hash or long id: shortened, the whole value on hover and copied whole. */
export function HashText({ value, full = false }: Props) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  return (
    <Typography.Text
      code
      title={value}
      style={full ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }}
      copyable={{ text: value, tooltips: [t('common.copy'), t('common.copied')] }}
    >
      {full ? value : shortenHash(value)}
    </Typography.Text>
  );
}
